/// A generated machine's snapshot as the spec names it: the control state's name, the data fields
/// in declaration order, and the fault, if one stopped the machine.
public struct GeneratedState: Hashable, Sendable, CustomStringConvertible {
    /// One data field.
    public struct Field: Hashable, Sendable {
        public let name: String
        public let value: GeneratedValue

        public init(_ name: String, _ value: GeneratedValue) {
            self.name = name
            self.value = value
        }
    }

    /// The control state's name; nil for a spin without control states.
    public let state: String?
    /// The data fields, in declaration order.
    public let data: [Field]
    /// The fault that stopped the machine.
    public let fault: GeneratedFault?

    /// `state name=value …`, and the fault on a line of its own.
    public var description: String {
        let parts = (state.map { [$0] } ?? []) + data.map { "\($0.name)=\($0.value)" }
        return parts.joined(separator: " ") + (fault.map { "\n\($0)" } ?? "")
    }

    public init(state: String?, data: [Field], fault: GeneratedFault?) {
        self.state = state
        self.data = data
        self.fault = fault
    }
}
