/// A gear with its resolved events.
public struct GearModel: Sendable {
    /// The gear's name.
    public let name: Name
    /// Its events; an event's index here is its kind.
    public let events: [EventModel]
}
