/// A failed assertion of a `SpinTestStore`: what was expected, what happened, and where the
/// assertion was written.
public struct SpinTestFailure: Error, Sendable, CustomStringConvertible, Equatable {
    /// What went wrong.
    public let message: String
    /// The file of the failing assertion.
    public let file: String
    /// The line of the failing assertion.
    public let line: Int

    /// `file:line: message`.
    public var description: String { "\(file):\(line): \(message)" }
}
