/// The entry points of one compiled expression, for a table that calls them on every step through
/// an unmanaged reference.
///
/// A closure loaded from an array, or from any memory, is retained before the call and released
/// after it: two atomic operations per call on the hot path. A closure held in a `let` of an
/// object the caller already guarantees alive is called as is, so tables keep these objects alive
/// (strong references in an array) and call through `Unmanaged` views of them, which load as
/// plain words. Not generic: a closure stored in a generic class is kept at its most general
/// abstraction and every call would go through a reabstraction thunk.
final class CompiledCode: Sendable {
    /// The value as a bool (a guard).
    let bool: BoolCode
    /// The value as an int (an int expression assigned to an int field).
    let int: IntCode
    /// The value converted to the type it is assigned to.
    let value: ValueCode

    /// The entry points of `expression`, its value converted to `type`.
    init(_ expression: CompiledExpression, as type: ValueType) {
        bool = expression.boolClosure
        int = expression.intClosure
        value = expression.valueClosure(as: type)
    }
}
