/// What a YAML value is, as far as the shape of a spec cares: nothing (a null scalar), a scalar, a
/// mapping or a list. Diagnostics name it after "found" (`SpecBuilder.describe(_:)`).
enum YAMLValueKind {
    case null
    case scalar
    case mapping
    case sequence

    /// The kind of `node`.
    init(_ node: YAMLNode) {
        switch node.kind {
        case .scalar(let scalar): self = scalar.isNull ? .null : .scalar
        case .mapping: self = .mapping
        case .sequence: self = .sequence
        }
    }

    /// The kind of the value that `event` starts; nil for the end of a collection, which starts none.
    init?(_ event: YAMLItemEvent) {
        switch event {
        case .scalar(let item): self = item.scalar.isNull ? .null : .scalar
        case .collectionStart(let isMapping, _): self = isMapping ? .mapping : .sequence
        case .collectionEnd: return nil
        }
    }
}
