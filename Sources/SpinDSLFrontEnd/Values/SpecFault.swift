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

    /// A fault whose message is written already.
    package init(group: DiagnosticGroup, location: SourceLocation, message: String) {
        self.group = group
        self.location = location
        self.message = message
    }

    /// `file:line:column: error: message [#Group]`.
    public var description: String { "\(location): error: \(message) \(group.tag)" }
}
