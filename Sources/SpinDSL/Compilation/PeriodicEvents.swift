import Spin

/// The events of a periodic rule: every `period`, the action on the latest state. A computed
/// period is evaluated each time the next one starts, on the latest state (on the state that
/// triggered the rule for the first).
struct PeriodicEvents: AsyncSequence, Sendable {
    typealias Element = SpecEvent
    let period: TimerDuration
    let trigger: SpecState
    let latest: LatestState
    let act: @Sendable (SpecState, [SpinValue]) async -> SpecEvent?

    struct AsyncIterator: AsyncIteratorProtocol {
        let period: TimerDuration
        let trigger: SpecState
        let latest: LatestState
        let act: @Sendable (SpecState, [SpinValue]) async -> SpecEvent?
        var failed = false

        mutating func next() async -> SpecEvent? {
            while !failed {
                let duration: Duration
                do throws(SpecFault) {
                    duration = try period.armed(on: latest.state ?? trigger, as: .period)
                } catch {
                    failed = true
                    return .failure(error)
                }
                do { try await SpinClock.sleep(for: duration) } catch { return nil }
                guard let state = latest.state else { continue }
                if let event = await act(state, []) { return event }
            }
            return nil
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(period: period, trigger: trigger, latest: latest, act: act)
    }
}
