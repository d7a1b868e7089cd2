/// An expression scope and its identity within one spin (-1 without an event, else the event's
/// index): expressions checked in scopes of the same identity mean the same thing. Nil for a scope
/// that is not shared.
struct ResolverScope {
    let id: Int?
    let scope: ExpressionScope
}
