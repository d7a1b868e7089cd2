/// A resolved named feedback rule: its cases in order.
package struct FeedbackModel: Sendable {
    /// The rule's name.
    package let name: Name
    /// Its cases; the first whose trigger holds acts.
    package let cases: [RuleModel]
}
