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
    /// `size: N`: the field is an array of N elements, `name[0]` to `name[N-1]`, each of `type`
    /// (and `range`); nil for a field of one value.
    public let size: Int?
    /// `initial: [v0, v1, …]`: one initial value per element of an array; nil when `initial` (one
    /// value for every element) is written instead.
    public let initialElements: [InitialValue]?

    /// Creates a data field declaration.
    public init(
        name: Name, type: TypeReference, initial: InitialValue?, range: RangeDeclaration? = nil, size: Int? = nil,
        initialElements: [InitialValue]? = nil
    ) {
        self.name = name
        self.type = type
        self.initial = initial
        self.range = range
        self.size = size
        self.initialElements = initialElements
    }
}
