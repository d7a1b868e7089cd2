import Spin
import SpinCombine
import Synchronization
import Testing

struct Levels: Equatable, Sendable {
    var left: Int
    var right: Int
}

enum LevelsEvent: Sendable, Equatable {
    case increaseLeft, decreaseLeft, increaseRight, decreaseRight
}

/// The Combine flavor (docs/semantics.md, "Combine"): Spin.Swift's levels example with effects
/// that return publishers, and a spin as a publisher of its states.
@Suite struct SpinCombineTests {
    /// Spin.Swift's README, "effects return AnyPublishers": `Just` an event, or `Empty`.
    static func leftEffect(_ levels: Levels) -> AnyPublisher<LevelsEvent, Never> {
        if levels.left < levels.right { return Just(.increaseLeft).eraseToAnyPublisher() }
        if levels.left > levels.right { return Just(.decreaseLeft).eraseToAnyPublisher() }
        return Empty().eraseToAnyPublisher()
    }

    static func rightEffect(_ levels: Levels) -> AnyPublisher<LevelsEvent, Never> {
        if levels.right < levels.left { return Just(.increaseRight).eraseToAnyPublisher() }
        if levels.right > levels.left { return Just(.decreaseRight).eraseToAnyPublisher() }
        return Empty().eraseToAnyPublisher()
    }

    static func reduce(_ levels: Levels, _ event: LevelsEvent) -> Levels {
        guard levels.left != levels.right else { return levels }
        var levels = levels
        switch event {
        case .increaseLeft: levels.left += 1
        case .decreaseLeft: levels.left -= 1
        case .increaseRight: levels.right += 1
        case .decreaseRight: levels.right -= 1
        }
        return levels
    }

    static let levels = Spin<Levels, LevelsEvent>(initialState: Levels(left: 10, right: 20)) {
        Feedback(effect: { (levels: Levels) in leftEffect(levels) })
        Feedback(effect: { (levels: Levels) in rightEffect(levels) })
        Reducer(reduce)
    }

    /// The states the synchronous levels go through: left up and right down in turn.
    static let expectedStates: [Levels] = [Levels(left: 10, right: 20)]
        + (0..<5).flatMap { step in
            [Levels(left: 11 + step, right: 20 - step), Levels(left: 11 + step, right: 19 - step)]
        }

    @Test(.timeLimit(.minutes(1)))
    func publisherLevelsEndAtFifteenOnTheVirtualClock() async {
        let runtime = SpinRuntime(Self.levels, clock: VirtualClock())
        runtime.start()
        await runtime.awaitIdle()
        #expect(runtime.state == Levels(left: 15, right: 15))
    }

    @Test(.timeLimit(.minutes(1)))
    func publisherLevelsEndAtFifteenInEveryRunOnTheRealClock() async {
        var outcomes: [Levels] = []
        for _ in 0..<100 {
            let runtime = SpinRuntime(Self.levels)
            runtime.start()
            await runtime.awaitIdle()
            outcomes.append(runtime.state)
            runtime.stop()
        }
        #expect(outcomes == Array(repeating: Levels(left: 15, right: 15), count: 100))
    }

    /// `Spin.publisher()`: a subscription runs its own loop and receives every state in order.
    @Test(.timeLimit(.minutes(1)))
    func aSpinIsAPublisherOfItsStates() async {
        let states = StateLog<Levels>()
        let done = AsyncStream<Void>.makeStream()
        let subscription = Self.levels.publisher(clock: VirtualClock()).sink { levels in
            states.append(levels)
            if levels == Levels(left: 15, right: 15) { done.continuation.finish() }
        }
        for await _ in done.stream {}
        #expect(states.values == Self.expectedStates)
        subscription.cancel()
    }

    /// `SpinRuntime.statePublisher`: the current state first, then the new ones; a cancelled
    /// subscription receives nothing more.
    @Test(.timeLimit(.minutes(1)))
    func aRuntimePublishesItsStates() async {
        let spin = Spin<Int, Int>(initialState: 1, feedbacks: [], reducer: Reducer { $0 + $1 })
        let runtime = SpinRuntime(spin, clock: VirtualClock())
        runtime.start()
        runtime.emit(1)
        await runtime.awaitIdle()
        let states = StateLog<Int>()
        let subscription = runtime.statePublisher.sink { states.append($0) }
        runtime.emit(3)
        await runtime.awaitIdle()
        subscription.cancel()
        runtime.emit(5)
        await runtime.awaitIdle()
        #expect(states.values == [2, 5])
        #expect(runtime.state == 10)
    }
}

/// States received by a subscriber, from the loop's drainer.
final class StateLog<Element: Sendable>: Sendable {
    private let elements = Mutex<[Element]>([])

    func append(_ element: Element) { elements.withLock { $0.append(element) } }
    var values: [Element] { elements.withLock { $0 } }
}
