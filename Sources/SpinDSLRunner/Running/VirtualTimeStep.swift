/// What a run on virtual time does next, once every spin has settled: the one statement of that
/// policy, followed by the runtime's run (`SpecRun`) and by the checker's machine when it runs a
/// whole run (`RunMachine.runToEnd`), so that a counterexample replays as it was found.
///
/// Time moves to the earliest of the next timer and the next input. At one instant every timer
/// due then fires before the inputs scheduled then (docs/spec-format.md, "Time: inputs and
/// timers"). An instant past the time limit is not reached: time moves to the limit and the run
/// ends there. With neither a timer nor an input left, nothing more can happen.
package enum VirtualTimeStep: Equatable, Sendable {
    /// No timer is armed and no input is to come.
    case idle
    /// The next instant, `next`, is past the time limit: time moves to `limit` and the run ends.
    case timeLimit(limit: Duration, next: Duration)
    /// Fire the timers due at `time` (before any input of that instant).
    case timers(at: Duration)
    /// Send the next input, due at `time`.
    case input(at: Duration)

    /// The step after a settled state whose earliest timer is due at `timer` and whose next
    /// input at `input` (nil: none), in a run limited to `maxTimeMilliseconds` (nil: no limit).
    package init(timer: Duration?, input: Duration?, maxTimeMilliseconds: Int64?) {
        let next: Duration
        let isTimer: Bool
        switch (timer, input) {
        case (nil, nil): self = .idle; return
        case (let timer?, nil): (next, isTimer) = (timer, true)
        case (nil, let input?): (next, isTimer) = (input, false)
        // Timers first: at an instant with both, the timers fire before the input is sent.
        case (let timer?, let input?): (next, isTimer) = timer <= input ? (timer, true) : (input, false)
        }
        if let maxTimeMilliseconds, next > .milliseconds(maxTimeMilliseconds) {
            self = .timeLimit(limit: .milliseconds(maxTimeMilliseconds), next: next)
        } else {
            self = isTimer ? .timers(at: next) : .input(at: next)
        }
    }

    /// The instant the step is about: the next timer's or input's (also for `timeLimit`); nil for
    /// `idle`.
    package var time: Duration? {
        switch self {
        case .idle: nil
        case .timeLimit(_, let next): next
        case .timers(let time), .input(let time): time
        }
    }
}
