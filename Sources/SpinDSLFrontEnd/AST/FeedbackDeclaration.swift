/// A named rule: one rule, or a list of cases of which the first whose trigger holds acts.
public struct FeedbackDeclaration: Hashable, Sendable {
    /// The rule's name.
    public let name: Name
    /// One or more cases, in order.
    public let cases: [FeedbackRuleDeclaration]

    /// Creates a named rule.
    public init(name: Name, cases: [FeedbackRuleDeclaration]) {
        self.name = name
        self.cases = cases
    }
}
