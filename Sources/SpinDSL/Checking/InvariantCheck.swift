/// The invariants of every spin of a spec, evaluated on a state after each step, in runs and in
/// `spinrun --check` alike.
struct InvariantCheck: Sendable {
    /// What evaluating a spin's invariants on a state came to, when it is not "all hold".
    enum Outcome: Sendable, Equatable {
        /// The first invariant, in declaration order, that does not hold.
        case violated(InvariantFailure)
        /// An invariant could not be evaluated (overflow, division by zero): a run-time error.
        case fault(SpecFault)
    }

    private let spins: [SpinModel]
    /// The longest string an invariant may make (`--max-string-bytes`), as in the run's steps.
    private let maxStringBytes: Int
    /// Whether any spin has an invariant: a run without them asks nothing per step.
    let isEmpty: Bool

    init(_ model: SpecModel, maxStringBytes: Int) {
        spins = model.spins
        self.maxStringBytes = maxStringBytes
        isEmpty = model.spins.allSatisfy(\.invariants.isEmpty)
    }

    /// Nil when every invariant of spin `spin` holds in `state` (a faulted state is the fault's
    /// business, not the invariants').
    func check(_ state: SpecState, spin: Int) -> Outcome? {
        guard spins.indices.contains(spin), !state.hasFault else { return nil }
        let model = spins[spin]
        for invariant in model.invariants {
            do throws(EvaluationError) {
                if try !invariant.condition.evaluateBool(state.context(maxStringBytes)) {
                    return .violated(InvariantFailure(
                        spin: model.name.text, name: invariant.name.text, location: invariant.name.location,
                        condition: invariant.text))
                }
            } catch {
                return .fault(SpecFault(error))
            }
        }
        return nil
    }
}
