/// Deferred events (`defer:` in a state body; UML's deferral, Boost.MSM's `deferred_events`):
/// while an active state defers an event, the event is not reduced but kept, in order, and offered
/// again, before any input, once no active state defers it.
///
/// The waiting events are data of the state: hidden slots after the history records and entry
/// parities, slot `firstSlot + i` holding the kind of the i-th event waiting plus one (0: none),
/// so that the reducer and the internal-event source stay pure functions of a state and the
/// checker stores the queue with the rest. Only events without payload can be deferred (the
/// validator says so), and at most `capacity` wait at once.
struct Deferral: Sendable {
    /// How many events can wait at once; one more is `[#DeferredEventLimit]`.
    static let capacity = 16

    /// Per configuration and event kind (`columns` a row): whether an active state defers it.
    private let defers: [Bool]
    private let columns: Int
    /// The first slot of the queue in a state's data.
    let firstSlot: Int
    /// Per event kind, where the first state that defers it is declared: where a full queue is
    /// reported.
    let locations: [SourceLocation?]

    init(defers: [Bool], columns: Int, firstSlot: Int, locations: [SourceLocation?]) {
        self.locations = locations
        self.defers = defers
        self.columns = columns
        self.firstSlot = firstSlot
    }

    /// The kinds some configuration defers, in order.
    var deferredKinds: [Int] {
        (0..<columns).filter { kind in stride(from: kind, to: defers.count, by: columns).contains { defers[$0] } }
    }

    /// The configurations that defer events of kind `kind`, in order.
    func configurations(deferring kind: Int) -> [Int] {
        guard columns > 0 else { return [] }
        return (0..<(defers.count / columns)).filter { defers($0, kind) }
    }

    /// Whether an active state of configuration `control` defers events of kind `kind`.
    func defers(_ control: Int, _ kind: Int) -> Bool {
        let index = control &* columns &+ kind
        return kind >= 0 && kind < columns && index >= 0 && index < defers.count && defers[index]
    }

    /// The first waiting event that no state of configuration `control` defers: its place in the
    /// queue and its kind.
    func offered(in data: [SpinValue], control: Int) -> (place: Int, kind: Int)? {
        for place in 0..<Self.capacity {
            let slot = firstSlot &+ place
            guard data.indices.contains(slot), case .int(let stored) = data[slot], stored > 0 else { return nil }
            let kind = Int(stored &- 1)
            if !defers(control, kind) { return (place, kind) }
        }
        return nil
    }

    /// Puts an event of kind `kind` at the end of the queue; false when the queue is full.
    func append(_ kind: Int, to data: inout [SpinValue]) -> Bool {
        for place in 0..<Self.capacity {
            let slot = firstSlot &+ place
            guard data.indices.contains(slot) else { return false }
            if case .int(0) = data[slot] {
                data[slot] = .int(Int64(kind) &+ 1)
                return true
            }
        }
        return false
    }

    /// Takes the event at `place` out of the queue, the later ones moving up.
    func remove(at place: Int, from data: inout [SpinValue]) {
        var slot = firstSlot &+ place
        let end = firstSlot &+ Self.capacity
        while slot &+ 1 < end, data.indices.contains(slot &+ 1) {
            data[slot] = data[slot &+ 1]
            slot &+= 1
        }
        if data.indices.contains(slot) { data[slot] = .int(0) }
    }
}
