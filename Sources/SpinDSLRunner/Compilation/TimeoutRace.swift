import Spin
import SpinDSLFrontEnd

/// Runs `operation`, failing with a `SpecFault` if it has not answered after `timeout`: of the
/// loop's clock while it sleeps on it, or of real time while it works outside it.
///
/// Under a virtual clock, time waits for a host effect that is working (its answer arrives at the
/// virtual instant it was asked, which keeps runs reproducible), so only real time can reveal one
/// that hangs: a watchdog on the wall clock covers that case, the virtual timer the case of an
/// effect that sleeps on the virtual clock past its timeout.
///
/// The operation and the timers run as tasks of their own, not as children: a child task group
/// would wait, after the timeout, for an operation that ignores cancellation, and the effect would
/// hang with it. Here the first to finish decides; the others are cancelled, and an operation that
/// lost is abandoned. On a virtual clock the operation and the timer are members of the clock's
/// tracker and the waiting effect stops counting while it waits, so that time can pass while they
/// sleep; an abandoned operation stops counting too, so that one that never returns does not hold
/// the clock forever.
func withTimeout<Result: Sendable>(
    _ timeout: Duration,
    location: SourceLocation,
    effect: String,
    _ operation: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    let waiter = ActivityMember.current
    let race = TimeoutRace<Result>(waiter: waiter)
    let runner = waiter?.newSibling()
    let timer = waiter?.newSibling()
    let operationTask = ActivityMember.$current.withValue(runner) {
        Task {
            do {
                race.finish(.answer(try await operation()))
            } catch {
                race.finish(.failure(error))
            }
            runner?.end()
        }
    }
    let timerTask = ActivityMember.$current.withValue(timer) {
        Task {
            do {
                try await SpinClock.sleep(for: timeout)
                race.finish(.timedOut)
            } catch {
                // Cancelled: the operation finished first.
            }
            timer?.end()
        }
    }
    // Not a member: real time passing is not work the virtual clock waits for.
    let watchdogTask = ActivityMember.$current.withValue(nil) {
        Task {
            do {
                try await ContinuousClock().sleep(for: timeout)
                race.finish(.timedOut)
            } catch {
                // Cancelled: the race was decided.
            }
        }
    }
    let outcome = await withTaskCancellationHandler {
        await race.wait()
    } onCancel: {
        race.finish(.cancelled)
    }
    operationTask.cancel()
    timerTask.cancel()
    watchdogTask.cancel()
    switch outcome {
    case .answer(let answer):
        return answer
    case .failure(let error):
        throw error
    case .timedOut:
        // Abandoned: an operation that ignores cancellation may run on, but no longer counts.
        runner?.end()
        throw SpecFault(.effectTimeout, at: location, ["effect": effect, "timeout": "\(timeout)"])
    case .cancelled:
        runner?.end()
        throw CancellationError()
    }
}

/// The outcome of a `withTimeout` race: the first call to `finish` decides it.
final class TimeoutRace<Result: Sendable>: Sendable {
    package enum Outcome: Sendable {
        case answer(Result)
        case failure(any Error)
        case timedOut
        case cancelled
    }

    private struct State {
        var outcome: Outcome?
        var continuation: CheckedContinuation<Outcome, Never>?
    }

    private let state = Locked(State())
    /// The waiting effect's share of the clock's tracker; it stops counting while it waits.
    private let waiter: ActivityMember?

    init(waiter: ActivityMember?) {
        self.waiter = waiter
    }

    /// Decides the race, unless it is decided already; wakes the waiter.
    func finish(_ outcome: Outcome) {
        let continuation: CheckedContinuation<Outcome, Never>? = state.withLock { state in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.continuation = nil }
            return state.continuation
        }
        guard let continuation else { return }
        // Counted again before it wakes, by a task that counts itself: the count stays above zero.
        waiter?.resume()
        continuation.resume(returning: outcome)
    }

    /// Waits for the outcome.
    func wait() async -> Outcome {
        await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            let decided: Outcome? = state.withLock { state in
                if let outcome = state.outcome { return outcome }
                state.continuation = continuation
                return nil
            }
            if let decided {
                continuation.resume(returning: decided)
            } else {
                // Waiting for the operation or the timer, which count themselves.
                waiter?.suspend()
            }
        }
    }
}
