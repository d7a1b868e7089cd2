import Testing
@testable import SpinDSLFrontEnd

/// `SlotShape` is a fast path for the commonest expressions: where it answers, its answer is the
/// compiled code's; where the code would throw (overflow, a slot without an int), it does not
/// answer, so that the error keeps its location and message.
@Suite struct SlotShapeTests {
    typealias F = ExpressionFixture

    /// Data slots: left, right, temp, name, mode, done, count, big (see `ExpressionFixture`).
    static let data: [[SpinValue]] = [
        F.context.data,
        [.int(7), .int(7), .double(0), .string(""), .symbol(0), .bool(true), .int(-1), .int(Int64.min)],
        [.int(Int64.min), .int(Int64.max), .double(0), .string(""), .symbol(0), .bool(true), .int(0), .int(0)],
    ]

    /// Compiles `text`, records an issue when it has no shape, and calls `check` on each of
    /// `data`, as an array and as a context.
    static func onEveryData(
        _ text: String, _ check: (CompiledExpression, SlotShape, [SpinValue], EvaluationContext) throws -> Void
    ) throws {
        let compiled = try F.compile(text)
        let shape = SlotShape(compiled.expression)
        if case .general = shape { Issue.record("\(text) has no shape") }
        for data in Self.data {
            try check(compiled, shape, data, EvaluationContext(data: data, event: [], state: 0))
        }
    }

    @Test(arguments: [
        "left < right", "left <= right", "left > right", "left >= right", "left == right", "left != right",
        "count < 10", "count >= -1", "count == 41", "count != 0", "big > 0",
    ])
    func comparisonsAnswerAsTheCompiledCodeDoes(text: String) throws {
        try Self.onEveryData(text) { compiled, shape, data, context in
            let inline = data.withUnsafeBufferPointer { shape.bool($0) }
            let expected = try compiled.evaluateBool(context)
            #expect(inline == expected, "\(text) on \(data)")
        }
    }

    @Test(arguments: ["count + 1", "left - 3", "big + 1", "big - 1", "left + 0"])
    func sumsAnswerAsTheCompiledCodeDoesOrLeaveTheOverflowToIt(text: String) throws {
        try Self.onEveryData(text) { compiled, shape, data, context in
            let inline = data.withUnsafeBufferPointer { shape.int($0) }
            switch Result(catching: { () throws(EvaluationError) -> Int64 in try compiled.evaluateInt(context) }) {
            case .success(let value):
                #expect(inline == value, "\(text) on \(data)")
            case .failure(let error):
                // The overflow is the compiled code's to report, with its location.
                #expect(inline == nil, "\(text) on \(data): \(error.message)")
            }
        }
    }

    @Test func aSlotWithoutAnIntIsLeftToTheCompiledCode() throws {
        let compare = SlotShape(try F.compile("count < 10").expression)
        let sum = SlotShape(try F.compile("count + 1").expression)
        // A data array that does not match the scope (a caller bug) or is too short.
        for data: [SpinValue] in [Array(repeating: .string("x"), count: 8), [.int(1)]] {
            #expect(data.withUnsafeBufferPointer { compare.bool($0) } == nil)
            #expect(data.withUnsafeBufferPointer { sum.int($0) } == nil)
        }
    }

    @Test(arguments: ["left * 2", "left < temp", "event.amount < 3", "left + event.amount", "done", "count - -9223372036854775807 - 1", "mode == .heat"])
    func otherExpressionsHaveNoShape(text: String) throws {
        let shape = SlotShape(try F.compile(text).expression)
        guard case .general = shape else {
            Issue.record("\(text) has shape \(shape)")
            return
        }
    }
}
