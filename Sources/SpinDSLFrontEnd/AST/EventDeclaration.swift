/// An event of a spin or a gear, with its payload fields.
public struct EventDeclaration: Hashable, Sendable {
    /// The event's name.
    public let name: Name
    /// Payload fields in declaration order.
    public let fields: [PayloadFieldDeclaration]

    /// Creates an event declaration.
    public init(name: Name, fields: [PayloadFieldDeclaration]) {
        self.name = name
        self.fields = fields
    }
}
