/// An event of a compiled spin: its index among the spin's events, and its payload in field order.
///
/// Two words: the kind, and one word that is empty for an event without payload or fault (the
/// commonest), so that copying such an event, which the loop does on every step, touches no
/// reference count at all.
public struct SpecEvent: Hashable, Sendable {
    /// The event's index in `SpinModel.events`.
    public var kind: Int
    @usableFromInline var storage: Storage

    /// The payload and the fault, as far as the event has them.
    @usableFromInline
    enum Storage: Sendable {
        case empty
        case payload([SpinValue])
        /// A fault, with the payload (if any) kept beside it in the box.
        case fault(FaultBox)
    }

    /// The payload values, in the event's field order.
    public var payload: [SpinValue] {
        get {
            switch storage {
            case .empty: return []
            case .payload(let values): return values
            case .fault(let box): return box.payload
            }
        }
        set {
            if case .fault(let box) = storage {
                storage = .fault(FaultBox(box.fault, payload: newValue))
            } else {
                storage = newValue.isEmpty ? .empty : .payload(newValue)
            }
        }
    }

    /// A run-time error carried into the reducer, which records it in the state.
    public var fault: SpecFault? {
        get {
            if case .fault(let box) = storage { return box.fault }
            return nil
        }
        set {
            let payload = self.payload
            if let newValue {
                storage = .fault(FaultBox(newValue, payload: payload))
            } else {
                storage = payload.isEmpty ? .empty : .payload(payload)
            }
        }
    }

    /// Creates an event.
    public init(kind: Int, payload: [SpinValue] = [], fault: SpecFault? = nil) {
        self.kind = kind
        if let fault {
            storage = .fault(FaultBox(fault, payload: payload))
        } else {
            storage = payload.isEmpty ? .empty : .payload(payload)
        }
    }

    /// Whether the event carries a fault; cheaper than reading `fault`.
    @inlinable public var hasFault: Bool {
        if case .fault = storage { return true }
        return false
    }

    /// Calls `body` with a view of the payload (empty for an event without one), without copying
    /// the array.
    package func withPayload<Result>(_ body: (UnsafeBufferPointer<SpinValue>) -> Result) -> Result {
        switch storage {
        case .empty: return body(UnsafeBufferPointer(start: nil, count: 0))
        case .payload(let values): return values.withUnsafeBufferPointer(body)
        case .fault(let box): return box.payload.withUnsafeBufferPointer(body)
        }
    }

    /// The event that records a run-time error.
    package static func failure(_ fault: SpecFault) -> SpecEvent {
        SpecEvent(kind: -1, payload: [], fault: fault)
    }

    public static func == (lhs: SpecEvent, rhs: SpecEvent) -> Bool {
        lhs.kind == rhs.kind && lhs.payload == rhs.payload && lhs.fault == rhs.fault
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(payload)
        hasher.combine(fault)
    }
}
