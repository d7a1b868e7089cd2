/// The shapes of the commonest guards, level conditions and assignments, which a table evaluates
/// inline from the data slots without calling the expression's closures: `count < limit`,
/// `count >= 10`, `count + 1`.
///
/// A shape is only a fast path. Whenever its answer is not a plain result — a slot that does not
/// hold an int, an overflow — it answers nil and the caller runs the compiled code, which throws
/// the error with its exact location and message. So a shape never changes what an expression
/// means, only how often a closure is called for it.
package enum SlotShape: Sendable {
    /// Not one of the shapes below.
    case general
    /// `slot op constant` on ints, `op` a comparison.
    case compareWithConstant(BinaryOperator, slot: Int, constant: Int64)
    /// `slot op other` on ints, `op` a comparison.
    case compareSlots(BinaryOperator, slot: Int, other: Int)
    /// `slot + constant` (or `slot - constant`, with the constant negated) on ints.
    case addConstant(slot: Int, constant: Int64)

    /// The shape of a checked expression.
    package init(_ expression: TypedExpression) {
        guard case .binary(let op, let left, let right) = expression.kind,
              case .dataField(let slot, _) = left.kind, left.type == .int else {
            self = .general
            return
        }
        switch (op, right.kind) {
        case (.less, _), (.lessOrEqual, _), (.greater, _), (.greaterOrEqual, _), (.equal, _), (.notEqual, _):
            if case .constant(.int(let constant)) = right.kind {
                self = .compareWithConstant(op, slot: slot, constant: constant)
            } else if case .dataField(let other, _) = right.kind, right.type == .int {
                self = .compareSlots(op, slot: slot, other: other)
            } else {
                self = .general
            }
        case (.add, .constant(.int(let constant))):
            self = .addConstant(slot: slot, constant: constant)
        case (.subtract, .constant(.int(let constant))) where constant != .min:
            self = .addConstant(slot: slot, constant: -constant)
        default:
            self = .general
        }
    }

    /// The value of a bool shape on `data`, or nil when the compiled code must answer.
    @inline(__always)
    package func bool(_ data: UnsafeBufferPointer<SpinValue>) -> Bool? {
        switch self {
        case .compareWithConstant(let op, let slot, let constant):
            guard let value = Self.int(data, slot) else { return nil }
            return op.compare(value, constant)
        case .compareSlots(let op, let slot, let other):
            guard let value = Self.int(data, slot), let otherValue = Self.int(data, other) else { return nil }
            return op.compare(value, otherValue)
        case .general, .addConstant:
            return nil
        }
    }

    /// The value of an int shape on `data`, or nil when the compiled code must answer.
    @inline(__always)
    package func int(_ data: UnsafeBufferPointer<SpinValue>) -> Int64? {
        guard case .addConstant(let slot, let constant) = self, let value = Self.int(data, slot) else { return nil }
        let (sum, overflow) = value.addingReportingOverflow(constant)
        return overflow ? nil : sum
    }

    @inline(__always)
    private static func int(_ data: UnsafeBufferPointer<SpinValue>, _ slot: Int) -> Int64? {
        guard slot >= 0, slot < data.count, case .int(let value) = data[slot] else { return nil }
        return value
    }
}
