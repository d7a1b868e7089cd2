import Foundation
import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd

// The helpers the tests of this target share (what every language test target shares is in
// SpinTestSupport: the package root, the golden files, `TestSpec`, `loadSpec`, the generated specs).

/// The path that specs written in a test are given.
let testSpecPath = "spec.yaml"

/// A location in `testSpecPath`.
func at(_ line: Int, _ column: Int) -> SpinDSLFrontEnd.SourceLocation {
    SpinDSLFrontEnd.SourceLocation(file: testSpecPath, line: line, column: column)
}

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

/// Runs the whole validation pipeline the way `spinrun --validate` does: the loader, then the front
/// end's steps (`SpecFrontEnd`).
enum AnalyzerPipeline {
    /// Every diagnostic of the pipeline for `source`, in pipeline order.
    static func diagnostics(_ source: SourceFile) -> [Diagnostic] {
        SpecFrontEnd.check(SpecLoader().load(source)).diagnostics
    }

    /// The diagnostics of the pipeline for `source`, rendered as `spinrun` prints them.
    static func rendered(_ source: SourceFile) -> String {
        DiagnosticRenderer(sources: [source]).render(diagnostics(source))
    }

    /// The analyzer's findings for a spec that must load and resolve cleanly, one line each:
    /// `line:column: severity: message [#Group]` and ` [hint]` when there is one.
    static func findings(_ yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
        let source = SourceFile(path: "spec.yaml", text: yaml)
        let loaded = SpecLoader().load(source)
        guard let document = loaded.document else {
            Issue.record("the spec does not load:\n\(DiagnosticRenderer(sources: [source]).render(loaded.diagnostics))", sourceLocation: sourceLocation)
            return []
        }
        var (resolvedModel, resolved) = SpecResolver.resolve(document)
        if var model = resolvedModel { resolved += StatechartLowering.lower(&model); resolvedModel = model }
        guard let model = resolvedModel, resolved.isEmpty else {
            Issue.record("the spec does not resolve:\n\(DiagnosticRenderer(sources: [source]).render(resolved))", sourceLocation: sourceLocation)
            return []
        }
        return SpecAnalyzer.analyze(model).map { diagnostic in
            let location = diagnostic.location
            let hint = diagnostic.hint.map { " [\($0)]" } ?? ""
            return "\(location.line):\(location.column): \(diagnostic.severity.rawValue): \(diagnostic.message) \(diagnostic.group.tag)\(hint)"
        }
    }
}

/// The levels example of docs/spec-format.md (shared with AnalyzerTests).
let levelsExampleSpec = """
    spin: Levels
    data:
      left: 10
      right: 20
    events: [increaseLeft, decreaseLeft, increaseRight, decreaseRight]
    transitions:
      - { on: increaseLeft,  when: left != right, set: { left: left + 1 } }
      - { on: decreaseLeft,  when: left != right, set: { left: left - 1 } }
      - { on: increaseRight, when: left != right, set: { right: right + 1 } }
      - { on: decreaseRight, when: left != right, set: { right: right - 1 } }
    feedbacks:
      leftEffect:
        - { when: left < right, emit: increaseLeft }
        - { when: left > right, emit: decreaseLeft }
      rightEffect:
        - { when: right < left, emit: increaseRight }
        - { when: right > left, emit: decreaseRight }
    render: "left={left} right={right}"
    """
