/// A row of the reducer table.
public struct TransitionDeclaration: Hashable, Sendable {
    /// Which control states the row applies in.
    public enum Source: Hashable, Sendable {
        /// Any state (`from: any`, or no `from`): a row of the whole spin.
        case any
        /// The listed states.
        case states([Name])
    }

    /// Where the row starts (its mapping: the `{` of a flow mapping, or its first key).
    public let location: SourceLocation
    /// `from`.
    public var source: Source { writtenSources.source }
    /// `from`, without an array for a single state.
    let writtenSources: RowSources
    /// `on`: the event (the first, when `on` lists several); nil for an eventless row.
    public let event: Name?
    /// The events `on` lists after the first (`on: [coinA, coinB]`): the row stands for one row
    /// per event, in its place. Empty (no allocation) for the usual row on one event.
    let moreEvents: [Name]
    /// `on`: every event of the row, in the order written; empty for an eventless row.
    public var events: [Name] { event.map { [$0] + moreEvents } ?? [] }
    /// `when`: the guard.
    public let guardExpression: ExpressionText?
    /// `to`: the target state (`to: history(S)` names `S`, with `targetsHistory`).
    public let target: Name?
    /// `set`: assignments in order.
    public var assignments: [Assignment] { writtenAssignments.array }
    /// `set`, without an array for a single assignment.
    let writtenAssignments: RowAssignments
    /// The statechart keys, when the row has any.
    let statechartKeys: RowStatechartKeys?

    /// `internal: true`: a target inside the source does not exit the source.
    public var isInternal: Bool { statechartKeys?.isInternal ?? false }
    /// `to: history(S)`: the target is the history of `target`.
    public var targetsHistory: Bool { statechartKeys?.targetsHistory ?? false }
    /// `to: history(S, deep)` or `history(S, shallow)`: the kind of history named; nil for
    /// `history(S)`, which enters S's own (`history:` in S's body).
    public var historyKind: HistoryKind? { statechartKeys?.historyKind }
    /// `emit` (with `with`): an event raised on the spin's internal queue.
    public var emit: EmitDeclaration? { statechartKeys?.emit }
    /// `propagate` (with `with`): an event sent into a gear.
    public var propagate: PropagateDeclaration? { statechartKeys?.propagate }
    /// `if`, `then`, `else`: a conditional action, run after `set` and before the events.
    public var conditional: ConditionalActionDeclaration? { statechartKeys?.conditional }
    /// `after`: a timed row's duration (no `on`): it fires when its source state has been active
    /// that long.
    public var after: ExpressionText? { statechartKeys?.after }
    /// `send` (with `with`, `delay`, `id`): an event put on the spin's external queue.
    public var send: SendDeclaration? { statechartKeys?.send }
    /// `cancel`: the id of the pending sends to cancel.
    public var cancel: Name? { statechartKeys?.cancel }

    /// This row on `event` instead of its own `on` (a timed row on the event its timer emits).
    func on(_ event: Name) -> TransitionDeclaration {
        TransitionDeclaration(
            location: location, sources: writtenSources, event: event, guardExpression: guardExpression, target: target,
            assignments: writtenAssignments, statechartKeys: statechartKeys)
    }

    /// This row with `assignments` after its own (a send written as the assignments it stands for).
    func appending(assignments more: [Assignment]) -> TransitionDeclaration {
        TransitionDeclaration(
            location: location, sources: writtenSources, event: event, moreEvents: moreEvents, guardExpression: guardExpression,
            target: target, assignments: RowAssignments(assignments + more), statechartKeys: statechartKeys)
    }

    /// Creates a transition row; `moreEvents` are the events of `on` after `event`.
    public init(
        location: SourceLocation, source: Source, event: Name?, moreEvents: [Name] = [], guardExpression: ExpressionText?,
        target: Name?, assignments: [Assignment], isInternal: Bool = false, targetsHistory: Bool = false,
        emit: EmitDeclaration? = nil, propagate: PropagateDeclaration? = nil
    ) {
        self.init(
            location: location, sources: RowSources(source), event: event, moreEvents: moreEvents,
            guardExpression: guardExpression, target: target, assignments: RowAssignments(assignments),
            statechartKeys: RowStatechartKeys(isInternal: isInternal, targetsHistory: targetsHistory, emit: emit, propagate: propagate))
    }

    /// Creates a transition row from its parts in the form the row keeps them.
    init(
        location: SourceLocation, sources: RowSources, event: Name?, moreEvents: [Name] = [], guardExpression: ExpressionText?,
        target: Name?, assignments: RowAssignments, statechartKeys: RowStatechartKeys? = nil
    ) {
        self.location = location
        self.writtenSources = sources
        self.event = event
        self.moreEvents = moreEvents
        self.guardExpression = guardExpression
        self.target = target
        self.writtenAssignments = assignments
        self.statechartKeys = statechartKeys
    }
}
