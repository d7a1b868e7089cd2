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
    /// `send` (with `with`, `delay`, `id`): an event put on the spin's external queue.
    let send: SendDeclaration?
    /// `cancel`: the id of the pending sends to cancel.
    let cancel: Name?

    /// The keys, or nil when the row has none of them.
    convenience init?(
        isInternal: Bool, targetsHistory: Bool, historyKind: HistoryKind? = nil, emit: EmitDeclaration?, propagate: PropagateDeclaration?,
        conditional: ConditionalActionDeclaration? = nil, after: ExpressionText? = nil, send: SendDeclaration? = nil,
        cancel: Name? = nil
    ) {
        guard isInternal || targetsHistory || emit != nil || propagate != nil || conditional != nil || after != nil || send != nil
            || cancel != nil
        else { return nil }
        self.init(keys: isInternal, targetsHistory, historyKind, emit, propagate, conditional, after, send, cancel)
    }

    private init(
        keys isInternal: Bool, _ targetsHistory: Bool, _ historyKind: HistoryKind?, _ emit: EmitDeclaration?, _ propagate: PropagateDeclaration?,
        _ conditional: ConditionalActionDeclaration?, _ after: ExpressionText?, _ send: SendDeclaration?, _ cancel: Name?
    ) {
        self.isInternal = isInternal
        self.targetsHistory = targetsHistory
        self.historyKind = historyKind
        self.emit = emit
        self.propagate = propagate
        self.conditional = conditional
        self.after = after
        self.send = send
        self.cancel = cancel
    }

    static func == (lhs: RowStatechartKeys, rhs: RowStatechartKeys) -> Bool {
        lhs.isInternal == rhs.isInternal && lhs.targetsHistory == rhs.targetsHistory && lhs.historyKind == rhs.historyKind
            && lhs.emit == rhs.emit && lhs.propagate == rhs.propagate && lhs.conditional == rhs.conditional && lhs.after == rhs.after
            && lhs.send == rhs.send && lhs.cancel == rhs.cancel
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(isInternal)
        hasher.combine(targetsHistory)
        hasher.combine(historyKind)
        hasher.combine(emit)
        hasher.combine(propagate)
        hasher.combine(conditional)
        hasher.combine(after)
        hasher.combine(send)
        hasher.combine(cancel)
    }
}
