/// A data field of a spin: `count: 0` or `mode: { type: enum, values: [...], initial: off }`.
public struct DataFieldDeclaration: Hashable, Sendable {
    /// The field's name.
    public let name: Name
    /// Its type, declared or inferred from the initial value.
    public let type: TypeReference
    /// The initial value as written (a scalar), with its location.
    public let initial: InitialValue

    /// Creates a data field declaration.
    public init(name: Name, type: TypeReference, initial: InitialValue) {
        self.name = name
        self.type = type
        self.initial = initial
    }
}

/// The initial value of a data field, as written.
public struct InitialValue: Hashable, Sendable {
    /// The scalar's text.
    public let text: String
    /// Whether the scalar was quoted (quoted scalars are always strings).
    public let isQuoted: Bool
    /// Where it is written.
    public let location: SourceLocation

    /// Creates an initial value.
    public init(text: String, isQuoted: Bool, at location: SourceLocation) {
        self.text = text
        self.isQuoted = isQuoted
        self.location = location
    }
}
