import Spin

/// The events of a periodic rule: the action on the latest state `firstDelay` after the trigger
/// (`after:`; one period when the rule has none), then every `period`.
struct PeriodicEvents: AsyncSequence, Sendable {
    typealias Element = SpecEvent
    let firstDelay: Duration?
    let period: Duration
    let latest: LatestState
    let act: @Sendable (SpecState, [SpinValue]) async -> SpecEvent?

    struct AsyncIterator: AsyncIteratorProtocol {
        var firstDelay: Duration?
        let period: Duration
        let latest: LatestState
        let act: @Sendable (SpecState, [SpinValue]) async -> SpecEvent?

        mutating func next() async -> SpecEvent? {
            while true {
                let delay = firstDelay ?? period
                firstDelay = nil
                do { try await SpinClock.sleep(for: delay) } catch { return nil }
                guard let state = latest.state else { continue }
                if let event = await act(state, []) { return event }
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(firstDelay: firstDelay, period: period, latest: latest, act: act)
    }
}
