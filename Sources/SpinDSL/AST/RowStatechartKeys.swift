/// The keys of a transition row that only statecharts use, behind one reference: nearly every
/// row has none of them, and a row is large (a large table has many thousands).
final class RowStatechartKeys: Hashable, Sendable {
    let isInternal: Bool
    let targetsHistory: Bool
    /// The kind `to: history(S, deep|shallow)` names; nil for `history(S)` (S's own kind).
    let historyKind: HistoryKind?
    let emit: EmitDeclaration?
    let propagate: PropagateDeclaration?
    /// `if`, `then`, `else`: the row's conditional action, run after its `set`, before its events.
    let conditional: ConditionalActionDeclaration?
    /// `after`: a timed row's duration, counted from its source state's entry.
    let after: ExpressionText?

    /// The keys, or nil when the row has none of them.
    convenience init?(
        isInternal: Bool, targetsHistory: Bool, historyKind: HistoryKind? = nil, emit: EmitDeclaration?, propagate: PropagateDeclaration?,
        conditional: ConditionalActionDeclaration? = nil, after: ExpressionText? = nil
    ) {
        guard isInternal || targetsHistory || emit != nil || propagate != nil || conditional != nil || after != nil else { return nil }
        self.init(keys: isInternal, targetsHistory, historyKind, emit, propagate, conditional, after)
    }

    private init(
        keys isInternal: Bool, _ targetsHistory: Bool, _ historyKind: HistoryKind?, _ emit: EmitDeclaration?, _ propagate: PropagateDeclaration?,
        _ conditional: ConditionalActionDeclaration?, _ after: ExpressionText?
    ) {
        self.isInternal = isInternal
        self.targetsHistory = targetsHistory
        self.historyKind = historyKind
        self.emit = emit
        self.propagate = propagate
        self.conditional = conditional
        self.after = after
    }

    static func == (lhs: RowStatechartKeys, rhs: RowStatechartKeys) -> Bool {
        lhs.isInternal == rhs.isInternal && lhs.targetsHistory == rhs.targetsHistory && lhs.historyKind == rhs.historyKind
            && lhs.emit == rhs.emit && lhs.propagate == rhs.propagate && lhs.conditional == rhs.conditional && lhs.after == rhs.after
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(isInternal)
        hasher.combine(targetsHistory)
        hasher.combine(historyKind)
        hasher.combine(emit)
        hasher.combine(propagate)
        hasher.combine(conditional)
        hasher.combine(after)
    }
}
