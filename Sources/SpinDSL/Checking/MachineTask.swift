/// An effect task of `RunMachine`: what a task of the runtime is, as data. It runs until it sleeps
/// on the clock (its `phase` says where it resumes) or ends.
struct MachineTask: Sendable {
    /// What the task runs.
    enum Body: Sendable, Equatable {
        /// `delayed(state, [])` of a rule: the rule's `after`, then its action (a simulated
        /// effect's own `after`, then its outcome).
        case delayed
        /// A `changes` rule's immediate action.
        case immediate
        /// `every`: the period, then the action on the latest state, again and again.
        case periodic
        /// The spec's timed inputs, one after the other.
        case script
    }

    /// Where a task resumes.
    enum Phase: UInt8, Sendable {
        /// Not started.
        case start
        /// After the rule's `after` (a delayed task) or a period (a periodic task).
        case afterWait
        /// After a simulated effect's `after`: the outcome is next.
        case afterSimulate
        /// After the wait for the script's next input.
        case afterScriptWait
    }

    var spin: Int
    /// The feedback slot that started it: the origin of its events.
    var slot: Int
    /// Its effect's token in its spin.
    var token: Int
    var body: Body
    var rule: MachineProgram.RuleID
    var phase: Phase = .start
    /// The state the action acts on (delayed, immediate, and a periodic task's effect while it waits).
    var state: SpecState?
    /// `Task.cancel()` was called.
    var cancelled = false
    /// The task was woken by its cancellation: the sleep it resumes from throws.
    var resumesThrowing = false
    /// A script task's next input and the time it has waited until.
    var scriptIndex = 0
    var scriptElapsed: Int64 = 0
}
