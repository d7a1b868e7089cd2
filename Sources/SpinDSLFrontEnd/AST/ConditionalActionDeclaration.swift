/// A conditional action as written, SCXML's `<if>`/`<elseif>`/`<else>` (SCXML 4.3-4.5): the
/// condition is evaluated once, when the action is reached, and the actions of the branch it
/// chooses run in order. `else` may hold another conditional action (an `elseif`).
///
/// ```yaml
/// entry:
///   - if: count > 9
///     then: [{ set: { count: 0 } }, { emit: wrapped }]
///     else: { if: count > 4, then: { set: { half: true } } }
/// ```
public struct ConditionalActionDeclaration: Hashable, Sendable {
    /// `if`: the condition, a bool expression.
    public let condition: ExpressionText
    /// `then`: the actions run when the condition holds.
    public let then: [ActionBlockDeclaration]
    /// `else`: the actions run when it does not (none when `else` is not written).
    public let otherwise: [ActionBlockDeclaration]

    /// Creates a conditional action.
    public init(condition: ExpressionText, then: [ActionBlockDeclaration], otherwise: [ActionBlockDeclaration]) {
        self.condition = condition
        self.then = then
        self.otherwise = otherwise
    }
}
