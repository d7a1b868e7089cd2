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

/// A payload field of an event: `amount: int`.
public struct PayloadFieldDeclaration: Hashable, Sendable {
    /// The field's name.
    public let name: Name
    /// Its type.
    public let type: TypeReference
    /// Where the type is written.
    public let typeLocation: SourceLocation

    /// Creates a payload field declaration.
    public init(name: Name, type: TypeReference, typeLocation: SourceLocation) {
        self.name = name
        self.type = type
        self.typeLocation = typeLocation
    }
}
