/// What kind of state a state of the tree is.
public enum StateKind: Hashable, Sendable {
    /// No children.
    case atomic
    /// Children of which exactly one is active while the state is (`states:`).
    case compound
    /// Children, its regions, that are all active while the state is (`parallel:`).
    case parallel
}
