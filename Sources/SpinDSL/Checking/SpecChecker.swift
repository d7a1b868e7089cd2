/// `spinrun --check` as a library: explores every reachable state of a compiled spec and reports
/// invariants that do not hold, run-time errors, dead ends and spins that never settle, each with
/// its shortest counterexample (docs/checking.md).
public struct SpecChecker: Sendable {
    public let compiled: CompiledSpec

    public init(_ compiled: CompiledSpec) {
        self.compiled = compiled
    }

    /// What the spec needs before it can be checked: every int, double or string payload field of
    /// an input needs `values` (errors, located at the field's type).
    public var diagnostics: [Diagnostic] {
        var found: [Diagnostic] = []
        for spin in compiled.model.spins {
            for (eventIndex, event) in spin.events.enumerated() where event.isInput {
                let declared = spin.declaration.events.indices.contains(eventIndex) ? spin.declaration.events[eventIndex] : nil
                for (index, field) in event.fields.enumerated() {
                    let values = index < event.payloadValues.count ? event.payloadValues[index] : nil
                    guard values == nil, Explorer.domain(field.type, values: nil).isEmpty else { continue }
                    let location = declared.flatMap { $0.fields.indices.contains(index) ? $0.fields[index].typeLocation : nil } ?? field.name.location
                    found.append(CheckMessages.payloadWithoutValues(field: field.name, event: event.name.text, type: field.type, at: location))
                }
            }
        }
        return found
    }

    /// Explores; call only when `diagnostics` has no error.
    public func check(_ options: CheckOptions = CheckOptions()) -> CheckResult {
        Explorer(compiled, options: options).run()
    }
}
