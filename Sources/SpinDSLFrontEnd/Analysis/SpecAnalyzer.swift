/// The static analyses of a resolved spec: problems that are not about names or types (the
/// resolver's job) but about what the machine can do.
///
/// - unreachable control states (error)
/// - non-final control states with no way out (error)
/// - transitions that can never fire (warning)
/// - events that nothing can emit (warning)
/// - rows that never fire because earlier rows always fire first (warning)
/// - gear events that are propagated but never caught, or caught but never propagated (warning)
/// - for a statechart: rows from one region of a parallel state into another (error), rows that an
///   inner state's unguarded row always preempts (warning); reachability and ways out are over the
///   configurations of active states
///
/// The analyses are conservative where they ignore guards: a state reached only through a guarded
/// row still counts as reachable, because the analyzer cannot tell whether the guard can hold. The
/// only guard it evaluates is the literal `false`, which it treats as "this row does not exist" so
/// that one mistake is reported once, at the row, rather than also as a bogus way in or way out.
package struct SpecAnalyzer {
    /// All findings for `model`, ordered by spin (document order), then by source location. Findings
    /// at the same location keep the order the checks run in.
    package static func analyze(_ model: SpecModel) -> [Diagnostic] {
        let gearUse = GearUse(model)
        var result: [Diagnostic] = []
        for spin in model.spins {
            var found = SpinAnalysis(spin).diagnostics
            found += gearUse.diagnostics(for: spin)
            found += unsimulatedEffects(in: spin)
            found += StatechartChecks.diagnostics(for: spin)
            // A row on several events is a model per event: a finding about the row as written is
            // found for each, and reported once.
            var seen = Set<Diagnostic>()
            result += stableSortedByLocation(found).filter { seen.insert($0).inserted }
        }
        return result
    }

    /// Named effects without `simulate` run only where a host program binds them: `spinrun` and
    /// tests cannot run them, so say so before a run fails on it.
    private static func unsimulatedEffects(in spin: SpinModel) -> [Diagnostic] {
        spin.feedbacks.flatMap(\.cases).compactMap { rule in
            guard case let .effect(name, simulate) = rule.action, simulate == nil else { return nil }
            return Diagnostic(.effectWithoutSimulate, at: rule.declaration.location, ["effect": name])
        }
    }

    /// Sorts by location, keeping the original order of diagnostics at the same location
    /// (`sort(by:)` is not guaranteed to be stable).
    private static func stableSortedByLocation(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated()
            .sorted { lhs, rhs in
                if lhs.element.location != rhs.element.location { return lhs.element.location < rhs.element.location }
                return lhs.offset < rhs.offset
            }
            .map(\.element)
    }
}
