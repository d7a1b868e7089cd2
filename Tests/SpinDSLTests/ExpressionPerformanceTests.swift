import Foundation
import Testing
@testable import SpinDSL

/// Measurements, not assertions about speed: run with
/// `SPIN_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter ExpressionPerformanceTests`.
/// Gated because timings are meaningless while other tests run in parallel. To check that evaluation
/// does not allocate, run the same under `valgrind` with two values of `SPIN_BENCH_ITERATIONS` and
/// compare the "total heap usage" allocation counts: they must not grow with the iterations.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["SPIN_BENCH"] != nil))
struct ExpressionPerformanceTests {
    typealias F = ExpressionFixture

    @Test(arguments: [
        "left < right",
        "left + 1",
        "left < right && count + 1 < 100 and state == .locked",
        "temp * 2.5 + left > 40.0 ? max(left, right) : clamp(count * 3 - 1, 0, 100)",
    ])
    func evaluationSpeedAndAllocation(text: String) throws {
        let compiled = try F.compile(text)
        let context = F.context
        let iterations = ProcessInfo.processInfo.environment["SPIN_BENCH_ITERATIONS"].flatMap { Int($0) } ?? 2_000_000
        var sink: Int64 = 0
        let start = ContinuousClock.now
        for _ in 0..<iterations {
            switch try compiled.evaluate(context) {
            case .int(let v): sink &+= v
            case .bool(let b): sink &+= b ? 1 : 0
            default: break
            }
        }
        let elapsed = ContinuousClock.now - start
        let nanoseconds = Double(elapsed.components.attoseconds) / 1e9 + Double(elapsed.components.seconds) * 1e9
        print("\(text): \(nanoseconds / Double(iterations)) ns/evaluation (sink \(sink))")
    }
}
