// libFuzzer entry point, compiled together with the SpinDSL umbrella into one module; the layers
// are modules built for testing, imported `@testable` so that internal API such as the expression
// checker is reachable. Spin is a separate module.
// The target is chosen by SPIN_FUZZ_TARGET: yaml, expression or pipeline.
import Dispatch
import Foundation
import Spin
@testable import SpinDSLChecker
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

private let fuzzTarget: String = ProcessInfo.processInfo.environment["SPIN_FUZZ_TARGET"] ?? "pipeline"

/// Small limits: a fuzz input must finish in milliseconds.
private let fuzzYAMLLimits = YAMLLimits(maxNodes: 20_000, maxDepth: 64, maxBytes: 64 * 1024)

private let fuzzScope: ExpressionScope = {
    let color = EnumType(name: "Color", cases: ["red", "green", "blue"])
    return ExpressionScope(
        dataFields: [("count", .int), ("ratio", .double), ("ready", .bool), ("label", .string), ("color", .enumeration(color))],
        eventFields: [("amount", .int)],
        controlStates: EnumType(name: "state", cases: ["idle", "busy", "done"]),
        enumTypes: [color])
}()

private let fuzzContext = EvaluationContext(
    data: [.int(Int64.max - 1), .double(.nan), .bool(true), .string("x"), .symbol(1)],
    event: [.int(Int64.min)], state: 1)

private final class Finished: @unchecked Sendable {
    let semaphore = DispatchSemaphore(value: 0)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func spinFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch fuzzTarget {
    case "yaml":
        _ = YAMLReader(limits: fuzzYAMLLimits).read(bytes: bytes, path: "fuzz.yaml")
    case "expression":
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
        let location = SourceLocation(file: "fuzz", line: 1, column: 1)
        for expected in [nil, ValueType.int, .bool] {
            let (compiled, _) = CompiledExpression.compile(text, at: location, in: fuzzScope, expecting: expected)
            if let compiled {
                _ = try? compiled.evaluate(fuzzContext)
                _ = try? compiled.evaluateFormatted(fuzzContext)
            }
        }
    default:
        let text = String(decoding: bytes, as: UTF8.self)
        let spec = SpinSpec.load(text: text, path: "fuzz.yaml", limits: fuzzYAMLLimits)
        _ = spec.renderedDiagnostics
        guard let compiled = spec.compiled else { return 0 }
        _ = DiagramExporter.dot(compiled.model)
        _ = DiagramExporter.mermaid(compiled.model)
        // Small limits, the queue's included, so that every limit is reached now and then; the
        // script runs, as in spinrun.
        var run = SpecRun(compiled, options: SpecRunOptions(runsScript: true), limits: RunLimits(maxSteps: 200, maxTimeMilliseconds: 3_600_000, livelockRepeats: 10, maxQueueLength: 64))
        let finished = Finished()
        Task { [run] in
            _ = await run.run().json
            finished.semaphore.signal()
        }
        finished.semaphore.wait()
        // The task may still hold the run for a moment after it signals. The run is released here,
        // on this thread, before the input ends: libFuzzer's leak check runs as soon as this
        // function returns, and a run torn down concurrently would look like a leak (an object
        // being destroyed is reachable only through its shifted side-table pointer).
        var spins = 0
        while !isKnownUniquelyReferenced(&run), spins < 1_000_000 {
            sched_yield()
            spins += 1
        }
        withExtendedLifetime(run) {}
    }
    return 0
}
