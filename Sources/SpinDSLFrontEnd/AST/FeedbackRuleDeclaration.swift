/// A built-in feedback rule: a trigger, optional timing and an action.
public struct FeedbackRuleDeclaration: Hashable, Sendable {
    /// The rule's name (shared by the cases of a list).
    public let name: Name
    /// Where this rule (or this case of a list) starts.
    public let location: SourceLocation
    /// When it acts.
    public let trigger: FeedbackTrigger
    /// `when` written together with `in`: an extra condition.
    public let condition: ExpressionText?
    /// `after`: delay before acting, a duration expression (`300ms`, `delay * 2`).
    public let delay: ExpressionText?
    /// `every`: period while the trigger holds, a duration expression.
    public let period: ExpressionText?
    /// `strategy`.
    public let strategy: RuleStrategy
    /// What it does.
    public let action: FeedbackAction

    /// Creates a rule.
    public init(
        name: Name, location: SourceLocation, trigger: FeedbackTrigger, condition: ExpressionText?,
        delay: ExpressionText?, period: ExpressionText?, strategy: RuleStrategy, action: FeedbackAction
    ) {
        self.name = name
        self.location = location
        self.trigger = trigger
        self.condition = condition
        self.delay = delay
        self.period = period
        self.strategy = strategy
        self.action = action
    }
}
