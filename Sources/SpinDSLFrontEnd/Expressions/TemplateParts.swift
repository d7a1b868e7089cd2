/// A render line such as `left={left} right={right}`: literal text with `{expression}` holes,
/// over the type of its holes: checked trees in the model (`Template`), code once the runner has
/// compiled them (`TemplateCode`).
///
/// Syntax: `{` starts a hole, which runs to the next `}` outside a string literal; its text is an
/// expression of any type, rendered with `SpinValue.formatted(as:)`. `{{` and `}}` stand for literal
/// braces. A lone `}`, an unclosed `{` and an empty hole are errors. Diagnostics inside a hole point
/// into it, at the column of the offending part of the expression.
package struct TemplateParts<Hole: Sendable>: Sendable {
    /// One piece of a template.
    package enum Segment: Sendable {
        /// Text copied verbatim (escaped braces already resolved).
        case text(String)
        /// A hole; its value is formatted according to its static type.
        case hole(Hole)
    }

    /// The pieces in order.
    package let segments: [Segment]

    /// The same template with each hole transformed (compiled).
    package func map<Other>(_ transform: (Hole) -> Other) -> TemplateParts<Other> {
        TemplateParts<Other>(segments: segments.map { segment in
            switch segment {
            case .text(let text): .text(text)
            case .hole(let hole): .hole(transform(hole))
            }
        })
    }
}

/// A render line, its holes checked.
package typealias Template = TemplateParts<TypedExpression>

extension TemplateParts where Hole == TypedExpression {
    /// The checked expressions of all holes, in order (for static analysis: fields read, etc.).
    var expressions: [TypedExpression] {
        segments.compactMap {
            if case .hole(let expression) = $0 { return expression }
            return nil
        }
    }

    /// Parses and checks `text`, whose first character is at `location`. Reports every hole's errors.
    static func parse(
        _ text: String, at location: SourceLocation, layout: SourceLayout? = nil, in scope: ExpressionScope
    ) -> (template: Template?, diagnostics: [Diagnostic]) {
        let scalars = Array(text.unicodeScalars)
        let positions = TextPositions(scalars, base: location, layout: layout)
        var segments: [Segment] = []
        var diagnostics: [Diagnostic] = []
        var literal = String.UnicodeScalarView()
        var offset = 0
        func peek(_ at: Int) -> Unicode.Scalar? { at < scalars.count ? scalars[at] : nil }

        while offset < scalars.count {
            let scalar = scalars[offset]
            if scalar == "{", peek(offset &+ 1) == "{" {
                literal.append("{")
                offset &+= 2
                continue
            }
            if scalar == "}" {
                if peek(offset &+ 1) == "}" {
                    literal.append("}")
                    offset &+= 2
                    continue
                }
                diagnostics.append(Diagnostic(.unmatchedBrace, at: positions.location(at: offset)))
                offset &+= 1
                continue
            }
            guard scalar == "{" else {
                literal.append(scalar)
                offset &+= 1
                continue
            }
            // A hole: find its closing brace, skipping string literals, which may contain braces.
            let open = offset
            var end = offset &+ 1
            var quote: Unicode.Scalar?
            while end < scalars.count {
                let c = scalars[end]
                if let q = quote {
                    if c == "\\" { end &+= 1 } else if c == q { quote = nil }
                } else if c == "\"" || c == "'" {
                    quote = c
                } else if c == "}" {
                    break
                }
                end &+= 1
            }
            guard end < scalars.count else {
                diagnostics.append(Diagnostic(.unclosedBrace, at: positions.location(at: open)))
                break
            }
            if !literal.isEmpty {
                segments.append(.text(String(literal)))
                literal = String.UnicodeScalarView()
            }
            let source = scalars.text((open &+ 1)..<end)
            if source.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
                diagnostics.append(Diagnostic(.emptyTemplateHole, at: positions.location(at: open)))
            } else {
                let (checked, holeDiagnostics) = ExpressionChecker.check(
                    source, at: positions.location(at: open &+ 1), layout: positions.layout(of: (open &+ 1)..<end), in: scope)
                diagnostics += holeDiagnostics
                if let checked { segments.append(.hole(checked)) }
            }
            offset = end &+ 1
        }
        if !literal.isEmpty {
            segments.append(.text(String(literal)))
        }
        return diagnostics.isEmpty ? (Template(segments: segments), []) : (nil, diagnostics)
    }
}
