/// The `from` of a transition row as the row keeps it: a single state without an array.
///
/// Most rows of a large table name one source state, and an array per row would be a heap object
/// per row, memory the load must fault in. Always in its canonical form (one
/// name is `.one`), so that equal sources are equal values.
enum RowSources: Hashable, Sendable {
    /// Any state.
    case any
    /// Exactly one state.
    case one(Name)
    /// Any other number of states (none, or two and more).
    case list([Name])

    /// The canonical form of `source`.
    init(_ source: TransitionDeclaration.Source) {
        switch source {
        case .any:
            self = .any
        case .states(let names):
            if names.count == 1, let name = names.first {
                self = .one(name)
            } else {
                self = .list(names)
            }
        }
    }

    /// The sources as the public `TransitionDeclaration.Source`.
    var source: TransitionDeclaration.Source {
        switch self {
        case .any: return .any
        case .one(let name): return .states([name])
        case .list(let names): return .states(names)
        }
    }
}
