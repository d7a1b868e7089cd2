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
