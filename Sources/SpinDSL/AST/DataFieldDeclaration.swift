/// A data field of a spin: `count: 0` or `mode: { type: enum, values: [...], initial: off }`.
public struct DataFieldDeclaration: Hashable, Sendable {
    /// The field's name.
    public let name: Name
    /// Its type, declared or inferred from the initial value.
    public let type: TypeReference
    /// The initial value as written (a scalar), with its location; nil for a field of a type
    /// declared under `types:` written without one, which starts as the type's first case.
    public let initial: InitialValue?
    /// `range: [lo, hi]`: the bounds of an int or double field, when written.
    public let range: RangeDeclaration?

    /// Creates a data field declaration.
    public init(name: Name, type: TypeReference, initial: InitialValue?, range: RangeDeclaration? = nil) {
        self.name = name
        self.type = type
        self.initial = initial
        self.range = range
    }
}
