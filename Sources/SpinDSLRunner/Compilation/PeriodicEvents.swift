import Spin
import SpinDSLFrontEnd

/// The events of a periodic rule: the action on the latest state `firstDelay` after the trigger
/// (`after:`; one period when the rule has none), then every `period`. Computed durations are
/// evaluated when each wait starts: the first on the state that triggered the rule, the later
/// ones on the latest state. A trigger that does not hold gives no events; one that could not be
/// evaluated gives its fault.
struct PeriodicEvents: AsyncSequence, Sendable {
    typealias Element = SpecEvent
    let firstDelay: TimerCode?
    let period: TimerCode
    let trigger: TriggerValue
    let latest: LatestState
    let maxStringBytes: Int
    let act: @Sendable (SpecState, [SpinValue]) async -> SpecEvent?

    struct AsyncIterator: AsyncIteratorProtocol {
        var firstDelay: TimerCode?
        let period: TimerCode
        let trigger: TriggerValue
        let latest: LatestState
        let maxStringBytes: Int
        let act: @Sendable (SpecState, [SpinValue]) async -> SpecEvent?
        var isFirst = true
        var failed = false

        mutating func next() async -> SpecEvent? {
            let trigger: SpecState
            switch self.trigger {
            case .off:
                return nil
            case .fault(let fault):
                guard !failed else { return nil }
                failed = true
                return .failure(fault)
            case .on(let state):
                trigger = state
            }
            while !failed {
                let duration: Duration
                do throws(SpecFault) {
                    if isFirst, let delay = firstDelay {
                        duration = try delay.armed(on: trigger, as: .delay, maxStringBytes: maxStringBytes)
                    } else {
                        duration = try period.armed(on: isFirst ? trigger : (latest.state ?? trigger), as: .period, maxStringBytes: maxStringBytes)
                    }
                } catch {
                    failed = true
                    return .failure(error)
                }
                isFirst = false
                do { try await SpinClock.sleep(for: duration) } catch { return nil }
                guard let state = latest.state else { continue }
                if let event = await act(state, []) { return event }
            }
            return nil
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(firstDelay: firstDelay, period: period, trigger: trigger, latest: latest, maxStringBytes: maxStringBytes, act: act)
    }
}
