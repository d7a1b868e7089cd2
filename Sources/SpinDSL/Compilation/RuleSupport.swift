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

/// Runs `operation`, failing with a `SpecFault` if it takes longer than `timeout` on the loop's
/// clock (a virtual clock in simulation).
func withTimeout<Result: Sendable>(
    _ timeout: Duration,
    location: SourceLocation,
    effect: String,
    _ operation: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    try await withThrowingTaskGroup(of: Result.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await SpinClock.sleep(for: timeout)
            throw SpecFault(location: location, message: "effect '\(effect)' did not answer within \(timeout)")
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else {
            throw SpecFault(location: location, message: "effect '\(effect)' ended without an answer")
        }
        return first
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
