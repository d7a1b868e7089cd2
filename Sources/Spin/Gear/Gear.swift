import Synchronization

/// A mediator between spins: feedbacks of one spin propagate events into the gear, feedbacks of
/// other spins catch them and emit events into their own loops.
///
/// Buffering: unlike Spin.Swift, whose gear silently drops what is propagated before anyone
/// listens, a `Gear` keeps the events propagated while no listener is attached (up to
/// `bufferLimit`, oldest dropped first and counted in `droppedEventCount`) and delivers them, in
/// order, to the first listener that attaches. Once listeners are attached, each event goes to the
/// listeners attached at that moment, in the order they attached; a listener that attaches later
/// does not see earlier events.
///
/// Delivery is synchronous: a propagated event reaches each listener's loop queue before
/// `propagate(_:)` returns, so two spins on one gear never wait for each other.
public final class Gear<Event: Sendable>: Sendable {
    private struct Storage {
        var listeners: [(id: UInt64, deliver: @Sendable (Event) -> Void)] = []
        var nextID: UInt64 = 0
        var buffer: [Event] = []
        var dropped = 0
    }

    private let storage = Locked(Storage())
    /// How many events the gear keeps while no listener is attached.
    public let bufferLimit: Int

    /// Creates a gear that buffers up to `bufferLimit` events while no listener is attached.
    public init(bufferLimit: Int = 1024) {
        self.bufferLimit = max(0, bufferLimit)
    }

    /// How many events were dropped because the buffer was full while no one listened.
    public var droppedEventCount: Int { storage.withLock { $0.dropped } }

    /// How many events wait in the buffer for a first listener.
    public var bufferedEventCount: Int { storage.withLock { $0.buffer.count } }

    /// Sends an event to every attached listener, or buffers it when none is attached.
    public func propagate(_ event: Event) {
        let listeners: [@Sendable (Event) -> Void] = storage.withLock { storage in
            if storage.listeners.isEmpty {
                if storage.buffer.count >= bufferLimit {
                    if !storage.buffer.isEmpty { storage.buffer.removeFirst() }
                    storage.dropped += 1
                    if bufferLimit == 0 { return [] }
                }
                storage.buffer.append(event)
                return []
            }
            return storage.listeners.map(\.deliver)
        }
        for deliver in listeners { deliver(event) }
    }

    /// Attaches a listener; it first receives the buffered events, if any.
    func attach(_ deliver: @escaping @Sendable (Event) -> Void) -> UInt64 {
        let (id, buffered): (UInt64, [Event]) = storage.withLock { storage in
            storage.nextID += 1
            storage.listeners.append((storage.nextID, deliver))
            let buffered = storage.buffer
            storage.buffer = []
            return (storage.nextID, buffered)
        }
        for event in buffered { deliver(event) }
        return id
    }

    /// Detaches a listener.
    func detach(_ id: UInt64) {
        storage.withLock { storage in
            storage.listeners.removeAll { $0.id == id }
        }
    }
}
