/// One rule case, over the type of its expressions: checked trees in the model (`RuleModel`),
/// code once the runner has compiled them (`RuleCode`, which the loop plan holds).
package struct Rule<Expression: Sendable>: Sendable {
    /// The rule as written.
    package let declaration: FeedbackRuleDeclaration
    /// When it acts.
    package let trigger: Trigger<Expression>
    /// `when` combined with `in`.
    package let condition: Expression?
    /// `after`.
    package let delay: Timing<Expression>?
    /// `every`.
    package let period: Timing<Expression>?
    /// `strategy`.
    package let strategy: RuleStrategy
    /// What it does.
    package let action: Action<Expression>

    /// The same rule case with each expression transformed (compiled).
    package func map<Other>(_ transform: (Expression) -> Other) -> Rule<Other> {
        Rule<Other>(
            declaration: declaration, trigger: trigger.map(transform), condition: condition.map(transform),
            delay: delay?.map(transform), period: period?.map(transform), strategy: strategy, action: action.map(transform))
    }

    /// Whether it acts on every state where its trigger holds (`when`, `in`, or no trigger).
    package var isLevelTriggered: Bool {
        switch trigger {
        case .everyState, .when, .inStates: true
        default: false
        }
    }

    /// Whether its action is a named effect.
    package var isEffect: Bool {
        if case .effect = action { return true }
        return false
    }
}

/// One resolved rule case.
package typealias RuleModel = Rule<TypedExpression>
