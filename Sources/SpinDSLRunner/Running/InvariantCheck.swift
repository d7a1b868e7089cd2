import SpinDSLFrontEnd

/// The invariants of every spin of a spec, evaluated on a state after each step, in runs and in
/// `spinrun --check` alike.
package struct InvariantCheck: Sendable {
    /// What evaluating a spin's invariants on a state came to, when it is not "all hold".
    package enum Outcome: Sendable, Equatable {
        /// The first invariant, in declaration order, that does not hold.
        case violated(InvariantFailure)
        /// An invariant could not be evaluated (overflow, division by zero): a run-time error.
        case fault(SpecFault)
    }

    /// Each spin's name and invariants, in document order. Kept apart from the `SpinModel`s so
    /// that a check per state copies nothing (copying a model retains every one of its fields:
    /// that was a third of `--check`'s time on a model with one invariant).
    private let spins: [(name: String, invariants: [InvariantModel])]
    /// Per spin, each invariant's condition compiled, for locating an error (`conditions` is the
    /// same code without the locations).
    private let compiled: [[CompiledExpression]]
    /// Per spin, the code of each invariant's condition, called through an unmanaged reference
    /// (`CompiledCode`): a closure loaded from an array is retained and released around each call,
    /// and the closures are the model's, shared by the parallel search's threads, whose atomic
    /// counts on one cache line cost more than the condition.
    private let conditions: [[Unmanaged<CompiledCode>]]
    /// What keeps `conditions` alive: objects of this check's own.
    private let codes: [[CompiledCode]]
    /// The longest string an invariant may make (`--max-string-bytes`), as in the run's steps.
    private let maxStringBytes: Int
    /// Whether any spin has an invariant: a run without them asks nothing per step.
    package let isEmpty: Bool

    package init(_ model: SpecModel, maxStringBytes: Int) {
        spins = model.spins.map { ($0.name.text, $0.invariants) }
        let compiled = model.spins.map { $0.invariants.map { CompiledExpression($0.condition) } }
        self.compiled = compiled
        let codes = compiled.map { $0.map { CompiledCode(guard: $0) } }
        self.codes = codes
        conditions = codes.map { $0.map { Unmanaged.passUnretained($0) } }
        self.maxStringBytes = maxStringBytes
        isEmpty = model.spins.allSatisfy(\.invariants.isEmpty)
    }

    /// Nil when every invariant of spin `spin` holds in `state` (a faulted state is the fault's
    /// business, not the invariants').
    package func check(_ state: borrowing SpecState, spin: Int) -> Outcome? {
        guard spins.indices.contains(spin), !state.hasFault else { return nil }
        let conditions = conditions[spin]
        // One view of the state's data for all of them (a context per invariant would copy, and
        // so retain and release, the data array each time); indices rather than `for in`, whose
        // iterator copies each model.
        let control = state.control, maxStringBytes = maxStringBytes
        let failing: (index: Int, error: EvaluationError?)? = state.data.withUnsafeBufferPointer { data in
            let view = EvaluationView(data: data, event: EvaluationView.noFields, state: control, maxStringBytes: maxStringBytes)
            for index in conditions.indices {
                do throws(EvaluationError) {
                    if try !conditions[index].withGuaranteed({ (code) throws(EvaluationError) in try code.bool(view) }) { return (index, nil) }
                } catch {
                    // Evaluated again for the error located at the invariant (the raw code's is
                    // not): a condition is pure, so it fails the same way.
                    do throws(EvaluationError) {
                        _ = try compiled[spin][index].evaluateBool(view)
                        return (index, error)
                    } catch {
                        return (index, error)
                    }
                }
            }
            return nil
        }
        guard let failing else { return nil }
        if let error = failing.error { return .fault(SpecFault(error)) }
        let invariant = spins[spin].invariants[failing.index]
        return .violated(InvariantFailure(
            spin: spins[spin].name, name: invariant.name.text, location: invariant.name.location,
            condition: invariant.text))
    }
}
