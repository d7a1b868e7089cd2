/// An action that puts an event on the spin's own external queue, as an input arrives, at once or
/// after a delay (SCXML's `<send>` to the session itself); the send can be cancelled by its id
/// until the event is delivered.
///
/// ```yaml
/// entry: { send: timeout, with: { attempt: tries }, delay: 30s, id: watchdog }
/// exit: { cancel: watchdog }
/// ```
public struct SendDeclaration: Hashable, Sendable {
    /// The event sent.
    public let event: Name
    /// `with`: payload field values, evaluated when the send runs.
    public let payload: [Assignment]
    /// `delay`: a duration expression, evaluated when the send runs (none: at once).
    public let delay: ExpressionText?
    /// `id`: the name `cancel` names it by (none: only this send replaces its own pending event).
    public let id: Name?

    /// Creates a send.
    public init(event: Name, payload: [Assignment], delay: ExpressionText?, id: Name?) {
        self.event = event
        self.payload = payload
        self.delay = delay
        self.id = id
    }
}
