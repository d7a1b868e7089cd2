import SpinDSLFrontEnd

/// A rule case ready to run: its model, and each of its expressions compiled (the trigger's, the
/// condition, computed durations, its action's payloads and template). Made once per spin by
/// `LoopPlan`; the Spin core's feedbacks (`SpinBuilderForSpec`) and the checker's machine
/// (`MachineProgram`) both run this code.
package struct RuleCode: Sendable {
    /// The rule case as resolved: its declaration, strategy and the states it names.
    package let model: RuleModel
    /// When it acts.
    package let trigger: TriggerCode
    /// `when` combined with `in`.
    package let condition: CompiledExpression?
    /// `after`.
    package let delay: TimerCode?
    /// `every`.
    package let period: TimerCode?
    /// What it does.
    package let action: ActionCode

    init(_ model: RuleModel) {
        self.model = model
        trigger = TriggerCode(model.trigger)
        condition = model.condition.map(CompiledExpression.init)
        delay = model.delay.map(TimerCode.init)
        period = model.period.map(TimerCode.init)
        action = ActionCode(model.action)
    }
}
