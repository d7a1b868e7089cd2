/// One resolved rule case.
struct RuleModel: Sendable {
    /// The rule as written.
    let declaration: FeedbackRuleDeclaration
    /// When it acts.
    let trigger: TriggerModel
    /// `when` combined with `in`.
    let condition: CompiledExpression?
    /// `after`.
    let delay: TimerDuration?
    /// `every`.
    let period: TimerDuration?
    /// `strategy`.
    let strategy: RuleStrategy
    /// What it does.
    let action: ActionModel
}
