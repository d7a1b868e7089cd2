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
