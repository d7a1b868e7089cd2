/// A resolved conditional action (SCXML's `<if>`, `<elseif>`, `<else>`): the condition is
/// evaluated once, when the action is reached, then the blocks of the branch it chose run in order.
package struct ConditionalActionModel: Sendable {
    /// The condition (bool).
    package let condition: RowExpression
    /// The blocks run when it holds.
    package let then: [ActionBlockModel]
    /// The blocks run when it does not; an `elseif` is a conditional block here.
    package let otherwise: [ActionBlockModel]
}
