/// A run-time error of a spin, with the spec location it comes from.
public struct SpecFault: Hashable, Sendable, Error, CustomStringConvertible {
    /// Which fault this is: its stable name (`[#DivisionByZero]`) and its catalog entry.
    public let group: DiagnosticGroup
    /// Where in the spec.
    public let location: SourceLocation
    /// What went wrong.
    public let message: String

    /// Creates the fault of `group` at `location`, its message written from the catalog's
    /// template with `values`.
    public init(_ group: DiagnosticGroup, at location: SourceLocation, _ values: KeyValuePairs<String, any CustomStringConvertible> = [:]) {
        self.group = group
        self.location = location
        self.message = group.message(values)
    }

    /// `file:line:column: error: message [#Group]`.
    public var description: String { "\(location): error: \(message) \(group.tag)" }

    package init(_ error: EvaluationError) {
        self.group = error.group
        self.location = error.location
        self.message = error.message
    }
}
