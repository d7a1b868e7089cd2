import SpinDSLFrontEnd
import SpinDSLRunner

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
/// `render` rules are left out (they print, they change nothing). Anything else is reported, and
/// so is a model past SPIN's limits (`PromelaLimits`), which `spin -a` would refuse.
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
        let text = writer.text()
        let tooLong = tooLong(writer, text)
        return tooLong.isEmpty ? .success(text) : .failure(tooLong)
    }

    /// The spins whose part of the model is longer than SPIN takes (`PromelaLimits`), one
    /// problem per spin, at its name: SPIN would refuse the model (`spin -a` stops).
    private static func tooLong(_ writer: PromelaWriter, _ text: String) -> [Diagnostic] {
        let model = writer.model
        var excesses = writer.stepTooLong.sorted().map { spin in
            PromelaLimits.Excess(
                part: "inline s\(spin)_step", spin: spin, size: PromelaLimits.inlineCharacters &+ 1,
                limit: PromelaLimits.inlineCharacters, statements: false)
        }
        if excesses.isEmpty {
            excesses = PromelaLimits.excesses(in: text, dStepSpins: writer.dStepSpins, dStepNames: writer.dStepNames)
        }
        let advice = "a step of fewer rows (in a statechart, of fewer parallel regions and configurations) is shorter"
        var problems: [Diagnostic] = []
        var reported: Set<Int> = []
        for excess in excesses where model.spins.indices.contains(excess.spin) && reported.insert(excess.spin).inserted {
            let spin = model.spins[excess.spin]
            let why: String
            if excess.statements {
                why = "SPIN would refuse its model: \(excess.part) has \(excess.size) statements, "
                    + "more than the \(excess.limit) SPIN takes in a d_step (MAXDSTEP in SPIN's dstep.c: 'd_step sequence too long'); "
                    + advice
            } else if writer.stepTooLong.contains(excess.spin) {
                why = "SPIN would refuse its model: its step (\(excess.part)) is longer than the \(excess.limit) characters "
                    + "SPIN reads of an inline (SOMETHINGBIG in SPIN's spin.h: 'inline text too long'); "
                    + advice
            } else {
                why = "SPIN would refuse its model: \(excess.part) is \(excess.size) characters, "
                    + "more than the \(excess.limit) SPIN reads of an inline (SOMETHINGBIG in SPIN's spin.h: 'inline text too long'); "
                    + advice
            }
            problems.append(Diagnostic(.notExportable, at: spin.name.location, ["what": "spin '\(spin.name)'", "why": why]))
        }
        return problems
    }
}
