/// The cases of a feedback whose rules are all level-triggered and immediate: in each state, the
/// first case that holds acts.
///
/// Called on every state, so it touches no reference count: the tests are called through
/// `Unmanaged` references (this object keeps them alive), and a case that emits an event without
/// payload returns it as a prepared constant instead of calling its action (which only the other
/// cases need).
final class LevelCases: Sendable {
    private let tests: [LevelTest]
    private let testRefs: [Unmanaged<LevelTest>]
    /// The event of each case that emits one without payload; nil for the others.
    private let constants: [SpecEvent?]
    private let acts: [@Sendable (SpecState, [SpinValue]) -> SpecEvent?]

    /// `cases` in order: each case's test, its constant event if it has one, and its action.
    init(_ cases: [(test: LevelTest, constant: SpecEvent?, act: @Sendable (SpecState, [SpinValue]) -> SpecEvent?)]) {
        tests = cases.map(\.test)
        testRefs = tests.map { Unmanaged.passUnretained($0) }
        constants = cases.map(\.constant)
        acts = cases.map(\.act)
    }

    /// The event of the first case that holds in `state`; the failure of the first test that
    /// throws; nil when none holds or the state is faulted.
    func event(for state: SpecState) -> SpecEvent? {
        guard !state.hasFault else { return nil }
        for index in testRefs.indices {
            do throws(EvaluationError) {
                guard try testRefs[index].withGuaranteed({ test throws(EvaluationError) in try test.holds(state) }) else { continue }
            } catch {
                return .failure(SpecFault(error))
            }
            if let constant = constants[index] { return constant }
            return acts[index](state, [])
        }
        return nil
    }
}
