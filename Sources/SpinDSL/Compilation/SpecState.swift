/// The state of a compiled spin: the control state and the data slots.
public struct SpecState: Hashable, Sendable {
    /// The index of the control state (0 for a data-only spin).
    public var control: Int
    /// The data fields, in slot order.
    public var data: [SpinValue]
    /// Set when evaluating an expression failed (overflow, division by zero, an effect that
    /// failed): the spin stops changing and the runner reports the error.
    public var fault: SpecFault?

    /// Creates a state.
    public init(control: Int, data: [SpinValue], fault: SpecFault? = nil) {
        self.control = control
        self.data = data
        self.fault = fault
    }
}

/// An event of a compiled spin: its index among the spin's events, and its payload in field order.
public struct SpecEvent: Hashable, Sendable {
    /// The event's index in `SpinModel.events`.
    public var kind: Int
    /// The payload values, in the event's field order.
    public var payload: [SpinValue]
    /// A run-time error carried into the reducer, which records it in the state.
    public var fault: SpecFault?

    /// Creates an event.
    public init(kind: Int, payload: [SpinValue] = [], fault: SpecFault? = nil) {
        self.kind = kind
        self.payload = payload
        self.fault = fault
    }

    /// The event that records a run-time error.
    static func failure(_ fault: SpecFault) -> SpecEvent {
        SpecEvent(kind: -1, payload: [], fault: fault)
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
