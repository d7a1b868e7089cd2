/// `propagate: gear.event` with its payload (`with`), as written in an action block or a row.
public struct PropagateDeclaration: Hashable, Sendable {
    /// The gear.
    public let gear: Name
    /// The gear's event.
    public let event: Name
    /// `with`: payload field values.
    public let payload: [Assignment]

    /// Creates a propagation.
    public init(gear: Name, event: Name, payload: [Assignment]) {
        self.gear = gear
        self.event = event
        self.payload = payload
    }
}
