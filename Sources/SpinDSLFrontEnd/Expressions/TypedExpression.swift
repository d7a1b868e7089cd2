/// A checked expression: every name resolved to a slot, every node typed, and every int operand that
/// meets a double wrapped in an explicit `toDouble`, so that later passes never need to reason about
/// promotion.
///
/// Equality and hashing are structural (kind and type only; locations and source text are ignored),
/// so identical guards written in different places compare equal. `canonical` is the same structure
/// as text.
package struct TypedExpression: Hashable, Sendable {
    package indirect enum Kind: Hashable, Sendable {
        /// A literal (an enum case literal is a `.symbol`).
        case constant(SpinValue)
        /// Data field at `slot`.
        case dataField(slot: Int, name: String)
        /// Event payload field at `slot`.
        case eventField(slot: Int, name: String)
        /// The current control state (a symbol of the control-state enumeration).
        case controlState
        /// `active(.S)`: whether state `S` is in the active configuration (bool).
        case activeState(StateMembership, name: String)
        /// An int converted to double.
        case toDouble(TypedExpression)
        /// `-x` on a number, `!x` on a bool.
        case unary(UnaryOperator, TypedExpression)
        /// Both operands have the same type (numbers already promoted), except that comparison and
        /// equality produce bool from non-bool operands.
        case binary(BinaryOperator, TypedExpression, TypedExpression)
        /// Both branches have the node's type.
        case conditional(TypedExpression, TypedExpression, TypedExpression)
        /// For min/max/abs/clamp the arguments already have the result type.
        case call(ExpressionFunction, [TypedExpression])
    }

    /// What the expression computes.
    package var kind: Kind
    /// Its static type.
    package var type: ValueType
    /// Where run-time errors of this node are reported: the operator or function name.
    package var location: SourceLocation
    /// The source text, quoted in run-time error messages.
    package var text: String

    package static func == (lhs: TypedExpression, rhs: TypedExpression) -> Bool {
        lhs.type == rhs.type && lhs.kind == rhs.kind
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(kind)
    }

    /// A fully parenthesised, spelling-independent text form; equal for structurally equal expressions.
    /// For example `left<right and not done` is `((left < right) && (!done))`.
    var canonical: String {
        switch kind {
        case .constant(let value):
            switch value {
            case .string(let text): return SpinValue.jsonString(text)
            case .symbol: return "." + value.formatted(as: type)
            default: return value.formatted(as: type)
            }
        case .dataField(_, let name): return name
        case .eventField(_, let name): return "event." + name
        case .controlState: return "state"
        case .activeState(_, let name): return "active(.\(name))"
        case .toDouble(let operand): return "double(\(operand.canonical))"
        case .unary(let op, let operand): return "(\(op.rawValue)\(operand.canonical))"
        case .binary(let op, let left, let right): return "(\(left.canonical) \(op.rawValue) \(right.canonical))"
        case .conditional(let condition, let then, let otherwise):
            return "(\(condition.canonical) ? \(then.canonical) : \(otherwise.canonical))"
        case .call(.checkedIndex, let arguments):
            return "[\(arguments.map(\.canonical).joined(separator: " of "))]"
        case .call(let function, let arguments):
            return "\(function.rawValue)(\(arguments.map(\.canonical).joined(separator: ", ")))"
        }
    }

    /// The direct sub-expressions.
    var children: [TypedExpression] {
        switch kind {
        case .constant, .dataField, .eventField, .controlState, .activeState: return []
        case .toDouble(let operand), .unary(_, let operand): return [operand]
        case .binary(_, let left, let right): return [left, right]
        case .conditional(let condition, let then, let otherwise): return [condition, then, otherwise]
        case .call(_, let arguments): return arguments
        }
    }

    /// Slots of the data fields this expression reads (on any path).
    var dataFieldsRead: Set<Int> {
        var slots: Set<Int> = []
        visit { if case .dataField(let slot, _) = $0.kind { slots.insert(slot) } }
        return slots
    }

    /// Slots of the event payload fields this expression reads (on any path).
    var eventFieldsRead: Set<Int> {
        var slots: Set<Int> = []
        visit { if case .eventField(let slot, _) = $0.kind { slots.insert(slot) } }
        return slots
    }

    /// Whether the expression reads nothing of a state or an event (no field, no control state):
    /// its value is the same wherever it is evaluated.
    var isConstant: Bool {
        var reads = false
        visit { node in
            switch node.kind {
            // `active(.S)` reads the configuration, as `state` reads the control state.
            case .dataField, .eventField, .controlState, .activeState: reads = true
            default: break
            }
        }
        return !reads
    }

    /// Whether the expression reads the control state.
    var readsControlState: Bool {
        var reads = false
        visit { node in
            switch node.kind {
            case .controlState, .activeState: reads = true
            default: break
            }
        }
        return reads
    }

    /// Calls `body` on every node, parents before children. The parser bounds the tree height.
    func visit(_ body: (TypedExpression) -> Void) {
        body(self)
        for child in children {
            child.visit(body)
        }
    }
}

extension TypedExpression {
    /// The same expression written elsewhere on one line: every node on the line of `start`,
    /// `columnShift` columns to the right of where it was (left when negative), in the file of
    /// `start`. Only meaningful for an expression whose text is on one line. The parser bounds the
    /// tree height, so the recursion is shallow.
    func moved(to start: SourceLocation, columnShift: Int) -> TypedExpression {
        let location = start.moved(toLine: start.line, column: self.location.column &+ columnShift)
        func move(_ child: TypedExpression) -> TypedExpression {
            child.moved(to: start, columnShift: columnShift)
        }
        let kind: Kind
        switch self.kind {
        case .constant, .dataField, .eventField, .controlState, .activeState:
            kind = self.kind
        case .toDouble(let operand):
            kind = .toDouble(move(operand))
        case .unary(let op, let operand):
            kind = .unary(op, move(operand))
        case .binary(let op, let left, let right):
            kind = .binary(op, move(left), move(right))
        case .conditional(let condition, let then, let otherwise):
            kind = .conditional(move(condition), move(then), move(otherwise))
        case .call(let function, let arguments):
            kind = .call(function, arguments.map(move))
        }
        return TypedExpression(kind: kind, type: type, location: location, text: text)
    }
}
