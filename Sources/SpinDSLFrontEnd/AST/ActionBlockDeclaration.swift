/// The actions of a state's `entry` or `exit`, as written: assignments, then a cancelled send,
/// then a send, then a raised event, then a gear event, run in that order; or a conditional action
/// (`if`, `then`, `else`), which holds nothing else.
///
/// ```yaml
/// entry: { set: { lamp: true }, emit: doorChanged, propagate: auth.opened }
/// ```
public struct ActionBlockDeclaration: Hashable, Sendable {
    /// Where the block starts.
    public let location: SourceLocation
    /// `set`: assignments in order.
    public let assignments: [Assignment]
    /// `emit` (with `with`): an event raised on the spin's internal queue.
    public let emit: EmitDeclaration?
    /// `propagate` (with `with`): an event sent into a gear.
    public let propagate: PropagateDeclaration?
    /// `if`, `then`, `else`: a conditional action (the block then has no assignments or events).
    public let conditional: ConditionalActionDeclaration?
    /// `send` (with `with`, `delay`, `id`): an event put on the spin's external queue.
    public let send: SendDeclaration?
    /// `cancel`: the id of the pending sends to cancel.
    public let cancel: Name?

    /// Creates an action block.
    public init(
        location: SourceLocation, assignments: [Assignment], emit: EmitDeclaration?, propagate: PropagateDeclaration?,
        conditional: ConditionalActionDeclaration? = nil, send: SendDeclaration? = nil, cancel: Name? = nil
    ) {
        self.location = location
        self.assignments = assignments
        self.emit = emit
        self.propagate = propagate
        self.conditional = conditional
        self.send = send
        self.cancel = cancel
    }
}
