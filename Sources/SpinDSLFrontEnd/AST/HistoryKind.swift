/// What a compound state's history records when the state is exited, and `history(S)` restores.
public enum HistoryKind: String, Hashable, Sendable {
    /// The child that was active (entered again with its own default children).
    case shallow
    /// Every active state below it (its whole configuration).
    case deep
}
