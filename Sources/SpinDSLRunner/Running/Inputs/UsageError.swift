import SpinDSLFrontEnd


/// A problem with how spinrun was called or fed, with where it was found: an option (`--event`),
/// a line of a file (`coins.events:3`), a line typed on stdin (`stdin:2`).
public struct UsageError: Error, CustomStringConvertible {
    /// Where: an option, `file:line` or `stdin:line`; nil when the problem says it all.
    public let origin: String?
    /// What is wrong, with its group.
    public let problem: UsageProblem

    public init(_ origin: String?, _ problem: UsageProblem) {
        self.origin = origin
        self.problem = problem
    }

    /// The problem of `group` (see `UsageProblem.init`) found at `origin`.
    public init(
        _ origin: String?, _ group: DiagnosticGroup,
        _ values: KeyValuePairs<String, any CustomStringConvertible> = [:], suggestion: String? = nil
    ) {
        self.init(origin, UsageProblem(group, values, suggestion: suggestion))
    }

    /// `origin: message; hint [#Group]`.
    public var description: String {
        origin.map { "\($0): \(problem)" } ?? problem.description
    }
}
