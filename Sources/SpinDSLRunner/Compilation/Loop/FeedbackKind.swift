import SpinDSLFrontEnd

/// The form of feedback a rule case runs as, decided once by `LoopPlan` from its trigger, timing,
/// action and strategy. Each executor of the loop (the Spin core's feedbacks, the checker's
/// `RunMachine`, the Promela export) runs a kind as written here and classifies nothing itself.
package enum FeedbackKind: Sendable, Equatable {
    /// A statechart's "outbox": sends the gear events of the step that made the state.
    case outbox
    /// The feedback that keeps the latest state for periodic and gear rules ("state").
    case latest
    /// A rule of several level-triggered immediate cases: in each state, the first case that holds
    /// acts (`LevelCases`).
    case levelCases([RuleCaseID])
    /// One level-triggered immediate case: acts on every new state where it holds.
    case level(RuleCaseID)
    /// A level-triggered case with a delay or an effect: a task per state whose trigger holds or
    /// faults (`triggeredBy:`); with `cancels`, such a state cancels the previous task.
    case perState(RuleCaseID, cancels: Bool)
    /// `becomes`/`enter` with `strategy: continue`: a task whenever the trigger changes to holding
    /// or to a new fault (`ChangeMemory`), none cancelled.
    case edgeContinue(RuleCaseID)
    /// `becomes`/`enter`, immediate: acts inline whenever the trigger changes (`skippingRepeated:`
    /// on its `TriggerValue`).
    case risingSync(RuleCaseID)
    /// `becomes`/`enter` with a delay or an effect: whenever the trigger changes, the previous task
    /// is cancelled and a task starts for the new value.
    case risingAsync(RuleCaseID)
    /// `every`: as `risingAsync`, with `PeriodicEvents` as the task.
    case periodic(RuleCaseID)
    /// `changes`: a task whenever the watched value changes, cancelling the previous one;
    /// `immediate` when the rule has no delay and no effect (it acts inline).
    case change(RuleCaseID, immediate: Bool)
    /// `changes` with `strategy: continue`: a task whenever the watched value changes, none
    /// cancelled (`ChangeMemory`).
    case changeContinue(RuleCaseID, immediate: Bool)
    /// `catch`: acts on each message of event `event` of gear `gear`.
    case gearListener(RuleCaseID, gear: Int, event: Int)

    /// The rule case the feedback runs; nil for `outbox`, `latest` and `levelCases`.
    var ruleCase: RuleCaseID? {
        switch self {
        case .outbox, .latest, .levelCases: nil
        case .level(let id), .perState(let id, _), .edgeContinue(let id), .risingSync(let id), .risingAsync(let id),
             .periodic(let id), .change(let id, _), .changeContinue(let id, _), .gearListener(let id, _, _):
            id
        }
    }
}
