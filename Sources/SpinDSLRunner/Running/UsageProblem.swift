import SpinDSLFrontEnd

/// A problem with how a spec is used rather than with the spec itself (an input event the spin
/// does not take, a bad command-line option): no source location, one line of text.
public struct UsageProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which problem this is: its stable name and its catalog entry.
    public let group: DiagnosticGroup
    /// What is wrong.
    public let message: String
    /// What to do about it, if there is a useful suggestion.
    public let hint: String?

    /// Creates the problem of `group`, its message and hint written from the catalog's templates
    /// with `values`; `suggestion` replaces the catalog's hint.
    public init(_ group: DiagnosticGroup, _ values: KeyValuePairs<String, any CustomStringConvertible> = [:], suggestion: String? = nil) {
        self.group = group
        self.message = group.message(values)
        self.hint = suggestion ?? group.hint(values)
    }

    /// The fault's group, message and hint (an input event refused when it was converted).
    init(_ fault: SpecFault) {
        self.group = fault.group
        self.message = fault.message
        self.hint = fault.group.hint()
    }

    /// `message; hint [#Group]`.
    public var description: String {
        "\(message)\(hint.map { "; \($0)" } ?? "") \(group.tag)"
    }
}
