/// The front end's step after resolution: works out the microsteps of each spin that needs more
/// than the flat table (`Statechart.build`) and stores them in the spin's model.
///
/// It runs on a model without errors only: its planning assumes every name and expression
/// resolved. A spin whose microsteps exceed `Statechart.microstepLimit` is reported
/// (`[#TooManyMicrosteps]`) and keeps no statechart; the caller then drops the model, as for any
/// error.
package enum StatechartLowering {
    /// Lowers each spin of `model` that needs a statechart; returns what went wrong. A spin may
    /// have up to `microstepLimit` microsteps.
    package static func lower(_ model: inout SpecModel, microstepLimit: Int = Statechart.microstepLimit) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for index in model.spins.indices {
            let spin = model.spins[index]
            // The states `enter` rules watch: a row that exits and re-enters one must be seen.
            var watched = Set<Int>()
            for feedback in spin.feedbacks {
                for rule in feedback.cases {
                    if case .enter(let states) = rule.trigger { watched.formUnion(states) }
                }
            }
            guard Statechart.isNeeded(tree: spin.tree, transitions: spin.transitions, events: spin.events, watched: watched) else {
                continue
            }
            do throws(Statechart.Failure) {
                model.spins[index].statechart = try Statechart.build(
                    tree: spin.tree, configurations: spin.configurations, transitions: spin.transitions, events: spin.events,
                    fieldCount: spin.fields.count, watched: watched, limit: microstepLimit)
            } catch {
                diagnostics.append(Diagnostic(
                    .tooManyMicrosteps, at: spin.name.location, ["spin": spin.name, "limit": microstepLimit]))
            }
        }
        return diagnostics
    }
}
