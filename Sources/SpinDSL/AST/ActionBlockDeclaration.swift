/// The actions of a state's `entry` or `exit`, as written: assignments, then a raised event, then
/// a gear event, run in that order.
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

    /// Creates an action block.
    public init(location: SourceLocation, assignments: [Assignment], emit: EmitDeclaration?, propagate: PropagateDeclaration?) {
        self.location = location
        self.assignments = assignments
        self.emit = emit
        self.propagate = propagate
    }
}
