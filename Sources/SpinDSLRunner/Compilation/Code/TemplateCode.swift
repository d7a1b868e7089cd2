import SpinDSLFrontEnd

/// A render line (`Template`) with its holes compiled.
package struct TemplateCode: Sendable {
    private enum Segment: Sendable {
        case text(String)
        case hole(CompiledExpression)
    }

    private let segments: [Segment]

    package init(_ template: Template) {
        segments = template.segments.map { segment in
            switch segment {
            case .text(let text): .text(text)
            case .hole(let expression): .hole(CompiledExpression(expression))
            }
        }
    }

    /// The rendered line: the text, each hole's value formatted as its type is.
    package func render(_ context: borrowing EvaluationContext) throws(EvaluationError) -> String {
        var out = ""
        for segment in segments {
            switch segment {
            case .text(let text): out += text
            case .hole(let compiled): out += try compiled.evaluateFormatted(context)
            }
        }
        return out
    }
}
