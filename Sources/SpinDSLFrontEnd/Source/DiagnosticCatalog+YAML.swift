extension DiagnosticCatalog {
    /// The entries of the groups found while reading a spec file and parsing its YAML.
    static let yaml: KeyValuePairs<DiagnosticGroup, DiagnosticEntry> = [
        .fileNotFound: .error(
            "cannot read '{path}': no such file", hint: "check the path; a relative path starts from the current directory",
            explanation: "The spec file (or an events or trace file given to spinrun) does not exist at that path.",
            wrong: "spinrun --validate Specs/turnstyle.yaml",
            right: "spinrun --validate Specs/turnstile.yaml",
            origin: .command),
        .specIsDirectory: .error(
            "'{path}' is a directory, not a spec file", hint: "give the path of a .yaml or .json spec file",
            explanation: "The path names a directory. spinrun reads one spec file per path; a shell glob such as Specs/*.yaml names each file.",
            wrong: "spinrun --validate Specs",
            right: "spinrun --validate Specs/turnstile.yaml",
            origin: .command),
        .permissionDenied: .error(
            "cannot read '{path}': permission denied",
            explanation: "The file exists but the user running spinrun may not read it.",
            wrong: "chmod 000 spec.yaml; spinrun --validate spec.yaml",
            right: "chmod 644 spec.yaml; spinrun --validate spec.yaml",
            origin: .unreproducible("tests may run as root, who reads every file")),
        .fileUnreadable: .error(
            "cannot read '{path}'",
            explanation: "The file could not be read: it does not exist, it is not a regular file, or reading it failed. For a spec file, the checks before reading say which; an events file (--events) or a recorded trace (--replay) is reported with this message alone.",
            wrong: "spinrun --events missing.events Specs/turnstile.yaml",
            right: "spinrun --events Tests/SpinrunTests/Fixtures/coins.events Specs/turnstile.yaml",
            origin: .command),
        .symbolicLinkLoop: .error(
            "cannot read '{path}': too many levels of symbolic links", hint: "a symbolic link on the path leads back to itself; point it at the spec file",
            explanation: "Following the path's symbolic links goes round in a loop (a link to itself, or two links to each other), so no file is reached.",
            wrong: "spinrun --validate Tests/SpinrunTests/Fixtures/hostile/link-loop.yaml",
            right: "spinrun --validate Specs/turnstile.yaml",
            origin: .command),
        .nothingToRead: .error(
            "nothing could be read from '{path}': it is not a regular file, and it ended at once",
            hint: "a pipe gives what its writer wrote: start the program that writes the spec first, or give a regular file",
            explanation: "The path names a pipe (a named pipe, /dev/stdin fed by a pipe) or a device, which gave no bytes: nothing writes to the named pipe, the writer closed it without writing, or the device (such as /dev/null) is empty. spinrun does not wait for a writer that may never come.",
            wrong: "spinrun --validate /dev/null",
            right: "spinrun --validate Specs/turnstile.yaml",
            origin: .command),
        .specTooLarge: .error(
            "input is {size} bytes, more than the limit of {limit} bytes",
            hint: "raise the limit if the file really is this large: spinrun --max-spec-bytes N (YAMLLimits.maxBytes)",
            explanation: "The file is larger than the limit on spec size, so it is refused before it is read into memory. The limit guards against runaway or hostile input; the default (64 MiB) is far above any hand-written spec.",
            wrong: "spinrun --max-spec-bytes 100 --validate Specs/turnstile.yaml",
            right: "spinrun --validate Specs/turnstile.yaml",
            origin: .command),
        .yamlOutOfMemory: .error(
            "out of memory while {activity}",
            explanation: "libyaml could not allocate memory while reading the spec. The other limits (--max-spec-bytes, --max-alias-nodes, --max-depth) normally stop a document long before this.",
            wrong: "A spec so large that the machine runs out of memory while it is parsed.",
            right: "A spec within the limits, on a machine with memory to spare.",
            origin: .unreproducible("it needs the machine to run out of memory")),
        .invalidUTF8: .error(
            "invalid UTF-8: {problem}", hint: "save the file as UTF-8",
            explanation: "A spec is text in UTF-8. The byte named is not part of a valid UTF-8 character, which usually means the file was saved in another encoding (Latin-1, UTF-16).",
            wrong: "A spec saved as Latin-1, whose 'é' is the single byte 0xE9.",
            right: "The same spec saved as UTF-8, where 'é' is the two bytes 0xC3 0xA9.",
            origin: .unreproducible("the bytes of the wrong example cannot be written in a Swift string")),
        .yamlReaderError: .error(
            "YAML reader error: {problem}",
            explanation: "The file holds a character YAML does not allow in a document, such as a control character other than tab, newline and carriage return.",
            wrong: "A spec with a NUL or BEL (U+0007) byte pasted into a name.",
            right: "The same spec without the control character.",
            origin: .unreproducible("the example's control character would be printed raw by --explain")),
        .tabIndentation: .error(
            "YAML syntax error: tab character used for indentation",
            hint: "indent with spaces; YAML does not allow tabs for indentation",
            explanation: "YAML indents with spaces only; a tab at the start of a line is a syntax error. Tabs are allowed inside a line.",
            wrong: "spin: Counter\ndata:\n\tcount: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }",
            right: Example.counter),
        .unclosedQuotedScalar: .error(
            "YAML syntax error: {problem}", hint: "the quoted scalar opened at line {line}:{column} is never closed",
            explanation: "A quoted string has no closing quote, so YAML reads to the end of the file looking for it. The hint names where the string opens.",
            wrong: """
                spin: Counter
                description: "counts ticks
                data:
                  count: 0
                events: [tick]
                inputs: [tick]
                transitions:
                  - { on: tick, set: { count: count + 1 } }
                """,
            right: """
                spin: Counter
                description: "counts ticks"
                data:
                  count: 0
                events: [tick]
                inputs: [tick]
                transitions:
                  - { on: tick, set: { count: count + 1 } }
                """),
        .yamlSyntax: .error(
            "YAML syntax error: {problem}",
            explanation: "The file is not well-formed YAML; libyaml's message says what it expected and where. Common causes: a missing ',' or ']' in a flow list, a ':' inside an unquoted value, or wrong indentation.",
            wrong: "spin: Counter\ndata:\n  count: 0\nevents: [tick\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }",
            right: Example.counter),
        .multipleDocuments: .error(
            "a spec file holds one YAML document",
            hint: "remove the '---' separator or move the second document into its own file",
            explanation: "A '---' line starts a second YAML document. A spec file is one document; several spins go under 'spins:' in that one document.",
            wrong: Example.counter + "\n---\nspin: Other",
            right: Example.counter),
        .nestingTooDeep: .error(
            "nesting deeper than {limit} levels",
            hint: "raise the limit if the document really nests this deep: spinrun --max-depth N (YAMLLimits.maxDepth)",
            explanation: "Mappings and lists are nested deeper than the limit. No spec needs more than a few levels; the limit (default 512) keeps hostile input from exhausting the stack.",
            wrong: "spinrun --max-depth 2 --validate Specs/turnstile.yaml",
            right: "spinrun --validate Specs/turnstile.yaml",
            origin: .command),
        .recursiveAlias: .error(
            "recursive alias '*{name}'", hint: "an alias cannot refer to a collection that contains it",
            explanation: "An alias ('*name') inside the collection its anchor ('&name') marks would make an infinite document.",
            wrong: "spin: Counter\ndata: &fields\n  count: 0\n  copy: *fields\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }",
            right: Example.counter),
        .undefinedAlias: .error(
            "undefined alias '*{name}'", hint: "define the anchor with '&{name}' before the alias uses it",
            explanation: "An alias ('*name') repeats the node marked with the anchor '&name', which must come before it in the file.",
            wrong: """
                spin: Lamp
                states: [off, on]
                events: [toggle]
                inputs: [toggle]
                transitions:
                  - { from: off, on: toggle, to: on }
                  - { from: on, on: *toggle, to: off }
                """,
            right: Example.lamp),
        .aliasExpansionLimit: .error(
            "alias expansion exceeds the limit of {limit} nodes (possible alias bomb)",
            hint: "raise the limit if the document really is this large: spinrun --max-alias-nodes N (YAMLLimits.maxNodes)",
            explanation: "Aliases repeat the nodes their anchors mark; nested, a few lines can stand for billions of nodes (an 'alias bomb'). The nodes aliases expand to are counted and limited (default 1,000,000).",
            wrong: """
                spin: Counter
                description: &a [x, x, x, x, x, x, x, x, x, x]
                render: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
                script: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
                states: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
                inputs: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
                events: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]
                """,
            right: Example.counter),
        .complexMappingKey: .error(
            "mapping keys must be scalars", hint: "use a plain name as the key; complex keys such as '[a, b]: x' are not supported",
            explanation: "YAML allows a list or a mapping as a key; a spec's keys are names.",
            wrong: "spin: Counter\ndata:\n  [count, total]: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }",
            right: Example.counter),
        .keyTooLong: .error(
            "a key of {length} characters is longer than YAML allows",
            hint: "YAML limits a key to 1024 characters: a longer one is read as a value, and the ':' after it is a syntax error; shorten the name",
            explanation: "YAML (and libyaml, which reads specs) allows a mapping key of at most 1024 characters written without '?'. A longer key is read as a plain value, and the ':' that follows it is then reported as \"mapping values are not allowed in this context\", or in a flow mapping as a missing ',' or '}'. This error points at the key instead. Names that long are generated by mistake: no spec needs one.",
            wrong: "spin: Counter\ndata:\n  " + String(repeating: "c", count: 1100) + ": 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick }",
            right: Example.counter),
        .duplicateKey: .error(
            "duplicate key '{key}'", hint: "first defined at line {line}:{column}",
            explanation: "A key appears twice in one mapping. YAML would keep one of the values silently; a spec reports it, since one of the two is a mistake.",
            wrong: Example.counter(count: "0\n  count: 1"),
            right: Example.counter),
        .unsupportedTag: .error(
            "unsupported YAML tag '{tag}'",
            hint: "remove the tag; a spec understands only the core schema's !!str, !!int, !!float, !!bool, !!null, !!seq and !!map",
            explanation: "A YAML tag says what type a value is. A spec's values are strings, numbers, booleans, lists and mappings, so only the YAML core schema's tags mean anything in one; any other tag (!!binary, !!timestamp, a custom !tag) is refused rather than silently ignored, since ignoring it would read the value as something other than what its author said it is.",
            wrong: Example.counter(count: "!!binary AAAA"),
            right: Example.counter),
        .tagMismatch: .error(
            "{kind} is not a value of tag '{tag}'",
            hint: "drop the tag, or write a value of its type",
            explanation: "A core schema tag is honoured: !!int \"5\" is the int 5, !!str 42 the string \"42\". A value the tag does not fit (!!int on 'abc', !!seq on a scalar) is an error rather than being read some other way.",
            wrong: Example.counter(count: "!!int zero"),
            right: Example.counter(count: "!!int \"0\"")),
        .integerLiteralTooLarge: .error(
            "integer literal '{value}' does not fit in a 64-bit integer",
            hint: "integers range from -9223372036854775808 to 9223372036854775807; write a double such as 1e19 if one is meant",
            explanation: "Integers are 64-bit; a literal outside their range (in data or in an expression) is refused rather than rounded or wrapped.",
            wrong: Example.counter(count: "99999999999999999999"),
            right: Example.counter),
    ]
}
