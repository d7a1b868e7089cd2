/// A resolved conditional action (SCXML's `<if>`, `<elseif>`, `<else>`): the condition is
/// evaluated once, when the action is reached, then the blocks of the branch it chose run in order.
struct ConditionalActionModel: Sendable {
    /// The condition (bool).
    let condition: RowExpression
    /// The blocks run when it holds.
    let then: [ActionBlockModel]
    /// The blocks run when it does not; an `elseif` is a conditional block here.
    let otherwise: [ActionBlockModel]
}
