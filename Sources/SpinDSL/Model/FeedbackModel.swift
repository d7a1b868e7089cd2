/// A resolved named feedback rule: its cases in order.
struct FeedbackModel: Sendable {
    /// The rule's name.
    let name: Name
    /// Its cases; the first whose trigger holds acts.
    let cases: [RuleModel]
}
