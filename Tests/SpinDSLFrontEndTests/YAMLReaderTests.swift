import Testing
@testable import SpinDSLFrontEnd

private let path = testSpecPath

private func read(_ text: String, limits: YAMLLimits = .init()) -> YAMLReadResult {
    YAMLReader(limits: limits).read(SourceFile(path: path, text: text))
}

/// The rendered diagnostics, as a user would see them.
private func rendered(_ text: String, limits: YAMLLimits = .init()) -> String {
    let result = read(text, limits: limits)
    return DiagnosticRenderer(sources: [SourceFile(path: path, text: text)]).render(result.diagnostics)
}

@Suite struct YAMLReaderPositionTests {
    @Test func blockMappingPositionsAndStyles() throws {
        let result = read("""
            name: counter
            count: 42
            items:
              - first
              - 'second'
              - "third"
            nested:
              key: value
            """)
        #expect(result.diagnostics.isEmpty)
        let root = try #require(result.document)
        #expect(root.location == at(1, 1))
        let entries = try #require(root.mapping)
        #expect(entries.map { $0.key.scalar?.value } == ["name", "count", "items", "nested"])
        #expect(entries.map { $0.key.location } == [at(1, 1), at(2, 1), at(3, 1), at(7, 1)])

        let name = try #require(root["name"]?.scalar)
        #expect(name == YAMLScalar(value: "counter", style: .plain, contentLocation: at(1, 7)))
        #expect(root["name"]?.location == at(1, 7))
        #expect(root["count"]?.location == at(2, 8))
        #expect(root["count"]?.scalar?.asInt() == 42)

        let items = try #require(root["items"])
        #expect(items.location == at(4, 3))
        let sequence = try #require(items.sequence)
        #expect(sequence.map(\.location) == [at(4, 5), at(5, 5), at(6, 5)])
        #expect(sequence.map { $0.scalar?.value } == ["first", "second", "third"])
        #expect(sequence.map { $0.scalar?.style } == [.plain, .singleQuoted, .doubleQuoted])
        #expect(sequence.map { $0.scalar?.contentLocation } == [at(4, 5), at(5, 6), at(6, 6)])

        let nested = try #require(root["nested"])
        #expect(nested.location == at(8, 3))
        #expect(nested.entry(for: "key")?.key.location == at(8, 3))
        #expect(nested["key"]?.location == at(8, 8))
        #expect(root["missing"] == nil)
        #expect(root["items"]?["key"] == nil)
        #expect(root.sequence == nil)
        #expect(root.scalar == nil)
    }

    @Test func quotedScalarsAreUnescapedAndKeepTheirContentColumn() throws {
        let root = try #require(read(#"expr: "a\tb"  # comment"# + "\nsingle: 'it''s'\n").document)
        let expr = try #require(root["expr"]?.scalar)
        #expect(expr.value == "a\tb")
        #expect(root["expr"]?.location == at(1, 7))
        #expect(expr.contentLocation == at(1, 8))
        let single = try #require(root["single"]?.scalar)
        #expect(single.value == "it's")
        #expect(single.contentLocation == at(2, 10))
    }

    /// Each character of a scalar not laid out as written, placed where it was written (issue 14,
    /// item 26): `(offset in the value, line, column)`.
    @Test(arguments: [
        // Escapes of double quotes stand for one character each, at their backslash.
        (#"k: "\u0020\u0020n + zz""#, [(0, 1, 5), (1, 1, 11), (2, 1, 17), (6, 1, 21)]),
        // '' in single quotes stands for one quote.
        ("k: 'it''s zz'", [(2, 1, 7), (3, 1, 9), (5, 1, 11)]),
        // A plain scalar folded over three lines: the folding space at the end of its line.
        ("k: a and\n  b and\n   zz", [(5, 1, 9), (6, 2, 3), (11, 2, 8), (12, 3, 4), (13, 3, 5)]),
        // A literal block keeps its breaks and more-indented spaces; its indentation is not text.
        ("k: |\n  a and\n    zz\n", [(0, 2, 3), (5, 2, 8), (6, 3, 3), (8, 3, 5)]),
        // A folded block with an empty line: one break for it, no folding space.
        ("k: >\n  a\n\n  zz\n", [(0, 2, 3), (1, 2, 4), (2, 4, 3)]),
        // An escaped line break in double quotes stands for nothing.
        ("k: \"a\\\n   zz\"", [(0, 1, 5), (1, 2, 4)]),
        // (Typed: inferring the type of this literal took the compiler 100 s of every build.)
    ] as [(String, [(Int, Int, Int)])])
    func scalarsNotLaidOutAsWrittenHaveALayout(text: String, places: [(Int, Int, Int)]) throws {
        let scalar = try #require(read(text).document?["k"]?.scalar)
        let layout = try #require(scalar.layout, "\(scalar.value)")
        for (offset, line, column) in places {
            #expect(layout.position(at: offset) == (line, column), "offset \(offset) of \(scalar.value.debugDescription)")
        }
    }

    @Test func scalarsLaidOutAsWrittenHaveNoLayout() throws {
        let root = try #require(read("a: plain text\nb: \"quoted\"\nc: 'single'\nd: |\n  one line\n").document)
        for key in ["a", "b", "c", "d"] {
            #expect(root[key]?.scalar?.layout == nil, "\(key)")
        }
    }

    @Test func blockScalarsLocateTheirFirstContentLine() throws {
        let root = try #require(read("""
            script: |
              let x = 1
              x + 2
            folded: >-

                indented start
                continues
            explicit: |2
                two extra
            empty: |
            after: 1
            """).document)
        let script = try #require(root["script"]?.scalar)
        #expect(script == YAMLScalar(value: "let x = 1\nx + 2\n", style: .literal, contentLocation: at(2, 3)))
        #expect(root["script"]?.location == at(1, 9))

        let folded = try #require(root["folded"]?.scalar)
        #expect(folded == YAMLScalar(value: "\nindented start continues", style: .folded, contentLocation: at(6, 5)))
        #expect(root["folded"]?.location == at(4, 9))

        let explicit = try #require(root["explicit"]?.scalar)
        #expect(explicit.value == "  two extra\n")
        #expect(explicit.contentLocation == at(9, 3))

        // No content line: the indicator is the best position there is.
        let empty = try #require(root["empty"]?.scalar)
        #expect(empty == YAMLScalar(value: "", style: .literal, contentLocation: at(10, 8)))
        #expect(root["after"]?.location == at(11, 8))
    }

    @Test func anchorsAndTagsAreNotPartOfTheNodeLocation() throws {
        let root = try #require(read("""
            a: &x "quoted"
            b: !!str 42
            c: &m
              k: v
            d: &e
            """).document)
        #expect(root["a"]?.location == at(1, 7))
        #expect(root["a"]?.scalar?.contentLocation == at(1, 8))
        #expect(root["b"]?.location == at(2, 10))
        #expect(root["b"]?.tag == "tag:yaml.org,2002:str")
        #expect(root["b"]?.scalar?.value == "42")
        #expect(root["a"]?.tag == nil)
        #expect(root["c"]?.location == at(4, 3))
        // An empty node has no text of its own and stays at its anchor.
        #expect(root["d"]?.location == at(5, 4))
        #expect(root["d"]?.scalar?.isNull == true)
    }

    @Test func jsonInputIsReadWithPositions() throws {
        let result = read("""
            {"name": "counter", "values": [1, -2.5, true, null],
             "nested": {"k": "v"}}
            """)
        #expect(result.diagnostics.isEmpty)
        let root = try #require(result.document)
        #expect(root.location == at(1, 1))
        #expect(root.mapping?.map { $0.key.scalar?.value } == ["name", "values", "nested"])
        #expect(root.entry(for: "name")?.key.location == at(1, 2))
        #expect(root.entry(for: "name")?.key.scalar?.style == .doubleQuoted)
        #expect(root["name"]?.location == at(1, 10))
        #expect(root["name"]?.scalar?.contentLocation == at(1, 11))
        let values = try #require(root["values"]?.sequence)
        #expect(root["values"]?.location == at(1, 31))
        #expect(values.map(\.location) == [at(1, 32), at(1, 35), at(1, 41), at(1, 47)])
        #expect(values[0].scalar?.asInt() == 1)
        #expect(values[1].scalar?.asDouble() == -2.5)
        #expect(values[2].scalar?.asBool() == true)
        #expect(values[3].scalar?.isNull == true)
        #expect(root.entry(for: "nested")?.key.location == at(2, 2))
        #expect(root["nested"]?["k"]?.location == at(2, 18))
    }

    @Test func byteOrderMarkIsSkippedAndDoesNotShiftColumns() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("key: value\nnext: 2\n".utf8)
        let result = YAMLReader().read(bytes: bytes, path: path)
        #expect(result.diagnostics.isEmpty)
        let root = try #require(result.document)
        #expect(root.entry(for: "key")?.key.location == at(1, 1))
        #expect(root["key"]?.location == at(1, 6))
        #expect(root["key"]?.scalar?.value == "value")
        #expect(root["next"]?.location == at(2, 7))
    }

    @Test func emptyFilesAndCommentOnlyFilesHaveNoDocumentAndNoDiagnostics() {
        for text in ["", "\n\n", "# just a comment\n  # another\n"] {
            let result = read(text)
            #expect(result.document == nil, "\(text.debugDescription)")
            #expect(result.diagnostics.isEmpty, "\(text.debugDescription)")
        }
        let empty = YAMLReader().read(bytes: [], path: path)
        #expect(empty.document == nil)
        #expect(empty.diagnostics.isEmpty)
    }

    @Test func crlfLineBreaksCountOnce() throws {
        let root = try #require(read("a: 1\r\nb: |\r\n  text\r\nc: 'x'\r\n").document)
        #expect(root["a"]?.location == at(1, 4))
        #expect(root.entry(for: "b")?.key.location == at(2, 1))
        #expect(root["b"]?.scalar == YAMLScalar(value: "text\n", style: .literal, contentLocation: at(3, 3)))
        #expect(root["c"]?.scalar?.contentLocation == at(4, 5))
    }

    @Test(.timeLimit(.minutes(1))) func largeDocumentsAreReadInFull() throws {
        let text = (0..<20_000).map { "- item\($0)\n" }.joined()
        let items = try #require(read(text).document?.sequence)
        #expect(items.count == 20_000)
        #expect(items.last?.scalar?.value == "item19999")
        #expect(items.last?.location == at(20_000, 3))
    }

    @Test func mergeKeyIsAnOrdinaryKey() throws {
        let root = try #require(read("base: &b {x: 1}\nderived:\n  <<: *b\n  y: 2\n").document)
        let derived = try #require(root["derived"])
        #expect(derived.mapping?.map { $0.key.scalar?.value } == ["<<", "y"])
        #expect(derived["x"] == nil)
        #expect(derived["<<"]?["x"]?.scalar?.value == "1")
    }
}

@Suite struct YAMLReaderAliasTests {
    @Test func aliasesCopyTheAnchoredNode() throws {
        let result = read("""
            base: &b
              x: 1
            copy: *b
            list: [&s hi, *s]
            """)
        #expect(result.diagnostics.isEmpty)
        let root = try #require(result.document)
        let copy = try #require(root["copy"])
        // The copy itself is where the alias is; what is inside keeps the original positions.
        #expect(copy.location == at(3, 7))
        #expect(copy.entry(for: "x")?.key.location == at(2, 3))
        #expect(copy["x"]?.scalar?.value == "1")
        #expect(copy.mapping == root["base"]?.mapping)
        let list = try #require(root["list"]?.sequence)
        #expect(list.map { $0.scalar?.value } == ["hi", "hi"])
        #expect(list.map(\.location) == [at(4, 11), at(4, 15)])
        #expect(list[1].scalar?.contentLocation == at(4, 11))
    }

    @Test func aliasOfATaggedScalarKeepsTheTag() throws {
        let root = try #require(read("a: &v !!str 12\nb: *v\n").document)
        #expect(root["b"]?.tag == "tag:yaml.org,2002:str")
        #expect(root["b"]?.location == at(2, 4))
        #expect(root["b"]?.scalar?.value == "12")
        #expect(root["b"]?.scalar?.contentLocation == at(1, 13))
    }

    @Test func undefinedAliasIsReportedAtTheAlias() {
        let text = "base: &base 1\nvalue: *bas\nother: *nothing\n"
        #expect(read(text).document == nil)
        #expect(rendered(text) == """
            spec.yaml:2:8: error: undefined alias '*bas' [#UndefinedAlias]
                value: *bas
                       ^
            hint: did you mean '*base'?
            spec.yaml:3:8: error: undefined alias '*nothing' [#UndefinedAlias]
                other: *nothing
                       ^
            hint: define the anchor with '&nothing' before the alias uses it

            """)
    }

    @Test func recursiveAliasIsReported() {
        #expect(rendered("a: &a [1, *a]\n") == """
            spec.yaml:1:11: error: recursive alias '*a' [#RecursiveAlias]
                a: &a [1, *a]
                          ^
            hint: an alias cannot refer to a collection that contains it

            """)
    }

    static let billionLaughs = """
        a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
        b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
        c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
        d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
        e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
        f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
        g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
        h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
        i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
        """

    @Test(.timeLimit(.minutes(1))) func billionLaughsIsStoppedBeforeAnythingIsExpanded() {
        let result = read(Self.billionLaughs)
        #expect(result.document == nil)
        // Alias copies: b..f come to 672,588 nodes; g's first *f (597,871 nodes) would pass 1,000,000.
        #expect(rendered(Self.billionLaughs) == """
            spec.yaml:7:8: error: alias expansion exceeds the limit of 1000000 nodes (possible alias bomb) [#AliasExpansionLimit]
                g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
                       ^
            hint: raise the limit if the document really is this large: spinrun --max-alias-nodes N (YAMLLimits.maxNodes)

            """)
    }

    @Test func nodeLimitCountsAliasCopiesExactly() throws {
        // The alias stands for a 3-node sequence; the 6 nodes written are not counted.
        let text = "a: &a [1, 2]\nb: *a\n"
        #expect(read(text, limits: YAMLLimits(maxNodes: 3)).document != nil)
        let result = read(text, limits: YAMLLimits(maxNodes: 2))
        #expect(result.document == nil)
        #expect(result.diagnostics == [Diagnostic(
            .aliasExpansionLimit, at: at(2, 4), message: "alias expansion exceeds the limit of 2 nodes (possible alias bomb)",
            hint: "raise the limit if the document really is this large: spinrun --max-alias-nodes N (YAMLLimits.maxNodes)")])
        // Copies of copies count in full: *b is worth b's 1 + 2 × 3 nodes.
        let nested = "a: &a [1, 2]\nb: &b [*a, *a]\nc: *b\n"
        #expect(read(nested, limits: YAMLLimits(maxNodes: 13)).document != nil)
        #expect(read(nested, limits: YAMLLimits(maxNodes: 12)).diagnostics.map(\.location) == [at(3, 4)])
    }

    @Test func nodesWrittenInTheDocumentAreNotCounted() {
        // A large spec without aliases is bounded by maxBytes, not by the alias limit.
        let plain = read("[1, 2, 3]", limits: YAMLLimits(maxNodes: 1))
        #expect(plain.diagnostics.isEmpty)
        #expect(plain.document?.sequence?.count == 3)
    }
}

@Suite struct YAMLReaderErrorTests {
    @Test func duplicateKeyPointsAtTheSecondKey() {
        let text = "x: 1\nnested:\n  y: 2\n  y: 3\nx: 4\n"
        #expect(read(text).document == nil)
        #expect(rendered(text) == """
            spec.yaml:4:3: error: duplicate key 'y' [#DuplicateKey]
                  y: 3
                  ^
            hint: first defined at line 3:3
            spec.yaml:5:1: error: duplicate key 'x' [#DuplicateKey]
                x: 4
                ^
            hint: first defined at line 1:1

            """)
    }

    @Test func quotedAndPlainSpellingsOfAKeyAreTheSameKey() {
        let result = read("{\"a\": 1, a: 2}")
        #expect(result.diagnostics.map(\.message) == ["duplicate key 'a'"])
        #expect(result.diagnostics.map(\.location) == [at(1, 10)])
    }

    @Test func nonScalarKeysAreRejected() {
        let text = "[a, b]: 1\n"
        #expect(read(text).document == nil)
        #expect(rendered(text) == """
            spec.yaml:1:1: error: mapping keys must be scalars [#ComplexMappingKey]
                [a, b]: 1
                ^
            hint: use a plain name as the key; complex keys such as '[a, b]: x' are not supported

            """)
    }

    @Test func tabIndentationGetsAClearMessage() {
        let text = "states:\n\tidle: 1\n"
        #expect(read(text).document == nil)
        #expect(rendered(text) == """
            spec.yaml:2:1: error: YAML syntax error: tab character used for indentation [#TabIndentation]
                \tidle: 1
                ^
            hint: indent with spaces; YAML does not allow tabs for indentation

            """)
    }

    @Test func syntaxErrorUsesLibyamlsProblemAndContext() {
        let text = "key: value\n@bad: 1\n"
        #expect(read(text).document == nil)
        #expect(rendered(text) == """
            spec.yaml:2:1: error: YAML syntax error: found character that cannot start any token (while scanning for the next token) [#YAMLSyntax]
                @bad: 1
                ^

            """)
        let unclosed = read("a: 1\nb: [1, 2\n")
        #expect(unclosed.diagnostics.map(\.message) == [
            "YAML syntax error: did not find expected ',' or ']' (while parsing a flow sequence)",
        ])
    }

    @Test func unterminatedQuoteSaysWhereItOpened() {
        let result = read("a: 1\nb: \"open\n")
        #expect(result.diagnostics == [Diagnostic(
            .unclosedQuotedScalar, at: at(3, 1),
            message: "YAML syntax error: found unexpected end of stream (while scanning a quoted scalar)",
            hint: "the quoted scalar opened at line 2:4 is never closed")])
    }

    @Test(.timeLimit(.minutes(1))) func deepNestingIsStoppedAtTheLimit() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let result = read(text)
        #expect(result.document == nil)
        #expect(result.diagnostics == [Diagnostic(
            .nestingTooDeep, at: at(1, 513), message: "nesting deeper than 512 levels",
            hint: "raise the limit if the document really nests this deep: spinrun --max-depth N (YAMLLimits.maxDepth)")])
        // Exactly at the limit is fine.
        let limit = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(read(limit).document != nil)
        #expect(read("a:\n  b:\n    c: 1\n", limits: YAMLLimits(maxDepth: 2)).diagnostics.map(\.location) == [at(3, 5)])
    }

    @Test func oversizedInputIsRejectedBeforeParsing() {
        let result = read("a: [1, 2, 3]\n", limits: YAMLLimits(maxBytes: 8))
        #expect(result.document == nil)
        #expect(result.diagnostics == [Diagnostic(
            .specTooLarge, at: at(1, 1), message: "input is 13 bytes, more than the limit of 8 bytes",
            hint: "raise the limit if the file really is this large: spinrun --max-spec-bytes N (YAMLLimits.maxBytes)")])
    }

    @Test func secondDocumentIsAnError() {
        let text = "a: 1\n---\nb: 2\n"
        #expect(read(text).document == nil)
        #expect(rendered(text) == """
            spec.yaml:2:1: error: a spec file holds one YAML document [#MultipleDocuments]
                ---
                ^
            hint: remove the '---' separator or move the second document into its own file

            """)
        // A single explicitly started document is fine.
        #expect(read("---\na: 1\n...\n").document?["a"]?.scalar?.value == "1")
    }

    @Test func invalidUTF8IsADiagnosticNotACrash() {
        let bytes = Array("name: ok\nbad: ".utf8) + [0xFF, 0x41] + Array("\n".utf8)
        let result = YAMLReader().read(bytes: bytes, path: path)
        #expect(result.document == nil)
        #expect(result.diagnostics == [Diagnostic(
            .invalidUTF8, at: at(2, 6), message: "invalid UTF-8: invalid leading UTF-8 octet (byte 0xFF at offset 14)",
            hint: "save the file as UTF-8")])
        let truncated = YAMLReader().read(bytes: Array("k: é".utf8).dropLast(), path: path)
        #expect(truncated.diagnostics.map(\.message) == ["invalid UTF-8: incomplete UTF-8 octet sequence (at offset 3)"])
    }

    @Test func invalidUTF8AfterAByteOrderMarkIsPositionedLikeLibyamlColumns() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("é: ".utf8) + [0xC3, 0x28]
        let result = YAMLReader().read(bytes: bytes, path: path)
        #expect(result.diagnostics == [Diagnostic(
            .invalidUTF8, at: at(1, 4), message: "invalid UTF-8: invalid trailing UTF-8 octet (byte 0x28 at offset 8)",
            hint: "save the file as UTF-8")])
    }

    @Test func controlCharactersAreReported() {
        let result = read("a: \u{07}\n")
        #expect(result.diagnostics == [Diagnostic(
            .yamlReaderError, at: at(1, 4), message: "YAML reader error: control characters are not allowed (U+0007)")])
    }
}

@Suite struct YAMLScalarAccessorTests {
    private func plain(_ value: String) -> YAMLScalar {
        YAMLScalar(value: value, style: .plain, contentLocation: at(1, 1))
    }

    @Test func integers() {
        #expect(plain("42").asInt() == 42)
        #expect(plain("-7").asInt() == -7)
        #expect(plain("+3").asInt() == 3)
        #expect(plain("007").asInt() == 7)
        #expect(plain("0x1F").asInt() == 31)
        #expect(plain("0xff").asInt() == 255)
        #expect(plain("0o17").asInt() == 15)
        #expect(plain("9223372036854775807").asInt() == Int64.max)
        #expect(plain("-9223372036854775808").asInt() == Int64.min)
        #expect(plain("9223372036854775808").asInt() == nil)
        #expect(plain("-9223372036854775809").asInt() == nil)
        #expect(plain("0x8000000000000000").asInt() == nil)
        #expect(plain("99999999999999999999999").asInt() == nil)
        for text in ["", "-", "+", "0x", "0xG", "-0x1", "1_000", "1.0", "1e3", " 1", "0b1", "0o8"] {
            #expect(plain(text).asInt() == nil, "\(text.debugDescription)")
        }
        #expect(YAMLScalar(value: "42", style: .doubleQuoted, contentLocation: at(1, 1)).asInt() == nil)
    }

    @Test func doubles() throws {
        #expect(plain("1").asDouble() == 1)
        #expect(plain("-2.5").asDouble() == -2.5)
        #expect(plain(".5").asDouble() == 0.5)
        #expect(plain("+.5").asDouble() == 0.5)
        #expect(plain("1.").asDouble() == 1)
        #expect(plain("6.02e23").asDouble() == 6.02e23)
        #expect(plain("1E-3").asDouble() == 0.001)
        #expect(plain("0x10").asDouble() == 16)
        #expect(plain(".inf").asDouble() == .infinity)
        #expect(plain("+.Inf").asDouble() == .infinity)
        #expect(plain("-.INF").asDouble() == -.infinity)
        #expect(try #require(plain(".nan").asDouble()).isNaN)
        #expect(try #require(plain(".NaN").asDouble()).isNaN)
        for text in ["", ".", "inf", "nan", "NaN", "Infinity", "1e", "1e+", "0x1p3", "1.2.3", "e5", "-.nan", "1e999"] {
            #expect(plain(text).asDouble() == nil, "\(text.debugDescription)")
        }
        #expect(YAMLScalar(value: "1.5", style: .singleQuoted, contentLocation: at(1, 1)).asDouble() == nil)
    }

    @Test func booleansAreOnlyTrueAndFalse() {
        for text in ["true", "True", "TRUE"] { #expect(plain(text).asBool() == true) }
        for text in ["false", "False", "FALSE"] { #expect(plain(text).asBool() == false) }
        for text in ["no", "yes", "on", "off", "NO", "y", "tRUE", "1", ""] {
            #expect(plain(text).asBool() == nil, "\(text.debugDescription)")
        }
        #expect(YAMLScalar(value: "true", style: .doubleQuoted, contentLocation: at(1, 1)).asBool() == nil)
    }

    @Test func nulls() {
        for text in ["", "~", "null", "Null", "NULL"] { #expect(plain(text).isNull, "\(text.debugDescription)") }
        for text in ["nil", "none", "NuLL", "0"] { #expect(!plain(text).isNull, "\(text.debugDescription)") }
        #expect(!YAMLScalar(value: "null", style: .singleQuoted, contentLocation: at(1, 1)).isNull)
    }

    @Test func readScalarsStayUntyped() throws {
        let root = try #require(read("country: NO\nanswer: '42'\nhex: 0x1F\nempty:\n").document)
        #expect(root["country"]?.scalar?.value == "NO")
        #expect(root["country"]?.scalar?.asBool() == nil)
        #expect(root["answer"]?.scalar?.asInt() == nil)
        #expect(root["answer"]?.scalar?.value == "42")
        #expect(root["hex"]?.scalar?.asInt() == 31)
        #expect(root["empty"]?.scalar?.isNull == true)
    }
}
