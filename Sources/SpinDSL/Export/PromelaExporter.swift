/// `spinrun --promela`: a spec as a Promela model for SPIN, so that a spec whose states outgrow one
/// machine can be checked with SPIN's bitstate and swarm searches (docs/checking.md, "The Promela
/// mapping").
///
/// One move of `spinrun --check` is one `d_step` of the model: an input with a payload of its
/// domain, or time moving to the next deadline, and then every event the spin feeds itself
/// reduced to the end, in the runtime's order. So SPIN stores exactly the checker's states: the
/// variables between `d_step`s are the control state, the data and the timers (time left, and the
/// order they were armed), every temporary back at 0. An invariant is an `assert` after every
/// step; a value outside a field's range is an `assert` before it is stored; a dead end is SPIN's
/// invalid end state (a state where every spin that must finish has finished loops on `timeout`).
///
/// What is exported: any number of spins without gears; int (with a `range`, the smallest type
/// that holds it; without, SPIN's 32-bit `int`), bool and enum data; inputs with their payloads;
/// and, in a spec of one spin, the feedback rules that emit: level triggers and `becomes`/`enter`
/// at once, `becomes`/`enter` with a fixed `after`, and a fixed `every` (strategy `cancel`).
/// `render` rules are left out (they print, they change nothing). Anything else is reported.
public enum PromelaExporter {
    /// What exporting a spec came to.
    public enum Outcome: Sendable {
        /// The model's text.
        case success(String)
        /// The problems that keep the spec from being exported, located.
        case failure([Diagnostic])
    }

    /// The model, or the problems that keep the spec from being exported.
    public static func promela(_ compiled: CompiledSpec) -> Outcome {
        var writer = PromelaWriter(compiled)
        let problems = writer.checkExportable()
        guard problems.isEmpty else { return .failure(problems) }
        return .success(writer.text())
    }
}
