import SpinDSLFrontEnd
import SpinDSLRunner

/// `spinrun --check` as a library: explores every reachable state of a compiled spec and reports
/// invariants that do not hold, run-time errors, dead ends and spins that never settle, each with
/// its shortest counterexample (docs/checking.md).
public struct SpecChecker: Sendable {
    public let compiled: CompiledSpec
    /// The longest string an expression may make, as in a run (`spinrun --max-string-bytes`):
    /// a longer one is the run-time error `[#StringTooLong]` in the checker's moves too.
    public let maxStringBytes: Int

    public init(_ compiled: CompiledSpec, maxStringBytes: Int = SpecRunOptions.defaultMaxStringBytes) {
        self.compiled = compiled
        self.maxStringBytes = maxStringBytes
    }

    /// What the spec needs before it can be checked with the default options (`problems(_:)`).
    public var diagnostics: [Diagnostic] {
        problems(CheckOptions())
    }

    /// What the spec needs before it can be checked with `options`: every int, double or string
    /// payload field of an input needs `values` (errors, located at the field's type), and no
    /// input may have more than `options.maxPayloads` payloads (located at the event).
    public func problems(_ options: CheckOptions) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for spin in compiled.model.spins {
            for (eventIndex, event) in spin.events.enumerated() where event.isInput {
                let declared = spin.declaration.events.indices.contains(eventIndex) ? spin.declaration.events[eventIndex] : nil
                var complete = true
                for (index, field) in event.fields.enumerated() {
                    let values = index < event.payloadValues.count ? event.payloadValues[index] : nil
                    guard values == nil, Explorer.domain(field.type, values: nil).isEmpty else { continue }
                    let location = declared.flatMap { $0.fields.indices.contains(index) ? $0.fields[index].typeLocation : nil } ?? field.name.location
                    found.append(CheckMessages.payloadWithoutValues(field: field.name, event: event.name.text, type: field.type, at: location))
                    complete = false
                }
                if complete, Explorer.hasTooManyPayloads(event, limit: options.maxPayloads) {
                    let count = Explorer.payloadCount(of: event).map(String.init) ?? "more than 2^63"
                    found.append(Diagnostic(.tooManyPayloads, at: event.name.location, [
                        "event": event.name.text, "count": count, "limit": options.maxPayloads,
                    ]))
                }
            }
        }
        return found
    }

    /// Explores; call only when `diagnostics` has no error.
    public func check(_ options: CheckOptions = CheckOptions()) -> CheckResult {
        Explorer(compiled, options: options, maxStringBytes: maxStringBytes).run()
    }
}
