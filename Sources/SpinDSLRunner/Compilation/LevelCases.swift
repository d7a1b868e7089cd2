import SpinDSLFrontEnd

/// The cases of a feedback whose rules are all level-triggered and immediate: in each state, the
/// first case that holds acts.
///
/// Called on every state, so it touches no reference count: the tests are called through
/// `Unmanaged` references (this object keeps them alive), and a case that emits an event without
/// payload returns it as a prepared constant instead of calling its action (which only the other
/// cases need).
///
/// When some cases are `in:` cases, only the cases that can hold in the current control state
/// are tried: each control state's `in:` cases are listed once, and merged in order with the cases
/// that hold in any state. A list of 20,000 `in:` cases then costs a step one or two tests, not
/// 20,000.
final class LevelCases: Sendable {
    private let tests: [LevelTest]
    private let testRefs: [Unmanaged<LevelTest>]
    /// The `in:` cases of control state `c`: `restrictedCases[restrictedStart[c]..<restrictedStart[c + 1]]`,
    /// in order; empty when no case is an `in:` case.
    private let restrictedStart: [Int32]
    private let restrictedCases: [Int32]
    /// The cases that may hold in any control state, in order.
    private let openCases: [Int32]
    /// The event of each case that emits one without payload; nil for the others.
    private let constants: [SpecEvent?]
    private let acts: [@Sendable (SpecState, [SpinValue]) -> SpecEvent?]

    /// `cases` in order: each case's test, its constant event if it has one, and its action.
    init(_ cases: [(test: LevelTest, constant: SpecEvent?, act: @Sendable (SpecState, [SpinValue]) -> SpecEvent?)], controlCount: Int) {
        let tests = cases.map(\.test)
        self.tests = tests
        testRefs = tests.map { Unmanaged.passUnretained($0) }
        constants = cases.map(\.constant)
        acts = cases.map(\.act)
        guard tests.contains(where: \.restricted), cases.count < Int(Int32.max) else {
            restrictedStart = []
            restrictedCases = []
            openCases = []
            return
        }
        var counts = [Int32](repeating: 0, count: controlCount + 1)
        for test in tests where test.restricted {
            for state in test.states where state >= 0 && state < controlCount { counts[state + 1] += 1 }
        }
        for state in 0..<controlCount { counts[state + 1] += counts[state] }
        var next = counts
        var listed = [Int32](repeating: 0, count: Int(counts[controlCount]))
        for (index, test) in tests.enumerated() where test.restricted {
            for state in test.states where state >= 0 && state < controlCount {
                listed[Int(next[state])] = Int32(index)
                next[state] += 1
            }
        }
        restrictedStart = counts
        restrictedCases = listed
        openCases = tests.indices.filter { !tests[$0].restricted }.map { Int32($0) }
    }

    /// The event of the first case that holds in `state`; the failure of the first test that
    /// throws; nil when none holds or the state is faulted.
    func event(for state: SpecState) -> SpecEvent? {
        guard !state.hasFault else { return nil }
        guard !restrictedStart.isEmpty else {
            // No `in:` case: every case in order (the common list, kept as lean as it was).
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
        // The state's `in:` cases and the open cases, merged in case order.
        let control = state.control
        var restricted = 0..<0
        if control >= 0, control &+ 1 < restrictedStart.count {
            restricted = Int(restrictedStart[control])..<Int(restrictedStart[control &+ 1])
        }
        var nextRestricted = restricted.lowerBound
        var nextOpen = 0
        while true {
            let index: Int
            let restrictedIndex = nextRestricted < restricted.upperBound ? Int(restrictedCases[nextRestricted]) : Int.max
            let openIndex = nextOpen < openCases.count ? Int(openCases[nextOpen]) : Int.max
            if restrictedIndex < openIndex {
                index = restrictedIndex
                nextRestricted &+= 1
            } else if openIndex != Int.max {
                index = openIndex
                nextOpen &+= 1
            } else {
                return nil
            }
            if case .acted(let event) = tryCase(index, state) { return event }
        }
    }

    /// What trying one case gave.
    private enum Outcome {
        /// Its test did not hold.
        case passed
        /// It held and acted: its event, if the action made one (the first case that holds acts,
        /// whatever its action gives).
        case acted(SpecEvent?)
    }

    /// Case `index` tried on `state`: the test's fault when it throws.
    @inline(__always)
    private func tryCase(_ index: Int, _ state: SpecState) -> Outcome {
        do throws(EvaluationError) {
            guard try testRefs[index].withGuaranteed({ test throws(EvaluationError) in try test.holds(state) }) else { return .passed }
        } catch {
            return .acted(.failure(SpecFault(error)))
        }
        if let constant = constants[index] { return .acted(constant) }
        return .acted(acts[index](state, []))
    }
}
