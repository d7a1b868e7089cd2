import Spin

/// The events of a periodic rule: every `period`, the action on the latest state.
struct PeriodicEvents: AsyncSequence, Sendable {
    typealias Element = SpecEvent
    let period: Duration
    let latest: LatestState
    let act: @Sendable (SpecState, [SpinValue]) async -> SpecEvent?

    struct AsyncIterator: AsyncIteratorProtocol {
        let period: Duration
        let latest: LatestState
        let act: @Sendable (SpecState, [SpinValue]) async -> SpecEvent?

        mutating func next() async -> SpecEvent? {
            while true {
                do { try await SpinClock.sleep(for: period) } catch { return nil }
                guard let state = latest.state else { continue }
                if let event = await act(state, []) { return event }
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(period: period, latest: latest, act: act)
    }
}
