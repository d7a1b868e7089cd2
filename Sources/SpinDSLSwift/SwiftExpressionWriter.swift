import SpinDSLFrontEnd

/// Writes a checked expression (`TypedExpression`) as a Swift expression with the language's
/// semantics: checked int arithmetic and conversions through `GeneratedArithmetic` (faults at the
/// expression's place, with the interpreter's messages), truncating `/` and `%`, `&&`, `||` and
/// `=>` short-circuiting left to right, NaN-propagating `min` and `max` on doubles.
///
/// Every compound is parenthesised, so the text can be placed as an operand anywhere. A `try`
/// covers the whole expression where it is used (Swift allows none to the right of an operator):
/// `throws` says whether one is needed.
struct SwiftExpressionWriter {
    /// The Swift text of one expression.
    struct Code {
        var text: String
        /// Whether it calls a function that throws a `GeneratedFault`.
        var canThrow: Bool
    }

    /// The Swift name of each data slot, read from the snapshot (`snapshot.credit`).
    let dataNames: [String]
    /// The Swift name of each payload slot of the event being reduced (`event_amount`); empty
    /// outside a row.
    var eventNames: [String] = []
    /// The Swift name of each control state's case.
    let stateCases: [String]
    /// The Swift type of each enumeration but the control states'.
    let enumTypes: [EnumType: String]
    /// The control states as an enumeration (its values are `State`'s cases).
    let controlType: EnumType?
    /// The longest string an expression may make, in bytes (the interpreter's default limit).
    let maxStringBytes: Int
    /// The faults the code written so far can raise, as `GeneratedFault(…)` literals: a failing
    /// expression throws its index here (`GeneratedFailure`).
    private(set) var faultSites: [String] = []
    private var siteIndex: [String: Int] = [:]
    /// The payload slots the expressions written so far read.
    private(set) var eventSlotsRead: Set<Int> = []

    init(dataNames: [String], stateCases: [String], enumTypes: [EnumType: String], controlType: EnumType?, maxStringBytes: Int) {
        self.dataNames = dataNames
        self.stateCases = stateCases
        self.enumTypes = enumTypes
        self.controlType = controlType
        self.maxStringBytes = maxStringBytes
    }

    /// Forgets the payload slots read so far (or sets them), around the rows of one event.
    mutating func resetEventSlotsRead(to slots: Set<Int> = []) {
        eventSlotsRead = slots
    }

    /// The Swift text of `e`.
    mutating func write(_ e: TypedExpression) throws(SwiftRefusal) -> Code {
        if e.type == .duration { throw refusal(e, "durations are not generated yet") }
        switch e.kind {
        case .constant(let value):
            return Code(text: try constant(value, e), canThrow: false)
        case .dataField(let slot, _):
            guard dataNames.indices.contains(slot) else { throw refusal(e, "it reads a field the writer has no name for") }
            return Code(text: "snapshot.\(dataNames[slot])", canThrow: false)
        case .eventField(let slot, _):
            guard eventNames.indices.contains(slot) else { throw refusal(e, "it reads a payload field the writer has no name for") }
            eventSlotsRead.insert(slot)
            return Code(text: eventNames[slot], canThrow: false)
        case .controlState:
            return Code(text: "snapshot.state", canThrow: false)
        case .activeState(let membership, _):
            guard stateCases.indices.contains(membership.state) else { throw refusal(e, "it names a state the writer has no case for") }
            return Code(text: "(snapshot.state == .\(stateCases[membership.state]))", canThrow: false)
        case .toDouble(let operand):
            let code = try write(operand)
            return Code(text: "Double(\(code.text))", canThrow: code.canThrow)
        case .unary(let op, let operand):
            return try unary(op, operand, e)
        case .binary(let op, let left, let right):
            return try binary(op, left, right, e)
        case .conditional(let condition, let then, let otherwise):
            let c = try write(condition), t = try write(then), o = try write(otherwise)
            return Code(text: "(\(c.text) ? \(t.text) : \(o.text))", canThrow: c.canThrow || t.canThrow || o.canThrow)
        case .call(let function, let arguments):
            return try call(function, arguments, e)
        }
    }

    func refusal(_ e: TypedExpression, _ why: String) -> SwiftRefusal {
        SwiftRefusal(location: e.location, what: "'\(e.text)'", why: why)
    }

    /// `GeneratedFault(…)` for the interpreter's error `reason` at `e`.
    mutating func site(_ e: TypedExpression, _ reason: EvaluationError.Reason) -> Int {
        let fault = SpecFault(EvaluationError(location: e.location, reason: reason))
        return site(fault.group, at: fault.location, message: fault.message)
    }

    /// The number of the fault site of `group` at `location` saying `message` (with
    /// `SwiftLiteral.placeholder` where the failure's value goes): one per distinct fault.
    mutating func site(_ group: DiagnosticGroup, at location: SourceLocation, message: String) -> Int {
        let text = SwiftLiteral.fault(group, at: location, message: message)
        if let index = siteIndex[text] { return index }
        faultSites.append(text)
        siteIndex[text] = faultSites.count - 1
        return faultSites.count - 1
    }

    private func constant(_ value: SpinValue, _ e: TypedExpression) throws(SwiftRefusal) -> String {
        try literal(value, of: e.type, location: e.location, text: e.text)
    }

    /// The Swift literal of `value`, of type `type`, written at `location` as `text`: a constant
    /// of an expression or a field's initial value.
    func literal(_ value: SpinValue, of type: ValueType, location: SourceLocation, text: String) throws(SwiftRefusal) -> String {
        switch value {
        case .int(let number): return SwiftLiteral.int(number)
        case .double(let number): return SwiftLiteral.double(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .string(let text): return SwiftLiteral.string(text)
        case .duration: throw SwiftRefusal(location: location, what: "'\(text)'", why: "durations are not generated yet")
        case .symbol(let index): return try symbol(index, of: type, location: location, text: text)
        }
    }

    /// `Type.case` for case `index` of enumeration `type`.
    func symbol(_ index: Int, of type: ValueType, location: SourceLocation, text: String) throws(SwiftRefusal) -> String {
        func refusal(_ why: String) -> SwiftRefusal { SwiftRefusal(location: location, what: "'\(text)'", why: why) }
        guard case .enumeration(let enumType) = type else { throw refusal("it is a case of no enumeration") }
        if enumType == controlType {
            guard stateCases.indices.contains(index) else { throw refusal("it names a state the writer has no case for") }
            return "State.\(stateCases[index])"
        }
        guard let typeName = enumTypes[enumType], let name = enumType.caseName(at: index), let caseName = SwiftNames.caseName(name) else {
            throw refusal("its enumeration has no Swift type")
        }
        return "\(typeName).\(caseName)"
    }

    private mutating func unary(_ op: UnaryOperator, _ operand: TypedExpression, _ e: TypedExpression) throws(SwiftRefusal) -> Code {
        let code = try write(operand)
        switch (op, e.type) {
        case (.not, _):
            return Code(text: "(!\(code.text))", canThrow: code.canThrow)
        case (.negate, .int):
            return Code(text: "GeneratedArithmetic.negate(\(code.text), site: \(site(e, .overflow(expression: e.text))))", canThrow: true)
        case (.negate, _):
            return Code(text: "(-\(code.text))", canThrow: code.canThrow)
        }
    }

    private mutating func binary(_ op: BinaryOperator, _ left: TypedExpression, _ right: TypedExpression, _ e: TypedExpression) throws(SwiftRefusal) -> Code {
        if left.type == .duration || right.type == .duration { throw refusal(e, "durations are not generated yet") }
        let l = try write(left), r = try write(right)
        let throwsAny = l.canThrow || r.canThrow
        switch op {
        case .and: return Code(text: "(\(l.text) ? \(r.text) : false)", canThrow: throwsAny)
        case .or: return Code(text: "(\(l.text) ? true : \(r.text))", canThrow: throwsAny)
        case .implies: return Code(text: "(\(l.text) ? \(r.text) : true)", canThrow: throwsAny)
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
            return Code(text: "(\(l.text) \(op.rawValue) \(r.text))", canThrow: throwsAny)
        case .add, .subtract, .multiply, .divide, .remainder:
            switch e.type {
            case .int: return intArithmetic(op, l.text, r.text, e)
            case .double:
                if op == .remainder {
                    return Code(text: "\(l.text).truncatingRemainder(dividingBy: \(r.text))", canThrow: throwsAny)
                }
                return Code(text: "(\(l.text) \(op.rawValue) \(r.text))", canThrow: throwsAny)
            case .string where op == .add:
                let message = DiagnosticGroup.stringTooLong.message(
                    ["size": SwiftLiteral.placeholder, "limit": maxStringBytes, "expression": e.text])
                let tooLong = site(.stringTooLong, at: e.location, message: message)
                return Code(text: "GeneratedStrings.join(\(l.text), \(r.text), limit: \(maxStringBytes), site: \(tooLong))", canThrow: true)
            default:
                throw refusal(e, "the operator has no \(e.type) form")
            }
        }
    }

    private mutating func intArithmetic(_ op: BinaryOperator, _ l: String, _ r: String, _ e: TypedExpression) -> Code {
        let text: String
        switch op {
        case .add: text = "GeneratedArithmetic.add(\(l), \(r), site: \(site(e, .overflow(expression: e.text))))"
        case .subtract: text = "GeneratedArithmetic.subtract(\(l), \(r), site: \(site(e, .overflow(expression: e.text))))"
        case .multiply: text = "GeneratedArithmetic.multiply(\(l), \(r), site: \(site(e, .overflow(expression: e.text))))"
        case .divide:
            let zero = site(e, .divisionByZero(expression: e.text))
            text = "GeneratedArithmetic.divide(\(l), \(r), zero: \(zero), overflow: \(site(e, .overflow(expression: e.text))))"
        default: text = "GeneratedArithmetic.remainder(\(l), \(r), zero: \(site(e, .moduloByZero(expression: e.text))))"
        }
        return Code(text: text, canThrow: true)
    }
}
