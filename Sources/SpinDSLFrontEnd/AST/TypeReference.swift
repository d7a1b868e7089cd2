/// A type written in a spec: a field's declared or inferred type.
public enum TypeReference: Hashable, Sendable {
    case int
    case double
    case bool
    case string
    case duration
    /// An enumeration declared inline with its values.
    case enumeration([Name])
    /// A type declared under `types:`, by name (resolved by the resolver).
    case named(Name)
}
