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
