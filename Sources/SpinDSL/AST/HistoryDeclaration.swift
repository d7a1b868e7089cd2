/// `history: shallow | deep` on a compound state, with where it is written.
public struct HistoryDeclaration: Hashable, Sendable {
    /// Which history the state records.
    public let kind: HistoryKind
    /// Where the value is written.
    public let location: SourceLocation

    /// Creates a history declaration.
    public init(kind: HistoryKind, location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}
