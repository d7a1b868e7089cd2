import Testing
@testable import SpinDSLFrontEnd

@Suite struct ExpressionEvaluationTests {
    typealias F = ExpressionFixture

    @Test(arguments: [
        ("42", SpinValue.int(42)),
        ("-9223372036854775808", .int(Int64.min)),
        ("3.5", .double(3.5)),
        ("1e3", .double(1000)),
        ("2.5E-1", .double(0.25)),
        ("true", .bool(true)),
        ("false", .bool(false)),
        ("\"a\\\"b\\\\c\\n\\t\"", .string("a\"b\\c\n\t")),
        ("'it\\'s'", .string("it's")),
        ("left", .int(3)),
        ("temp", .double(21.5)),
        ("name", .string("ada")),
        ("mode", .symbol(1)),
        ("event.amount", .int(5)),
        ("event.note", .string("hi")),
        ("state", .symbol(1)),
    ])
    func literalsAndNames(text: String, expected: SpinValue) throws {
        #expect(try F.value(text) == expected)
    }

    @Test(arguments: [
        ("1 + 2 * 3", SpinValue.int(7)),
        ("(1 + 2) * 3", .int(9)),
        ("10 - 4 - 3", .int(3)),
        ("100 / 10 / 5", .int(2)),
        ("7 / 2", .int(3)),
        ("-7 / 2", .int(-3)),
        ("-7 % 3", .int(-1)),
        ("7 % -3", .int(1)),
        ("2 * -3", .int(-6)),
        ("- left", .int(-3)),
        ("--left", .int(3)),
        ("left < right", .bool(true)),
        ("left + 1 < right - 3", .bool(false)),
        ("left + 4 <= right", .bool(true)),
        ("1 < 2 == 3 < 4", .bool(true)),
        ("true || false && false", .bool(true)),
        ("(true || false) && false", .bool(false)),
        ("!done && left == 3", .bool(true)),
        ("not done and left != 3 or right == 7", .bool(true)),
        ("left > right ? left : right", .int(7)),
        ("false ? 1 : true ? 2 : 3", .int(2)),
        ("left < right ? 1 : 2 + 10", .int(1)),
        ("count + 1 == 42", .bool(true)),
        ("count * 2 >= 82 and count % 2 == 1", .bool(true)),
    ])
    func operatorsAndPrecedence(text: String, expected: SpinValue) throws {
        #expect(try F.value(text) == expected)
    }

    @Test(arguments: [
        ("left + 0.5", SpinValue.double(3.5)),
        ("temp * 2", .double(43.0)),
        ("left / 2.0", .double(1.5)),
        ("left / 2", .int(1)),
        ("left == 3.0", .bool(true)),
        ("left < temp", .bool(true)),
        ("true ? left : 2.5", .double(3.0)),
        ("min(left, 2.5)", .double(2.5)),
        ("max(left, right, 5)", .int(7)),
        ("min(right, left, 5)", .int(3)),
        // Four arguments are chained closures, five a loop over them (ExpressionCompiler.extremum).
        ("min(9, 8, right, 7)", .int(7)),
        ("min(9, 8, right, 7, left)", .int(3)),
        ("max(1, 2.5, left, 0, right, -4)", .double(7)),
        ("max(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)", .int(12)),
        ("abs(-4)", .int(4)),
        ("abs(-4.25)", .double(4.25)),
        ("clamp(left, 4, 6)", .int(4)),
        ("clamp(right, 4, 6)", .int(6)),
        ("clamp(temp, 0, 100)", .double(21.5)),
        ("int(temp)", .int(21)),
        ("int(-2.9)", .int(-2)),
        ("int(left)", .int(3)),
        ("double(left) / 2", .double(1.5)),
        ("7.5 % 2", .double(1.5)),
        ("1.0 / 0.0", .double(.infinity)),
        ("-1.0 / 0", .double(-.infinity)),
    ])
    func numericPromotionAndFunctions(text: String, expected: SpinValue) throws {
        #expect(try F.value(text) == expected)
    }

    @Test func promotedIntIsStructurallyADouble() throws {
        let compiled = try F.compile("left + 1.5")
        #expect(compiled.type == .double)
        #expect(compiled.expression.canonical == "(double(left) + 1.5)")
        let literal = try F.compile("temp + 1")
        #expect(literal.expression.canonical == "(temp + 1.0)")
    }

    @Test(arguments: [
        ("name + \"!\"", SpinValue.string("ada!")),
        ("'a' + 'b' + name", .string("abada")),
        ("string(left) + \"/\" + string(temp)", .string("3/21.5")),
        ("string(2.0)", .string("2.0")),
        ("string(done)", .string("false")),
        ("string(mode)", .string("cool")),
        ("string(state)", .string("locked")),
        ("string(.heat)", .string("heat")),
        ("string(0.0 / 0.0)", .string("nan")),
        ("string(-1.0 / 0.0)", .string("-inf")),
        ("\"abc\" < \"abd\"", .bool(true)),
        ("name == \"ada\"", .bool(true)),
        ("name != 'ada'", .bool(false)),
    ])
    func strings(text: String, expected: SpinValue) throws {
        #expect(try F.value(text) == expected)
    }

    @Test(arguments: [
        ("mode == .cool", SpinValue.bool(true)),
        (".cool == mode", .bool(true)),
        ("mode != .heat", .bool(true)),
        ("mode == event.target", .bool(false)),
        ("event.target == .heat", .bool(true)),
        ("state == .locked", .bool(true)),
        ("state != .idle", .bool(true)),
        (".open == state", .bool(false)),
        ("done ? .off : mode", .symbol(1)),
        ("left < right ? .off : mode", .symbol(2)),
    ])
    func enumerationsAndControlState(text: String, expected: SpinValue) throws {
        #expect(try F.value(text) == expected)
    }

    @Test func enumCaseTakesTypeFromExpectedType() throws {
        // `.off` is a case of both mode and fan; the expected type decides.
        let compiled = try F.compile(".off", expecting: .enumeration(F.fan))
        #expect(compiled.type == .enumeration(F.fan))
        #expect(try compiled.evaluate(F.context) == .symbol(2))
        let locked = try F.compile(".locked", expecting: .enumeration(F.states))
        #expect(try locked.evaluateSymbol(F.context) == 1)
    }

    @Test func controlStateFollowsContext() throws {
        let compiled = try F.compile("state == .open")
        var context = F.context
        #expect(try compiled.evaluateBool(context) == false)
        context.state = 2
        #expect(try compiled.evaluateBool(context) == true)
    }

    @Test func nanComparesUnequalToItself() throws {
        #expect(try F.value("0.0 / 0.0 == 0.0 / 0.0") == .bool(false))
        #expect(try F.value("0.0 / 0.0 != 0.0 / 0.0") == .bool(true))
        #expect(try F.value("0.0 / 0.0 < 1.0") == .bool(false))
        #expect(try F.value("0.0 / 0.0 >= 1.0") == .bool(false))
        #expect(try F.value("min(1.0, 0.0 / 0.0) == min(1.0, 0.0 / 0.0)") == .bool(false))
        #expect(try F.value("string(max(0.0 / 0.0, 1))") == .string("nan"))
        guard case .double(let nan) = try F.value("0.0 / 0.0") else {
            Issue.record("0.0 / 0.0 is not a double")
            return
        }
        #expect(nan.isNaN)
        // SpinValue's own equality is identity of bit patterns, so a NaN value equals itself there.
        #expect(SpinValue.double(nan) == SpinValue.double(nan))
    }

    @Test func typedFastPaths() throws {
        #expect(try F.compile("count + 1").evaluateInt(F.context) == 42)
        #expect(try F.compile("temp / 2").evaluateDouble(F.context) == 10.75)
        #expect(try F.compile("count").evaluateDouble(F.context) == 41.0)
        #expect(try F.compile("left < right").evaluateBool(F.context) == true)
        #expect(throws: EvaluationError.self) { try F.compile("left").evaluateBool(F.context) }
    }

    /// `P => Q` is `!P || Q`, binds loosest and to the right, and is `implies` in words.
    @Test(arguments: [
        ("true => false", SpinValue.bool(false)),
        ("true => true", .bool(true)),
        ("false => false", .bool(true)),
        ("false => true", .bool(true)),
        ("done implies left == 4", .bool(true)),
        ("not done implies left == 4", .bool(false)),
        // Right-associative: `false => (false => false)`; left-associative would be false.
        ("false => false => false", .bool(true)),
        // Loosest: `(true || false) => (false && true)`.
        ("true || false => false && true", .bool(false)),
        ("left < right => left + 4 == right", .bool(true)),
        ("left < right => false ? 1 : 2", .int(2)),
    ])
    func implication(text: String, expected: SpinValue) throws {
        #expect(try F.value(text) == expected)
    }

    @Test func shortCircuitSkipsFailingOperand() throws {
        #expect(try F.value("false => 1 / 0 == 1") == .bool(true))
        #expect(try F.value("false && 1 / 0 == 1") == .bool(false))
        #expect(try F.value("true || 1 / 0 == 1") == .bool(true))
        #expect(try F.value("true ? 1 : 1 / 0") == .int(1))
    }

    @Test func expectedDoubleAcceptsInt() throws {
        let compiled = try F.compile("left + 1", expecting: .double)
        #expect(compiled.type == .double)
        #expect(try compiled.evaluate(F.context) == .double(4.0))
    }
}
