/// The state of a compiled spin: the control state and the data slots.
///
/// Three words: the fault, rare, is boxed, so that the loop copies and compares a small value on
/// every step.
public struct SpecState: Hashable, Sendable {
    /// The index of the control state (0 for a data-only spin).
    public var control: Int
    /// The data fields, in slot order.
    public var data: [SpinValue]
    @usableFromInline var faultBox: FaultBox?

    /// Set when evaluating an expression failed (overflow, division by zero, an effect that
    /// failed): the spin stops changing and the runner reports the error.
    public var fault: SpecFault? {
        get { faultBox?.fault }
        set { faultBox = newValue.map { FaultBox($0) } }
    }

    /// Whether a fault is recorded; cheaper than reading `fault`.
    @inlinable public var hasFault: Bool { faultBox != nil }

    /// Creates a state.
    public init(control: Int, data: [SpinValue], fault: SpecFault? = nil) {
        self.control = control
        self.data = data
        self.faultBox = fault.map { FaultBox($0) }
    }

    public static func == (lhs: SpecState, rhs: SpecState) -> Bool {
        lhs.control == rhs.control && lhs.data == rhs.data && lhs.fault == rhs.fault
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(control)
        hasher.combine(data)
        hasher.combine(fault)
    }
}

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
    func withPayload<Result>(_ body: (UnsafeBufferPointer<SpinValue>) -> Result) -> Result {
        switch storage {
        case .empty: return body(UnsafeBufferPointer(start: nil, count: 0))
        case .payload(let values): return values.withUnsafeBufferPointer(body)
        case .fault(let box): return box.payload.withUnsafeBufferPointer(body)
        }
    }

    /// The event that records a run-time error.
    static func failure(_ fault: SpecFault) -> SpecEvent {
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

/// A fault behind one reference, so that states and events without one stay small.
@usableFromInline
final class FaultBox: Sendable {
    let fault: SpecFault
    /// An event's payload, kept with its fault (empty for a state's fault).
    let payload: [SpinValue]

    init(_ fault: SpecFault, payload: [SpinValue] = []) {
        self.fault = fault
        self.payload = payload
    }
}

/// A run-time error of a spin, with the spec location it comes from.
public struct SpecFault: Hashable, Sendable, Error, CustomStringConvertible {
    /// Where in the spec.
    public let location: SourceLocation
    /// What went wrong.
    public let message: String

    /// Creates a fault.
    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): error: \(message)" }

    init(_ error: EvaluationError) {
        self.init(location: error.location, message: error.message)
    }
}

/// An event carried by a gear between compiled spins.
public struct GearMessage: Hashable, Sendable {
    /// The event's index in the gear's events.
    public let kind: Int
    /// Its payload in field order.
    public let payload: [SpinValue]
}
