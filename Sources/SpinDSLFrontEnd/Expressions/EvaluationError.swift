/// A run-time failure of an expression: integer overflow, integer division by zero, an impossible
/// `int(x)` conversion, or a context whose values do not match the scope the expression was checked in.
///
/// Evaluation throws these instead of trapping, so a bad spec stops one transition, not the process.
///
/// Compiled code holds one of these, ready to throw, for every node that can fail, yet almost none is
/// ever thrown; so the error keeps what its message is made of (`Reason`) and writes the message only
/// when asked: formatting every message up front would cost a large spec's load more than its
/// checking does.
package struct EvaluationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, with the parts of the message; formatted by `message`.
    package enum Reason: Sendable {
        /// `integer overflow in 'TEXT'`.
        case overflow(expression: String)
        /// `division by zero in 'TEXT'`.
        case divisionByZero(expression: String)
        /// `modulo by zero in 'TEXT'`.
        case moduloByZero(expression: String)
        /// `cannot convert nan to int in 'TEXT'`.
        case nanToInt(expression: String)
        /// `VALUE does not fit in a 64-bit integer in 'TEXT'` (`int(x)` of a double out of range).
        case doesNotFit(value: String, expression: String)
        /// `duration out of range in 'TEXT'`: a duration's milliseconds overflow 64 bits, or a
        /// duration scaled by a double is NaN or infinite.
        case durationOutOfRange(expression: String)
        /// `a string of SIZE bytes in 'TEXT' is longer than the limit of LIMIT bytes`.
        case stringTooLong(size: Int, limit: Int, expression: String)
        /// `index INDEX in 'TEXT' is outside the COUNT elements of the array`.
        case indexOutOfRange(index: Int64, count: Int64, expression: String)
        /// A field of the context holds a value of another type than the one the checker gave it.
        case fieldType(FieldKind, wanted: String)
        /// A node reached code for another type (a checker or caller bug).
        case compiledAs(expression: String, type: ValueType, wanted: String)
        /// An entry point for another type was called (a caller bug).
        case wrongEntryPoint(expression: String, type: ValueType, wanted: String)
        /// The same, thrown by code that does not know its expression: `CompiledExpression`
        /// replaces it with a `wrongEntryPoint` before it leaves.
        case misusedEntryPoint
        /// `VALUE is outside the range [LO, HI] of data field 'FIELD'`: thrown by the reducer
        /// table, which locates it at the assigning row.
        case outOfRange(field: String, value: String, range: ValueRange)
    }

    /// The kind of context value a `fieldType` failure read.
    package enum FieldKind: Sendable {
        case data(slot: Int, name: String)
        case event(slot: Int, name: String)
        case controlState
    }

    /// The operator or function name whose evaluation failed.
    package var location: SourceLocation
    /// What went wrong.
    package var reason: Reason

    /// Creates an error whose message is written when it is read.
    package init(location: SourceLocation, reason: Reason) {
        self.location = location
        self.reason = reason
    }

    /// The catalog's group of this error.
    var group: DiagnosticGroup {
        switch reason {
        case .overflow: return .integerOverflow
        case .divisionByZero: return .divisionByZero
        case .moduloByZero: return .moduloByZero
        case .nanToInt: return .nanToInt
        case .doesNotFit: return .intConversionOverflow
        case .durationOutOfRange: return .durationOutOfRange
        case .stringTooLong: return .stringTooLong
        case .fieldType, .compiledAs, .wrongEntryPoint, .misusedEntryPoint: return .internalError
        case .outOfRange: return .valueOutOfRange
        case .indexOutOfRange: return .indexOutOfRange
        }
    }

    /// What went wrong, quoting the sub-expression: `integer overflow in 'count + 1'`.
    var message: String {
        switch reason {
        case .overflow(let text), .divisionByZero(let text), .moduloByZero(let text), .nanToInt(let text),
             .durationOutOfRange(let text):
            return group.message(["expression": text])
        case .doesNotFit(let value, let text):
            return group.message(["value": value, "expression": text])
        case .stringTooLong(let size, let limit, let text):
            return group.message(["size": size, "limit": limit, "expression": text])
        case .fieldType(.data(let slot, let name), let wanted):
            return group.message(["problem": "data field '\(name)' (slot \(slot)) does not hold \(wanted) value"])
        case .fieldType(.event(let slot, let name), let wanted):
            return group.message(["problem": "event payload field '\(name)' (slot \(slot)) does not hold \(wanted) value"])
        case .fieldType(.controlState, let wanted):
            return group.message(["problem": "control state does not hold \(wanted) value"])
        case .compiledAs(let text, let type, let wanted):
            return group.message(["problem": "'\(text)' of type \(type) compiled as \(wanted)"])
        case .wrongEntryPoint(let text, let type, let wanted):
            return group.message(["problem": "'\(text)' has type \(type), not \(wanted)"])
        case .misusedEntryPoint:
            return group.message(["problem": "an expression was evaluated as a type it does not have"])
        case let .indexOutOfRange(index, count, text):
            return group.message(["index": index, "count": count, "expression": text])
        case let .outOfRange(field, value, range):
            return group.message(["value": value, "range": range, "field": field])
        }
    }

    /// What the unused entry points of a `CompiledExpression` throw, made once: those closures
    /// capture nothing, so they cost no allocation per expression.
    package static let misusedEntryPoint = EvaluationError(
        location: SourceLocation(file: "<expression>", line: 1, column: 1), reason: .misusedEntryPoint)

    /// `file:line:column: error: message [#Group]`.
    package var description: String { SpecFault(self).description }

    /// The error as a diagnostic, for rendering with the spec's source line.
    var diagnostic: Diagnostic { Diagnostic(group, at: location, message: message) }

    /// Errors are equal when they would be reported the same way, however their messages are kept.
    package static func == (lhs: EvaluationError, rhs: EvaluationError) -> Bool {
        lhs.group == rhs.group && lhs.location == rhs.location && lhs.message == rhs.message
    }
}

extension SpecFault {
    /// The run-time fault an evaluation error is, reported as it was found.
    package init(_ error: EvaluationError) {
        self.init(group: error.group, location: error.location, message: error.message)
    }
}
