/// A feedback that listens to a gear and feeds the events it maps into its own loop.
final class GearListenerInstance<State: Sendable, Event: Sendable, GearEvent: Sendable>: FeedbackInstance {
    private let gear: Gear<GearEvent>
    private let listenerID: UInt64

    init(context: FeedbackContext<Event>, gear: Gear<GearEvent>, map: @escaping @Sendable (GearEvent) -> Event?) {
        self.gear = gear
        self.listenerID = gear.attach { gearEvent in
            if let event = map(gearEvent) { context.emitFromListener(event) }
        }
    }

    func receive(_ state: State, cause: Event?) {}

    func stop() {
        gear.detach(listenerID)
    }

    // Also when the runtime goes away without `stop()`.
    deinit {
        gear.detach(listenerID)
    }
}
