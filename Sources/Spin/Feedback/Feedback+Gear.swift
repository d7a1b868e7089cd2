// Feedbacks attached to a gear, the four constructors of Spin.Swift.
extension Feedback {
    /// Propagates into the gear the event `propagating` derives from each state, if any.
    public init<GearEvent: Sendable>(
        attachedTo gear: Gear<GearEvent>,
        propagating: @escaping @Sendable (State) -> GearEvent?
    ) {
        self.init(effect: { state in
            if let gearEvent = propagating(state) { gear.propagate(gearEvent) }
            return nil
        })
    }

    /// Propagates `gearEvent` into the gear whenever the spin reaches `state`.
    public init<GearEvent: Sendable>(
        attachedTo gear: Gear<GearEvent>,
        catching state: State,
        propagating gearEvent: GearEvent
    ) where State: Equatable {
        self.init(attachedTo: gear, propagating: { $0 == state ? gearEvent : nil })
    }

    /// Emits into this spin the event `propagating` derives from each gear event, if any.
    public init<GearEvent: Sendable>(
        attachedTo gear: Gear<GearEvent>,
        propagating: @escaping @Sendable (GearEvent) -> Event?
    ) {
        self.init { context, _ in
            GearListenerInstance<State, Event, GearEvent>(context: context, gear: gear, map: propagating)
        }
    }

    /// Emits `event` into this spin whenever the gear carries `gearEvent`.
    public init<GearEvent: Sendable & Equatable>(
        attachedTo gear: Gear<GearEvent>,
        catching gearEvent: GearEvent,
        emitting event: Event
    ) {
        self.init(attachedTo: gear, propagating: { (caught: GearEvent) -> Event? in caught == gearEvent ? event : nil })
    }
}
