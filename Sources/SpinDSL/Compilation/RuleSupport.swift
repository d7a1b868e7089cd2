import Spin

/// The latest state delivered to a spin's feedbacks, for periodic rules that act on "now".
final class LatestState: Sendable {
    private let storage = Locked<SpecState?>(nil)

    func set(_ state: SpecState) {
        storage.withLock { $0 = state }
    }

    var state: SpecState? { storage.withLock { $0 } }
}

/// Remembers whether a condition held on the previous state, to detect rising edges.
final class EdgeMemory: Sendable {
    private let held = Locked(false)

    /// True when `holds` is true now and was false before.
    func rises(_ holds: Bool) -> Bool {
        held.withLock { held in
            defer { held = holds }
            return holds && !held
        }
    }
}

/// A seeded generator shared by the invocations of one rule.
final class SharedGenerator: Sendable {
    private let generator: Locked<SeededGenerator>

    init(seed: UInt64) {
        generator = Locked(SeededGenerator(seed: seed))
    }

    func pick(weights: [Int]) -> Int {
        generator.withLock { $0.pick(weights: weights) }
    }
}

/// The value a `changes` rule watches, compared by value only; the state rides along so that the
/// action sees the state that changed it.
struct WatchedValue: Equatable, Sendable {
    let state: SpecState
    let value: SpinValue?

    static func == (lhs: WatchedValue, rhs: WatchedValue) -> Bool {
        lhs.value == rhs.value
    }
}

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

/// Timed inputs of one spin added before a run starts (`spinrun --events`).
final class InputSchedule: Sendable {
    private let storage = Locked<[(at: Duration, event: SpecEvent)]>([])

    func add(_ event: SpecEvent, at time: Duration) {
        storage.withLock { $0.append((time, event)) }
    }

    var events: [(at: Duration, event: SpecEvent)] { storage.withLock { $0 } }
}

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
        throw SpecFault(location: location, message: "effect '\(effect)' did not answer within \(timeout)")
    case .cancelled:
        runner?.end()
        throw CancellationError()
    }
}

/// The outcome of a `withTimeout` race: the first call to `finish` decides it.
final class TimeoutRace<Result: Sendable>: Sendable {
    enum Outcome: Sendable {
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

extension SpinModel {
    /// The request a host effect receives for `state`.
    func request(for state: SpecState, effect: String) -> EffectRequest {
        var data: [String: SpinValue] = [:]
        for (slot, field) in fields.enumerated() where slot < state.data.count {
            data[field.name.text] = state.data[slot]
        }
        let control = states.indices.contains(state.control) ? states[state.control].text : nil
        return EffectRequest(spin: name.text, effect: effect, controlState: states.isEmpty ? nil : control, data: data)
    }

    /// The event a host effect answered, checked against the spec.
    func event(from answer: HostEvent, location: SourceLocation, effect: String) -> SpecEvent {
        guard let kind = eventIndex(named: answer.name) else {
            return .failure(SpecFault(location: location, message: "effect '\(effect)' answered with unknown event '\(answer.name)'"))
        }
        let event = events[kind]
        var payload: [SpinValue] = []
        for field in event.fields {
            guard let value = answer.payload[field.name.text], value.fits(field.type) else {
                return .failure(SpecFault(location: location, message: "effect '\(effect)' answered '\(answer.name)' without a valid '\(field.name.text)' (\(field.type))"))
            }
            payload.append(value)
        }
        if let extra = answer.payload.keys.sorted().first(where: { key in !event.fields.contains { $0.name.text == key } }) {
            return .failure(SpecFault(location: location, message: "effect '\(effect)' answered '\(answer.name)' with unknown field '\(extra)'"))
        }
        return SpecEvent(kind: kind, payload: payload)
    }
}

extension SpinValue {
    /// Whether the value is of `type`.
    func fits(_ type: ValueType) -> Bool {
        switch (self, type) {
        case (.int, .int), (.double, .double), (.bool, .bool), (.string, .string): return true
        case (.symbol(let index), .enumeration(let enumType)): return index >= 0 && index < enumType.cases.count
        default: return false
        }
    }
}
