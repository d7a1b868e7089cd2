/// `history: shallow | deep`, or `history: { type: shallow | deep, default: TARGET }`, on a compound
/// or parallel state, with where it is written.
public struct HistoryDeclaration: Hashable, Sendable {
    /// Which history the state records.
    public let kind: HistoryKind
    /// Where the value is written (the kind's, in the long form).
    public let location: SourceLocation
    /// `default`: the state below this one entered when nothing is recorded yet (SCXML's history
    /// default transition); nil for the state's own default entry.
    public let defaultTarget: Name?

    /// Creates a history declaration.
    public init(kind: HistoryKind, location: SourceLocation, defaultTarget: Name? = nil) {
        self.kind = kind
        self.location = location
        self.defaultTarget = defaultTarget
    }
}
