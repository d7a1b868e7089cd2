/// A condition on one spin's state that ends a run (`spinrun --until EXPR`).
public struct UntilCondition: Sendable {
    let spinIndex: Int
    let expression: CompiledExpression

    /// Compiles `text` as a bool expression on the spin named `spin` (the first spin when nil).
    /// Returns the diagnostics when it does not compile.
    public static func compile(_ text: String, spin: String?, in model: SpecModel) -> (condition: UntilCondition?, diagnostics: [Diagnostic]) {
        let location = SourceLocation(file: "--until", line: 1, column: 1)
        guard let index = spin.map({ name in model.spins.firstIndex { $0.name.text == name } }) ?? (model.spins.isEmpty ? nil : 0) else {
            return (nil, [Diagnostic(
                .unknownSpin, at: location, ["spin": spin ?? ""], suggestion: Suggestion.hint(for: spin ?? "", in: model.spins.map(\.name.text)))])
        }
        let spinModel = model.spins[index]
        let scope = ExpressionScope(
            dataFields: spinModel.fields.map { ($0.name.text, $0.type) },
            controlStates: spinModel.controlType,
            enumTypes: spinModel.fields.compactMap { if case .enumeration(let type) = $0.type { return type } else { return nil } })
        let (compiled, diagnostics) = CompiledExpression.compile(text, at: location, in: scope, expecting: .bool)
        return (compiled.map { UntilCondition(spinIndex: index, expression: $0) }, diagnostics)
    }

    func holds(_ state: SpecState) -> Bool {
        (try? expression.evaluateBool(state.context)) ?? false
    }
}
