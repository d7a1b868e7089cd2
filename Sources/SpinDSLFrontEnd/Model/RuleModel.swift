/// One resolved rule case.
package struct RuleModel: Sendable {
    /// The rule as written.
    package let declaration: FeedbackRuleDeclaration
    /// When it acts.
    package let trigger: TriggerModel
    /// `when` combined with `in`.
    package let condition: TypedExpression?
    /// `after`.
    package let delay: TimerDuration?
    /// `every`.
    package let period: TimerDuration?
    /// `strategy`.
    package let strategy: RuleStrategy
    /// What it does.
    package let action: ActionModel
}
