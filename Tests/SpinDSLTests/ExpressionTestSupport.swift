@testable import SpinDSL

/// A scope and matching context shared by the expression tests.
enum ExpressionFixture {
    static let mode = EnumType(name: "mode", cases: ["heat", "cool", "off"])
    static let fan = EnumType(name: "fan", cases: ["low", "high", "off"])
    static let states = EnumType(name: "state", cases: ["idle", "locked", "open"])

    static let scope = ExpressionScope(
        dataFields: [
            ("left", .int), ("right", .int), ("temp", .double), ("name", .string),
            ("mode", .enumeration(mode)), ("done", .bool), ("count", .int), ("big", .int),
        ],
        eventFields: [("amount", .int), ("note", .string), ("target", .enumeration(mode))],
        controlStates: states,
        enumTypes: [mode, fan])

    static let noEventScope = ExpressionScope(dataFields: [("left", .int)], eventFields: nil, controlStates: nil, enumTypes: [mode])

    static let context = EvaluationContext(
        data: [
            .int(3), .int(7), .double(21.5), .string("ada"), .symbol(1), .bool(false), .int(41),
            .int(Int64.max),
        ],
        event: [.int(5), .string("hi"), .symbol(0)],
        state: 1)

    static let location = SourceLocation(file: "spec.yaml", line: 4, column: 12)

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Compiles `text` or throws its rendered diagnostics.
    static func compile(_ text: String, expecting: ValueType? = nil, scope: ExpressionScope = scope) throws -> CompiledExpression {
        let (compiled, diagnostics) = CompiledExpression.compile(text, at: location, in: scope, expecting: expecting)
        guard let compiled, diagnostics.isEmpty else {
            throw Failure(description: diagnostics.map { "\($0.location): \($0.message)" }.joined(separator: "\n"))
        }
        return compiled
    }

    /// The value of `text` in `context`.
    static func value(_ text: String, context: EvaluationContext = context) throws -> SpinValue {
        try compile(text).evaluate(context)
    }

    /// The run-time error of `text`, or nil if it evaluates.
    static func runtimeError(_ text: String, context: EvaluationContext = context) throws -> EvaluationError? {
        let compiled = try compile(text)
        do {
            _ = try compiled.evaluate(context)
            return nil
        } catch {
            return error
        }
    }

    /// The diagnostics for `text`, written in a YAML line at column 12, rendered.
    static func rendered(_ text: String, expecting: ValueType? = nil, scope: ExpressionScope = scope) -> String {
        let line = "    guard: \(text)"
        let source = SourceFile(path: "spec.yaml", text: "spin: x\nguards:\n  - on: tick\n\(line)\n")
        let (_, diagnostics) = CompiledExpression.compile(text, at: location, in: scope, expecting: expecting)
        return DiagnosticRenderer(sources: [source]).render(diagnostics)
    }
}
