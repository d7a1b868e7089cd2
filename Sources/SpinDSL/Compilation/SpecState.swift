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
