/// `strategy: cancel | continue`.
public enum RuleStrategy: String, Hashable, Sendable {
    case cancel
    case `continue`
}
