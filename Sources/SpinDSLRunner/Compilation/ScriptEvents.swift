import Spin
import SpinDSLFrontEnd

/// Timed inputs, each emitted at its time from the first call to `next()` (the spin's start);
/// equal times keep their order. Each sleep goes to an absolute deadline, so that the time an
/// input takes to be reduced does not delay the ones after it.
struct ScriptEvents: AsyncSequence, Sendable {
    typealias Element = SpecEvent
    let steps: [(at: Duration, event: SpecEvent)]

    struct AsyncIterator: AsyncIteratorProtocol {
        let steps: [(at: Duration, event: SpecEvent)]
        var index = 0
        /// The clock's instant at the first call, as the clock's own `Instant`.
        var start: (any Sendable)?

        mutating func next() async -> SpecEvent? {
            guard index < steps.count else { return nil }
            let step = steps[index]
            index += 1
            do { try await Self.sleep(until: step.at, since: &start, on: SpinClock.current) } catch { return nil }
            return step.event
        }

        private static func sleep<C: Clock<Duration>>(until offset: Duration, since start: inout (any Sendable)?, on clock: C) async throws {
            let origin = (start as? C.Instant) ?? clock.now
            start = origin
            try await clock.sleep(until: origin.advanced(by: offset), tolerance: nil)
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        let ordered = steps.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        return AsyncIterator(steps: ordered)
    }
}
