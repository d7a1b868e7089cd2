import Testing
@testable import SpinDSLFrontEnd

@Suite struct ExpressionValueTests {
    static let mode = EnumType(name: "mode", cases: ["heat", "cool"])

    @Test(arguments: [
        (SpinValue.int(-42), ValueType.int, "-42"),
        (.double(2), .double, "2.0"),
        (.double(0.1), .double, "0.1"),
        (.double(-0.0), .double, "-0.0"),
        (.double(1e16), .double, "1e+16"),
        (.double(123456.75), .double, "123456.75"),
        (.double(.nan), .double, "nan"),
        (.double(.infinity), .double, "inf"),
        (.double(-.infinity), .double, "-inf"),
        (.bool(true), .bool, "true"),
        (.string("a \"b\""), .string, "a \"b\""),
        (.symbol(1), .enumeration(mode), "cool"),
        (.symbol(7), .enumeration(mode), "#7"),
    ])
    func formatted(value: SpinValue, type: ValueType, expected: String) {
        #expect(value.formatted(as: type) == expected)
    }

    @Test(arguments: [
        (SpinValue.int(Int64.min), ValueType.int, "-9223372036854775808"),
        (.double(2), .double, "2.0"),
        (.double(1e-7), .double, "1e-07"),
        (.double(.nan), .double, "\"nan\""),
        (.double(-.infinity), .double, "\"-inf\""),
        (.bool(false), .bool, "false"),
        (.string("q\"b\\s\n\t\r\u{1}é"), .string, "\"q\\\"b\\\\s\\n\\t\\r\\u0001é\""),
        (.symbol(0), .enumeration(mode), "\"heat\""),
    ])
    func json(value: SpinValue, type: ValueType, expected: String) {
        #expect(value.json(as: type) == expected)
    }

    @Test func typeDescriptions() {
        #expect([ValueType.int, .double, .bool, .string, .enumeration(Self.mode)].map(\.description) == ["int", "double", "bool", "string", "mode"])
        #expect(Self.mode.index(of: "cool") == 1)
        #expect(Self.mode.index(of: "warm") == nil)
    }

    @Test func hashableUsesBitPatterns() {
        #expect(SpinValue.double(.nan) == SpinValue.double(.nan))
        #expect(SpinValue.double(0.0) != SpinValue.double(-0.0))
        #expect(SpinValue.int(1) != SpinValue.double(1))
        #expect(Set([SpinValue.double(.nan), .double(.nan), .int(1), .symbol(1)]).count == 3)
    }
}

@Suite struct ExpressionAnalysisTests {
    typealias F = ExpressionFixture

    private func typed(_ text: String) throws -> TypedExpression {
        try F.compile(text).expression
    }

    @Test func structurallyEqualExpressionsCompareEqual() throws {
        #expect(try typed("left<right and not done") == typed("(left < right) && !done"))
        #expect(try typed("left<right and not done").canonical == "((left < right) && (!done))")
        #expect(try typed("left < right") != typed("right > left"))
        #expect(try typed("mode == .heat") != typed(".heat == mode"))  // operand order is structure
        #expect(try typed("mode == .heat").canonical == "(mode == .heat)")
        #expect(try typed("name + \"x\\n\"").canonical == "(name + \"x\\n\")")
        #expect(try Set([typed("left + 1"), typed("left+1"), typed("(left) + (1)")]).count == 1)
        #expect(try Set([typed("left + 1"), typed("left + 1.0")]).count == 2)

        let a = ExpressionParser.parse("a and b", at: F.location).syntax
        let b = ExpressionParser.parse("(a)&&b", at: SpinDSLFrontEnd.SourceLocation(file: "other.yaml", line: 9, column: 1)).syntax
        #expect(a != nil)
        #expect(a == b)
    }

    @Test func fieldsRead() throws {
        let e = try typed("left + event.amount > count ? string(mode) : name + event.note")
        #expect(e.dataFieldsRead == [0, 6, 4, 3])
        #expect(e.eventFieldsRead == [0, 1])
        #expect(!e.readsControlState)
        #expect(try typed("state == .open").readsControlState)
        #expect(try typed("1 + 2").dataFieldsRead.isEmpty)
    }

    @Test func dataFieldNamedStateShadowsControlState() throws {
        let scope = ExpressionScope(dataFields: [("state", .int)], controlStates: F.states)
        let (compiled, diagnostics) = CompiledExpression.compile("state + 1", at: F.location, in: scope)
        #expect(diagnostics.isEmpty)
        #expect(compiled?.expression.dataFieldsRead == [0])
    }
}
