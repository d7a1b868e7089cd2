import SpinDSLFrontEnd
import SpinDSLRunner

/// An effect task of `RunMachine`: what a task of the runtime is, as data. It runs until it sleeps
/// on the clock (its `phase` says where it resumes) or ends.
struct MachineTask: Sendable, Hashable {
    /// What the task runs.
    enum Body: Sendable, Hashable {
        /// `delayed(state, [])` of a rule: the rule's `after`, then its action (a simulated
        /// effect picks its outcome, waits that outcome's latency, then answers).
        case delayed
        /// A `changes` rule's immediate action.
        case immediate
        /// `PeriodicEvents`: the first wait (`after`, else a period), then the action on the
        /// latest state, then a period, again and again.
        case periodic
    }

    /// Where a task resumes.
    enum Phase: UInt8, Sendable {
        /// Not started.
        case start
        /// After the rule's `after` (a delayed task) or a wait of a periodic task.
        case afterWait
        /// After a simulated effect's latency: its outcome's event is next.
        case afterSimulate
    }

    var spin: Int
    /// The feedback slot that started it: the origin of its events.
    var slot: Int
    /// Its effect's token in its spin.
    var token: Int
    var body: Body
    var rule: RuleCaseID
    var phase: Phase = .start
    /// The state the action acts on: the triggering state (delayed, immediate, a periodic task's
    /// first wait), or the latest state a periodic task's effect acts on while it waits.
    var state: SpecState?
    /// The simulated outcome picked when the effect started, while it waits its latency.
    var outcome = -1
    /// `Task.cancel()` was called.
    var cancelled = false
    /// The task was woken by its cancellation: the sleep it resumes from throws.
    var resumesThrowing = false

    init(spin: Int, slot: Int, token: Int, body: Body, rule: RuleCaseID, state: SpecState?) {
        self.spin = spin
        self.slot = slot
        self.token = token
        self.body = body
        self.rule = rule
        self.state = state
    }
}
