/// A row of the reducer table.
public struct TransitionDeclaration: Hashable, Sendable {
    /// Which control states the row applies in.
    public enum Source: Hashable, Sendable {
        /// Any state (`from: any`, or no `from`).
        case any
        /// The listed states.
        case states([Name])
    }

    /// Where the row starts (its mapping: the `{` of a flow mapping, or its first key).
    public let location: SourceLocation
    /// `from`.
    public let source: Source
    /// `on`: the event.
    public let event: Name
    /// `when`: the guard.
    public let guardExpression: ExpressionText?
    /// `to`: the target state.
    public let target: Name?
    /// `set`: assignments in order.
    public let assignments: [Assignment]

    /// Creates a transition row.
    public init(location: SourceLocation, source: Source, event: Name, guardExpression: ExpressionText?, target: Name?, assignments: [Assignment]) {
        self.location = location
        self.source = source
        self.event = event
        self.guardExpression = guardExpression
        self.target = target
        self.assignments = assignments
    }
}

/// `field: expression` in a `set` or a `with`.
public struct Assignment: Hashable, Sendable {
    /// The field assigned.
    public let field: Name
    /// The value.
    public let value: ExpressionText

    /// Creates an assignment.
    public init(field: Name, value: ExpressionText) {
        self.field = field
        self.value = value
    }
}
