/// A gear shared by the spins of a spec.
public struct GearDeclaration: Hashable, Sendable {
    /// The gear's name.
    public let name: Name
    /// The events it carries.
    public let events: [EventDeclaration]

    /// Creates a gear declaration.
    public init(name: Name, events: [EventDeclaration]) {
        self.name = name
        self.events = events
    }
}
