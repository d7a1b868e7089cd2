/// Deferred events (`defer:` in a state body; UML's deferral, Boost.MSM's `deferred_events`):
/// while an active state defers an event, the event is not reduced but kept, in order, and offered
/// again, before any input, once no active state defers it.
///
/// The waiting events are data of the state: hidden slots after the history records and entry
/// parities, slot `firstSlot + i` holding the kind of the i-th event waiting plus one (0: none),
/// then `capacity` rows of payload columns, row i holding the payload of the i-th event, so that
/// the reducer and the internal-event source stay pure functions of a state and the checker
/// stores the queue with the rest. Columns have one type each (a column per value of each type
/// the deferred events need at most), so that the checker packs each as its type; a column an
/// event does not use holds its type's zero. At most `capacity` events wait at once.
package struct Deferral: Sendable {
    /// How many events can wait at once; one more is `[#DeferredEventLimit]`.
    package static let capacity = 16

    /// The type of each payload column.
    package let columnTypes: [ValueType]
    /// Per event kind, the column of each payload field (empty for an event deferred nowhere).
    private let columnOf: [[Int]]
    /// Per column, what it holds when no event uses it.
    private let emptyValues: [SpinValue]

    /// Per configuration and event kind (`columns` a row): whether an active state defers it.
    private let defers: [Bool]
    private let columns: Int
    /// The first slot of the queue in a state's data.
    package let firstSlot: Int
    /// Per event kind, where the first state that defers it is declared: where a full queue is
    /// reported.
    package let locations: [SourceLocation?]

    /// - Parameter fieldTypes: per event kind, the types of its payload fields.
    init(defers: [Bool], columns: Int, firstSlot: Int, locations: [SourceLocation?], fieldTypes: [[ValueType]]) {
        self.locations = locations
        self.defers = defers
        self.columns = columns
        self.firstSlot = firstSlot
        // Each deferred kind's fields take, in order, the first columns of their types it has
        // not taken yet; a type has as many columns as the kind that needs most of them.
        var columnTypes: [ValueType] = []
        var columnOf = [[Int]](repeating: [], count: columns)
        let configurationCount = columns > 0 ? defers.count / columns : 0
        for kind in 0..<columns where fieldTypes.indices.contains(kind) {
            guard (0..<configurationCount).contains(where: { defers[$0 &* columns &+ kind] }) else { continue }
            var taken = [Bool](repeating: false, count: columnTypes.count)
            for type in fieldTypes[kind] {
                if let free = columnTypes.indices.first(where: { !taken[$0] && columnTypes[$0] == type }) {
                    taken[free] = true
                    columnOf[kind].append(free)
                } else {
                    columnOf[kind].append(columnTypes.count)
                    columnTypes.append(type)
                    taken.append(true)
                }
            }
        }
        self.columnTypes = columnTypes
        self.columnOf = columnOf
        emptyValues = columnTypes.map(Self.zero)
    }

    /// The hidden slots the queue takes: the kinds, then the payload rows.
    var slotCount: Int { Self.capacity &* (1 &+ columnTypes.count) }

    /// The slot of payload column `column` of place `place`.
    private func payloadSlot(_ place: Int, _ column: Int) -> Int {
        firstSlot &+ Self.capacity &+ place &* columnTypes.count &+ column
    }

    /// What the queue's slots hold when nothing waits.
    package var emptySlots: [SpinValue] {
        [SpinValue](repeating: .int(0), count: Self.capacity) + (0..<Self.capacity).flatMap { _ in emptyValues }
    }

    /// The zero of a type: what a payload column holds when unused.
    private static func zero(_ type: ValueType) -> SpinValue {
        switch type {
        case .int: return .int(0)
        case .double: return .double(0)
        case .duration: return .duration(0)
        case .bool: return .bool(false)
        case .string: return .string("")
        case .enumeration: return .symbol(0)
        }
    }

    /// The kinds some configuration defers, in order.
    package var deferredKinds: [Int] {
        (0..<columns).filter { kind in stride(from: kind, to: defers.count, by: columns).contains { defers[$0] } }
    }

    /// The configurations that defer events of kind `kind`, in order.
    package func configurations(deferring kind: Int) -> [Int] {
        guard columns > 0 else { return [] }
        return (0..<(defers.count / columns)).filter { defers($0, kind) }
    }

    /// Whether an active state of configuration `control` defers events of kind `kind`.
    package func defers(_ control: Int, _ kind: Int) -> Bool {
        let index = control &* columns &+ kind
        return kind >= 0 && kind < columns && index >= 0 && index < defers.count && defers[index]
    }

    /// The first waiting event that no state of configuration `control` defers: its place in the
    /// queue and its kind.
    package func offered(in data: [SpinValue], control: Int) -> (place: Int, kind: Int)? {
        for place in 0..<Self.capacity {
            let slot = firstSlot &+ place
            guard data.indices.contains(slot), case .int(let stored) = data[slot], stored > 0 else { return nil }
            let kind = Int(stored &- 1)
            if !defers(control, kind) { return (place, kind) }
        }
        return nil
    }

    /// The event waiting at `place`, of kind `kind` (as `offered` found it), with its payload.
    package func event(at place: Int, kind: Int, in data: [SpinValue]) -> SpecEvent {
        guard columnOf.indices.contains(kind), !columnOf[kind].isEmpty else { return SpecEvent(kind: kind) }
        let payload = columnOf[kind].map { column -> SpinValue in
            let slot = payloadSlot(place, column)
            return data.indices.contains(slot) ? data[slot] : .int(0)
        }
        return SpecEvent(kind: kind, payload: payload)
    }

    /// Puts `event` at the end of the queue; false when the queue is full.
    package func append(_ event: SpecEvent, to data: inout [SpinValue]) -> Bool {
        for place in 0..<Self.capacity {
            let slot = firstSlot &+ place
            guard data.indices.contains(slot) else { return false }
            if case .int(0) = data[slot] {
                data[slot] = .int(Int64(event.kind) &+ 1)
                if columnOf.indices.contains(event.kind) {
                    for (column, value) in zip(columnOf[event.kind], event.payload) where data.indices.contains(payloadSlot(place, column)) {
                        data[payloadSlot(place, column)] = value
                    }
                }
                return true
            }
        }
        return false
    }

    /// Takes the event at `place` out of the queue, the later ones (and their payloads) moving up.
    package func remove(at place: Int, from data: inout [SpinValue]) {
        var current = place
        while current &+ 1 < Self.capacity {
            let slot = firstSlot &+ current
            guard data.indices.contains(slot &+ 1) else { break }
            data[slot] = data[slot &+ 1]
            for column in columnTypes.indices where data.indices.contains(payloadSlot(current &+ 1, column)) {
                data[payloadSlot(current, column)] = data[payloadSlot(current &+ 1, column)]
            }
            current &+= 1
        }
        if data.indices.contains(firstSlot &+ current) { data[firstSlot &+ current] = .int(0) }
        for column in columnTypes.indices where data.indices.contains(payloadSlot(current, column)) {
            data[payloadSlot(current, column)] = emptyValues[column]
        }
    }
}
