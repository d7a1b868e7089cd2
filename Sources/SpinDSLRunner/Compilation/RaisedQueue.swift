import SpinDSLFrontEnd

/// A statechart spin's raised events waiting to be reduced, oldest first, with their signature
/// hash kept up to date as events are taken from the front and added at the back.
///
/// A storm of raised events (each step raising more than it reduces) keeps thousands waiting, and
/// every step takes one and adds some: both are constant time here. The events are a slice, so
/// taking the head shares the storage behind it, and a reducer holding the only reference appends
/// in place (`SpecState.takeRaised`). The livelock check hashes every step's state
/// (`SignatureHash.state`): the queue's share is `hash`, a polynomial in `SignatureHash`'s event
/// hashes, Σ h(eₖ)·Bᵏ over the waiting events, updated by a subtraction and a multiplication by
/// B's inverse when the head goes and an addition when an event comes (was: every event hashed
/// on every step, 10⁸ hashes for a storm up to the limit of 10,000).
struct RaisedQueue: Hashable, Sendable {
    /// The events, oldest first.
    private(set) var events: ArraySlice<SpecEvent>
    /// Σ h(eₖ)·Bᵏ over `events` (k from 0 at the head), wrapping.
    private(set) var hash: UInt64
    /// Bⁿ for n events: the weight of the next event added.
    private var power: UInt64

    /// B: odd, so that it has an inverse modulo 2⁶⁴.
    private static let base: UInt64 = 0x9E37_79B9_7F4A_7C15
    /// B⁻¹ modulo 2⁶⁴, by Newton's iteration (each round doubles the correct low bits: 3, 6, …, 96).
    private static let inverse: UInt64 = {
        var inverse = base
        for _ in 0..<5 { inverse = inverse &* (2 &- base &* inverse) }
        return inverse
    }()

    /// No events.
    static let empty = RaisedQueue(events: [])

    /// `events`, hashed once.
    init(events: ArraySlice<SpecEvent>) {
        self.events = events
        hash = 0
        power = 1
        for event in events { add(event) }
    }

    /// Whether no event waits.
    var isEmpty: Bool { events.isEmpty }
    /// How many events wait.
    var count: Int { events.count }
    /// The oldest event.
    var first: SpecEvent? { events.first }

    /// The queue without its oldest event (sharing the storage).
    func droppingFirst() -> RaisedQueue {
        guard let head = events.first else { return self }
        var rest = self
        rest.events = events.dropFirst()
        rest.hash = (hash &- Self.eventHash(head)) &* Self.inverse
        rest.power = power &* Self.inverse
        return rest
    }

    /// Adds `added` at the back: in place when this value holds the only reference to its
    /// storage. Once the events already taken outnumber the waiting ones, only the waiting ones
    /// are kept (copied once, paid for by the events taken).
    mutating func append(contentsOf added: [SpecEvent]) {
        if events.startIndex > events.count { events = ArraySlice(Array(events)) }
        events.append(contentsOf: added)
        for event in added { add(event) }
    }

    private mutating func add(_ event: SpecEvent) {
        hash = hash &+ Self.eventHash(event) &* power
        power = power &* Self.base
    }

    /// An event's term: `SignatureHash`'s hash of it.
    private static func eventHash(_ event: SpecEvent) -> UInt64 {
        SignatureHash.event(event, into: SignatureHash.seed)
    }

    static func == (lhs: RaisedQueue, rhs: RaisedQueue) -> Bool {
        lhs.hash == rhs.hash && lhs.events == rhs.events
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(events.count)
        hasher.combine(hash)
    }
}
