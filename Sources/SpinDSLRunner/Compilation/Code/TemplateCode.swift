import SpinDSLFrontEnd

/// A render line with its holes compiled.
package typealias TemplateCode = TemplateParts<CompiledExpression>

extension TemplateParts where Hole == CompiledExpression {
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
