/// A payload field of an event: `amount: int`.
public struct PayloadFieldDeclaration: Hashable, Sendable {
    /// The field's name.
    public let name: Name
    /// Its type.
    public let type: TypeReference
    /// Where the type is written.
    public let typeLocation: SourceLocation
    /// `values: [...]` of a field that is not an enumeration: the payloads `spinrun --check` tries
    /// (an enumeration's `values` are its cases, in `type`).
    public let values: [InitialValue]?

    /// Creates a payload field declaration.
    public init(name: Name, type: TypeReference, typeLocation: SourceLocation, values: [InitialValue]? = nil) {
        self.name = name
        self.type = type
        self.typeLocation = typeLocation
        self.values = values
    }
}
