import Spin

/// Timed inputs, each emitted at its time from the start; equal times keep their order.
struct ScriptEvents: AsyncSequence, Sendable {
    typealias Element = SpecEvent
    let steps: [(at: Duration, event: SpecEvent)]

    struct AsyncIterator: AsyncIteratorProtocol {
        let steps: [(at: Duration, event: SpecEvent)]
        var index = 0
        var elapsed: Duration = .zero

        mutating func next() async -> SpecEvent? {
            guard index < steps.count else { return nil }
            let step = steps[index]
            index += 1
            if step.at > elapsed {
                do { try await SpinClock.sleep(for: step.at - elapsed) } catch { return nil }
                elapsed = step.at
            }
            return step.event
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        let ordered = steps.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        return AsyncIterator(steps: ordered)
    }
}
