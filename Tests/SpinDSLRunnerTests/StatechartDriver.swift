import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// Runs a statechart spin's pure reducer and internal-event source without the core, the way the
/// core's drainer runs them (issue 17's contract): after the start and after every step, the
/// source is asked first and its events are reduced until it answers nil; only then is the next
/// event from outside reduced. Each step is recorded as `event (source): states data`.
struct StatechartDriver {
    let spin: SpinModel
    let table: ReducerTable
    private(set) var state: SpecState
    /// Every step so far: `go (input): [a, b] log=xy`, `(eventless): …`, `done.P (raised): …`,
    /// with ` (unchanged)` for a step that changed nothing.
    private(set) var steps: [String] = []

    /// Loads `yaml` (which must have no error) and enters the initial configuration.
    init(_ yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let spec = TestSpec.load(text: yaml, path: "chart.yaml")
        let model = try #require(spec.model, "\(spec.renderedDiagnostics)", sourceLocation: sourceLocation)
        let compiled = CompiledSpec(model)
        spin = model.spins[0]
        table = compiled.tables[0]
        state = table.initialState(of: spin)
        settle()
    }

    /// The active leaves and the data fields, as the summary writes them: `[a, b] x=1`.
    var description: String {
        let leaves = spin.controlName(state.control) ?? ""
        let data = spin.dataText(state.data)
        return data.isEmpty ? leaves : leaves + " " + data
    }

    /// Reduces the internal events until the source has none (at most 1,000).
    mutating func settle() {
        for _ in 0..<1000 {
            guard let (event, source) = table.internalEvent(state) else { return }
            step(event, source: source)
        }
        Issue.record("the internal events did not settle")
    }

    /// Reduces an event from outside, then settles.
    mutating func send(_ name: String, _ payload: [SpinValue] = []) {
        guard let kind = spin.eventIndex(named: name) else {
            Issue.record("unknown event \(name)")
            return
        }
        step(SpecEvent(kind: kind, payload: payload), source: "input")
        settle()
    }

    private mutating func step(_ event: SpecEvent, source: String) {
        let changed = table.reduceStatechart(&state, event)
        let name = spin.eventName(event)
        var line = (name.isEmpty ? "" : name + " ") + "(\(source)): " + description
        if let fault = state.fault { line += " fault: \(fault.message)" }
        if !changed { line += " (unchanged)" }
        steps.append(line)
    }
}
