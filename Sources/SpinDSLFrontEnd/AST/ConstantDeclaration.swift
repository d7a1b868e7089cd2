/// A constant of the file, declared under `constants:`: `price: 25`, `retryLimit: 3`,
/// `base: 500ms`, or `{ type: Item, value: cola }`, usable in every expression of the file.
public struct ConstantDeclaration: Hashable, Sendable {
    /// The constant's name.
    public let name: Name
    /// Its type, declared or inferred from the value as a data field's is.
    public let type: TypeReference
    /// The value as written (a scalar).
    public let value: InitialValue

    /// Creates a constant declaration.
    public init(name: Name, type: TypeReference, value: InitialValue) {
        self.name = name
        self.type = type
        self.value = value
    }
}
