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
        set { faultBox = newValue.map(FaultBox.init) }
    }

    /// Whether a fault is recorded; cheaper than reading `fault`.
    @inlinable public var hasFault: Bool { faultBox != nil }

    /// Creates a state.
    public init(control: Int, data: [SpinValue], fault: SpecFault? = nil) {
        self.control = control
        self.data = data
        self.faultBox = fault.map(FaultBox.init)
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
public struct SpecEvent: Hashable, Sendable {
    /// The event's index in `SpinModel.events`.
    public var kind: Int
    /// The payload values, in the event's field order.
    public var payload: [SpinValue]
    @usableFromInline var faultBox: FaultBox?

    /// A run-time error carried into the reducer, which records it in the state.
    public var fault: SpecFault? {
        get { faultBox?.fault }
        set { faultBox = newValue.map(FaultBox.init) }
    }

    /// Creates an event.
    public init(kind: Int, payload: [SpinValue] = [], fault: SpecFault? = nil) {
        self.kind = kind
        self.payload = payload
        self.faultBox = fault.map(FaultBox.init)
    }

    /// Whether the event carries a fault; cheaper than reading `fault`.
    @inlinable public var hasFault: Bool { faultBox != nil }

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

    init(_ fault: SpecFault) {
        self.fault = fault
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
