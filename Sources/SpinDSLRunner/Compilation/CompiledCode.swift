import SpinDSLFrontEnd

/// The entry points of one compiled expression, for a table that calls them on every step through
/// an unmanaged reference.
///
/// A closure loaded from an array, or from any memory, is retained before the call and released
/// after it: two atomic operations per call on the hot path. A closure held in a `let` of an
/// object the caller already guarantees alive is called as is, so tables keep these objects alive
/// (strong references in an array) and call through `Unmanaged` views of them, which load as
/// plain words. Not generic: a closure stored in a generic class is kept at its most general
/// abstraction and every call would go through a reabstraction thunk.
///
/// Each object is made for one use, a guard or an assignment, and only the entry point that use
/// calls is the expression's code; the others are one shared closure that captures nothing. Making
/// the unused ones (a closure each that throws an error located at the expression, and a wrapper
/// producing a `SpinValue`) would allocate for every row of a large table code never called.
final class CompiledCode: Sendable {
    /// The value as a bool (a guard).
    let bool: BoolCode
    /// The value as an int (an int expression assigned to an int field).
    let int: IntCode
    /// The value converted to the type it is assigned to.
    let value: ValueCode

    /// The code of a guard: `bool`.
    init(guard expression: borrowing CompiledExpression) {
        bool = expression.boolClosure
        int = Self.unusedInt
        value = Self.unusedValue
    }

    /// The code of an assignment of `expression` to a field of type `type`: `int` when `isInt`
    /// (both are ints), else `value`, converted to `type`.
    init(assigning expression: borrowing CompiledExpression, to type: ValueType, isInt: Bool) {
        bool = Self.unusedBool
        if isInt {
            int = expression.intClosure
            value = Self.unusedValue
        } else {
            int = Self.unusedInt
            value = expression.valueClosure(as: type)
        }
    }

    // The entry points a use never calls: closures without captures, so no allocation. Were one
    // called (a table bug), it would throw rather than trap.

    private static var unusedBool: BoolCode {
        { (_: EvaluationView) throws(EvaluationError) -> Bool in throw EvaluationError.misusedEntryPoint }
    }

    private static var unusedInt: IntCode {
        { (_: EvaluationView) throws(EvaluationError) -> Int64 in throw EvaluationError.misusedEntryPoint }
    }

    private static var unusedValue: ValueCode {
        { (_: EvaluationView) throws(EvaluationError) -> SpinValue in throw EvaluationError.misusedEntryPoint }
    }
}
