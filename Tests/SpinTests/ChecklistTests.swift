import Dispatch
import Synchronization
import Testing
@testable import Spin

/// One test per item of the checklist distilled from the test suites of Spin.Swift, Loop,
/// RxFeedback and CombineFeedback. Every test asserts exact sequences.
@Suite struct ChecklistTests {
    // MARK: - Helpers (those other suites use too are in Support.swift)

    enum CountEvent: Equatable, Sendable {
        case increment
        case add(Int)
    }

    static let countReducer = Reducer<Int, CountEvent> { state, event in
        switch event {
        case .increment: return state + 1
        case let .add(value): return state + value
        }
    }

    // MARK: - 1. Initial state first

    @Test func initialStateReachesEveryFeedbackInOrderBeforeTheReducerRuns() async {
        let log = Recorder<String>()
        let spin = Spin<Int, CountEvent>(initialState: 0) {
            Feedback(effect: { (state: Int) -> CountEvent? in
                log.append("f0 sees \(state)")
                return state < 2 ? .increment : nil
            })
            Feedback(effect: { (state: Int) -> CountEvent? in
                log.append("f1 sees \(state)")
                return nil
            })
            Feedback(effect: { (state: Int) -> CountEvent? in
                log.append("f2 sees \(state)")
                return nil
            })
            Reducer { (state: Int, event: CountEvent) -> Int in
                log.append("reduce \(state)")
                return state + 1
            }
        }
        let runtime = SpinRuntime(spin)
        runtime.emit(.increment)  // queued before start: must still wait for the initial delivery
        #expect(log.values == [])
        runtime.start()
        await runtime.awaitIdle()
        #expect(log.values == [
            "f0 sees 0", "f1 sees 0", "f2 sees 0",
            "reduce 0",  // the pre-start input
            "f0 sees 1", "f1 sees 1", "f2 sees 1",
            "reduce 1",  // f0's event on the initial state
            "f0 sees 2", "f1 sees 2", "f2 sees 2",
            "reduce 2",  // f0's event on state 1
            "f0 sees 3", "f1 sees 3", "f2 sees 3",
        ])
        #expect(runtime.state == 3)
        runtime.stop()
    }

    // MARK: - 2. Builders

    @Test func builderAndResultBuilderKeepInitialStateFeedbackOrderAndReducer() async {
        let first = Feedback<Int, CountEvent>(effect: { (_: Int) -> CountEvent? in nil }).named("first")
        let second = Feedback<Int, CountEvent>(effect: { (state: Int) -> CountEvent? in state == 7 ? .add(5) : nil })
            .named("second")
        let third = Feedback<Int, CountEvent>(effect: { (_: Int) -> CountEvent? in nil }).named("third")

        let built = Spinner.initialState(7)
            .feedback(first)
            .feedback(second)
            .feedback(third)
            .reducer(Reducer { state, event in
                if case let .add(value) = event { return state + value * 10 }
                return state - 1
            })
        #expect(built.initialState == 7)
        #expect(built.feedbacks.count == 3)
        #expect(built.feedbacks.map(\.name) == ["first", "second", "third"])
        #expect(built.reducer(7, .add(2)) == 27)
        #expect(built.reducer(7, .increment) == 6)

        let declared = Spin<Int, CountEvent>(initialState: 9) {
            third
            first
            second
            Reducer { state, event in
                if case let .add(value) = event { return state * value }
                return state + 100
            }
        }
        #expect(declared.initialState == 9)
        #expect(declared.feedbacks.count == 3)
        #expect(declared.feedbacks.map(\.name) == ["third", "first", "second"])
        #expect(declared.reducer(9, .add(3)) == 27)
        #expect(declared.reducer(9, .increment) == 109)

        // The order also decides the origin of fed-back events.
        let runtime = SpinRuntime(built)
        let steps = recordSteps(runtime)
        runtime.start()
        await runtime.awaitIdle()
        #expect(steps.values == [
            StepRecord(number: 1, event: .add(5), origin: .feedback(index: 1, name: "second"), state: 57, changed: true)
        ])
        runtime.stop()
    }

    // MARK: - 3. filteredBy false

    @Test func filterRejectingEveryStateNeverCallsTheEffect() async {
        let calls = Recorder<String>()
        let spin = Spin<Int, CountEvent>(initialState: 0) {
            Feedback(
                effect: { (state: Int) -> CountEvent? in
                    calls.append("sync \(state)")
                    return .increment
                },
                filteredBy: { _ in false })
            Feedback(
                effect: { (state: Int) async -> CountEvent? in
                    calls.append("async \(state)")
                    return .increment
                },
                filteredBy: { _ in false })
            Feedback(
                lensingOn: { (state: Int) in state * 2 },
                filteredBy: { _ in false },
                effect: { (sub: Int) -> CountEvent? in
                    calls.append("lens \(sub)")
                    return .increment
                })
            Self.countReducer
        }
        let clock = VirtualClock()
        let runtime = SpinRuntime(spin, clock: clock)
        let steps = recordSteps(runtime)
        runtime.start()
        await runtime.awaitIdle()
        await clock.advance(by: .seconds(60))
        #expect(calls.values == [])
        #expect(runtime.state == 0)
        #expect(runtime.stepCount == 0)
        #expect(steps.values == [])

        // A new state is filtered out too: only the input is reduced.
        runtime.emit(.add(4))
        await runtime.awaitIdle()
        #expect(calls.values == [])
        #expect(steps.values == [StepRecord(number: 1, event: .add(4), origin: .input, state: 4, changed: true)])
        runtime.stop()
    }

    // MARK: - 4. Lenses

    struct Profile: Equatable, Sendable {
        var name: String
        var age: Int
    }

    struct LensState: Equatable, Sendable {
        var profile: Profile
        var counter: Int
    }

    enum LensEvent: Equatable, Sendable {
        case rename(String)
        case tick
    }

    @Test func keyPathAndClosureLensesPassTheExactSubState() async {
        let byKeyPath = Recorder<Profile>()
        let byClosure = Recorder<String>()
        let filtered = Recorder<Int>()
        let spin = Spin<LensState, LensEvent>(initialState: LensState(profile: Profile(name: "ada", age: 36), counter: 0)) {
            Feedback<LensState, LensEvent>(lensingOn: \.profile, effect: { (profile: Profile) -> LensEvent? in
                byKeyPath.append(profile)
                return nil
            })
            Feedback<LensState, LensEvent>(lensingOn: { (state: LensState) in state.profile.name }, effect: { (name: String) -> LensEvent? in
                byClosure.append(name)
                return nil
            })
            Feedback<LensState, LensEvent>(
                lensingOn: \.counter,
                filteredBy: { $0 % 2 == 1 },
                effect: { (counter: Int) -> LensEvent? in
                    filtered.append(counter)
                    return nil
                })
            Reducer(mutating: { state, event in
                switch event {
                case let .rename(name): state.profile.name = name
                case .tick: state.counter += 1
                }
            })
        }
        let runtime = SpinRuntime(spin)
        runtime.start()
        runtime.emit(.rename("grace"))
        runtime.emit(.tick)
        runtime.emit(.rename("grace"))  // equal state: not delivered again
        runtime.emit(.tick)
        runtime.emit(.tick)
        await runtime.awaitIdle()
        #expect(byKeyPath.values == [
            Profile(name: "ada", age: 36),
            Profile(name: "grace", age: 36),
            Profile(name: "grace", age: 36),
            Profile(name: "grace", age: 36),
            Profile(name: "grace", age: 36),
        ])
        #expect(byClosure.values == ["ada", "grace", "grace", "grace", "grace"])
        #expect(filtered.values == [1, 3])
        runtime.stop()
    }

    // MARK: - 5. Execution strategies

    enum LoadEvent: Equatable, Sendable {
        case load(Int)
        case loaded(Int)
    }

    struct LoadState: Equatable, Sendable {
        var loading: Int?
        var results: [Int] = []
    }

    static func loadSpin(_ strategy: ExecutionStrategy, effectStarts: Recorder<Int>) -> Spin<LoadState, LoadEvent> {
        Spin(initialState: LoadState(loading: nil)) {
            Feedback(
                effect: { (state: LoadState) async -> LoadEvent? in
                    let value = state.loading ?? -1
                    effectStarts.append(value)
                    // Ignores cancellation on purpose: the runtime must drop the late answer.
                    try? await SpinClock.sleep(for: .seconds(10))
                    return .loaded(value)
                },
                filteredBy: { $0.loading != nil },
                strategy: strategy)
            Reducer(mutating: { state, event in
                switch event {
                case let .load(value): state.loading = value
                case let .loaded(value):
                    state.loading = nil
                    state.results.append(value)
                }
            })
        }
    }

    @Test(arguments: [ExecutionStrategy.cancelOnNewState, .continueOnNewState])
    func cancelKeepsOnlyTheLatestResultWhileContinueKeepsAll(strategy: ExecutionStrategy) async {
        // Three requests at the same instant.
        do {
            let clock = VirtualClock()
            let starts = Recorder<Int>()
            let runtime = SpinRuntime(Self.loadSpin(strategy, effectStarts: starts), clock: clock)
            let steps = recordSteps(runtime)
            runtime.start()
            await runtime.awaitIdle()
            for value in 1...3 {
                runtime.emit(.load(value))
                await runtime.awaitIdle()
            }
            #expect(starts.values == [1, 2, 3])
            await clock.advance(by: .seconds(10))
            await runtime.awaitIdle()
            let events = steps.values.map(\.event)
            switch strategy {
            case .cancelOnNewState:
                #expect(events == [.load(1), .load(2), .load(3), .loaded(3)])
                #expect(runtime.state == LoadState(loading: nil, results: [3]))
            case .continueOnNewState:
                #expect(events == [.load(1), .load(2), .load(3), .loaded(1), .loaded(2), .loaded(3)])
                #expect(runtime.state == LoadState(loading: nil, results: [1, 2, 3]))
            }
            #expect(steps.values.map(\.origin) == events.map {
                if case .load = $0 { return EventOrigin.input }
                return EventOrigin.feedback(index: 0, name: nil)
            })
            #expect(clock.hasPendingTimers == false)
            runtime.stop()
        }
        // Staggered requests: the first is still running when the second arrives.
        do {
            let clock = VirtualClock()
            let starts = Recorder<Int>()
            let runtime = SpinRuntime(Self.loadSpin(strategy, effectStarts: starts), clock: clock)
            let steps = recordSteps(runtime)
            runtime.start()
            runtime.emit(.load(1))
            await runtime.awaitIdle()
            await clock.advance(by: .seconds(5))
            runtime.emit(.load(2))
            await runtime.awaitIdle()
            await clock.advance(by: .seconds(5))
            let atTen = steps.values.map(\.event)
            await clock.advance(by: .seconds(5))
            await runtime.awaitIdle()
            let events = steps.values.map(\.event)
            #expect(clock.now.offset == .seconds(15))
            switch strategy {
            case .cancelOnNewState:
                #expect(atTen == [.load(1), .load(2)])
                #expect(events == [.load(1), .load(2), .loaded(2)])
            case .continueOnNewState:
                #expect(atTen == [.load(1), .load(2), .loaded(1)])
                #expect(events == [.load(1), .load(2), .loaded(1), .loaded(2)])
            }
            runtime.stop()
        }
    }

    enum RaceEvent: Equatable, Sendable {
        case trigger
        case other
        case fromEffect
    }

    /// `.cancelOnNewState` drops the events a cancelled effect already queued but that were not
    /// reduced yet; `.continueOnNewState` keeps them.
    @Test(.timeLimit(.minutes(1)), arguments: [ExecutionStrategy.cancelOnNewState, .continueOnNewState])
    func cancelDropsQueuedUnreducedEventsOfTheCancelledEffect(strategy: ExecutionStrategy) async {
        let gate = Gate()
        let emitted = DispatchSemaphore(value: 0)
        let box = LateBox<SpinRuntime<String, RaceEvent>>()
        let effectExecutor = SerialTaskExecutor(label: "checklist.race")
        let timedOut = Recorder<Bool>()
        let spin = Spin<String, RaceEvent>(initialState: "waiting") {
            // Index 0: on the trigger state, queue an input, release the effect and wait until the
            // effect's event is queued behind it, all while this thread holds the drain.
            Feedback(effect: { (state: String) -> RaceEvent? in
                guard state == "triggered" else { return nil }
                box.value?.emit(.other)
                gate.open()
                timedOut.append(emitted.wait(timeout: .now() + 10) == .timedOut)
                return nil
            })
            // Index 1: started on the initial state, on its own executor, where it suspends on the
            // gate; released, it goes on there, beside the drainer (not on the cooperative pool,
            // which the blocked drainer may be starving). It sees the trigger state after index 0.
            Feedback(
                effect: { (state: String) -> GatedEvents in GatedEvents(start: state, gate: gate, emitted: emitted) },
                strategy: strategy
            ).execute(on: effectExecutor)
            Reducer { state, event in
                switch event {
                case .trigger: return "triggered"
                case .other: return state + "+other"
                case .fromEffect: return state + "+effect"
                }
            }
        }
        let runtime = SpinRuntime(spin)
        box.set(runtime)
        let steps = recordSteps(runtime)
        runtime.start()
        // The start waits for the effect's first part on its executor (fairness); the trigger is
        // emitted once that drain is over, so that this thread drains it.
        while runtime.machine.withLock({ $0.draining }) { await Task.yield() }
        runtime.emit(.trigger)
        // The trigger state's own effect starts on the executor too; the rest of the drain follows.
        while runtime.machine.withLock({ $0.draining }) { await Task.yield() }
        #expect(timedOut.values == [false])
        switch strategy {
        case .cancelOnNewState:
            #expect(steps.values.map(\.event) == [.trigger, .other])
            #expect(runtime.state == "triggered+other")
        case .continueOnNewState:
            #expect(steps.values.map(\.event) == [.trigger, .other, .fromEffect])
            #expect(runtime.state == "triggered+other+effect")
        }
        runtime.stop()
    }

    /// For the initial state: waits for the gate, yields `.fromEffect`, then signals and waits to
    /// be cancelled. For any other state: ends at once.
    struct GatedEvents: AsyncSequence, Sendable {
        typealias Element = RaceEvent
        let start: String
        let gate: Gate
        let emitted: DispatchSemaphore

        struct AsyncIterator: AsyncIteratorProtocol {
            let start: String
            let gate: Gate
            let emitted: DispatchSemaphore
            var count = 0

            mutating func next() async throws -> RaceEvent? {
                guard start == "waiting" else { return nil }
                count += 1
                if count == 1 {
                    await gate.wait()
                    return .fromEffect
                }
                // The previous event was handed to the loop (queued behind the input).
                emitted.signal()
                try await Task.sleep(for: .seconds(3600))
                return nil
            }
        }

        func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(start: start, gate: gate, emitted: emitted)
        }
    }

    // MARK: - 6. Gear filtering

    enum Signal: Equatable, Sendable {
        case ready
        case other
    }

    @Test func gearPropagatesOnlyMatchingStatesAndCatchesOnlyMatchingEvents() async {
        let gear = Gear<Signal>()
        let seen = Recorder<Signal>()
        let source = Spin<Int, CountEvent>(initialState: 0) {
            Feedback(attachedTo: gear, catching: 2, propagating: Signal.ready)
            Reducer { _, event in
                if case let .add(value) = event { return value }
                return 0
            }
        }
        let sink = Spin<Int, CountEvent>(initialState: 0) {
            Feedback(attachedTo: gear, catching: Signal.ready, emitting: CountEvent.increment)
            Feedback(attachedTo: gear, propagating: { (signal: Signal) -> CountEvent? in
                seen.append(signal)
                return nil
            })
            Self.countReducer
        }
        let sinkRuntime = SpinRuntime(sink)
        let sinkSteps = recordSteps(sinkRuntime)
        sinkRuntime.start()
        let sourceRuntime = SpinRuntime(source)
        sourceRuntime.start()
        for value in [1, 2, 3, 2, 2, 5] {  // the second 2 in a row is not a new state
            sourceRuntime.emit(.add(value))
        }
        gear.propagate(.other)
        await sourceRuntime.awaitIdle()
        await sinkRuntime.awaitIdle()
        #expect(seen.values == [.ready, .ready, .other])
        #expect(sinkSteps.values == [
            StepRecord(number: 1, event: .increment, origin: .feedback(index: 0, name: nil), state: 1, changed: true),
            StepRecord(number: 2, event: .increment, origin: .feedback(index: 0, name: nil), state: 2, changed: true),
        ])
        #expect(gear.bufferedEventCount == 0)
        sourceRuntime.stop()
        sinkRuntime.stop()
    }

    // MARK: - 7. Ping-pong through one gear

    enum Ball: Equatable, Sendable {
        case ping(Int)
        case pong(Int)
    }

    enum BallEvent: Equatable, Sendable {
        case received(Int)
    }

    @Test(.timeLimit(.minutes(1)))
    func twoSpinsPlayPingPongThroughOneGearWithoutDeadlock() async {
        let gear = Gear<Ball>()
        let rally = Recorder<Ball>()
        // Spin A serves ping(n) on state n while n < 5, and takes pong(n) back as its state.
        let a = Spin<Int, BallEvent>(initialState: 0) {
            Feedback(attachedTo: gear, propagating: { (state: Int) -> Ball? in
                guard state < 5 else { return nil }
                rally.append(.ping(state))
                return .ping(state)
            })
            Feedback(attachedTo: gear, propagating: { (ball: Ball) -> BallEvent? in
                if case let .pong(value) = ball { return .received(value) }
                return nil
            })
            Reducer { _, event in
                switch event { case let .received(value): return value }
            }
        }
        // Spin B takes ping(n) as state n + 1 and answers pong(n + 1).
        let b = Spin<Int, BallEvent>(initialState: 0) {
            Feedback(attachedTo: gear, propagating: { (ball: Ball) -> BallEvent? in
                if case let .ping(value) = ball { return .received(value + 1) }
                return nil
            })
            Feedback(attachedTo: gear, propagating: { (state: Int) -> Ball? in
                guard state > 0 else { return nil }
                rally.append(.pong(state))
                return .pong(state)
            })
            Reducer { _, event in
                switch event { case let .received(value): return value }
            }
        }
        let runtimeB = SpinRuntime(b)
        let stepsB = recordSteps(runtimeB)
        runtimeB.start()
        let runtimeA = SpinRuntime(a)
        let stepsA = recordSteps(runtimeA)
        runtimeA.start()
        #expect(await runtimeA.awaitState(where: { $0 == 5 }) == 5)
        await runtimeA.awaitIdle()
        await runtimeB.awaitIdle()
        #expect(runtimeA.state == 5)
        #expect(runtimeB.state == 5)
        #expect(rally.values == [
            .ping(0), .pong(1), .ping(1), .pong(2), .ping(2), .pong(3), .ping(3), .pong(4), .ping(4), .pong(5),
        ])
        #expect(stepsA.values.map(\.event) == (1...5).map { .received($0) })
        #expect(stepsB.values.map(\.event) == (1...5).map { .received($0) })
        #expect(stepsA.values.map(\.origin) == Array(repeating: .feedback(index: 1, name: nil), count: 5))
        #expect(stepsB.values.map(\.origin) == Array(repeating: .feedback(index: 0, name: nil), count: 5))
        runtimeA.stop()
        runtimeB.stop()
    }

    // MARK: - 8. Event order

    @Test func eventsFromOutsideAreReducedInTheOrderTheyWereEmitted() async {
        let spin = Spin<[Int], Int>(initialState: []) {
            Feedback(effect: { (_: [Int]) -> Int? in nil })
            Reducer(mutating: { state, event in state.append(event) })
        }
        let runtime = SpinRuntime(spin)
        let steps = recordSteps(runtime)
        runtime.start()
        for value in 1...100 { runtime.emit(value) }
        await runtime.awaitIdle()
        #expect(runtime.state == Array(1...100))
        #expect(runtime.stepCount == 100)
        #expect(steps.values.map(\.number) == Array(1...100))
        #expect(steps.values.map(\.event) == Array(1...100))
        runtime.stop()
    }

    // MARK: - 9. (state, event) pairs

    struct Pair: Equatable, Sendable {
        let state: Int
        let cause: CountEvent?
    }

    @Test func eventAwareFeedbackSeesEveryStateWithTheEventThatMadeIt() async {
        let pairs = Recorder<Pair>()
        let spin = Spin<Int, CountEvent>(initialState: 0) {
            Feedback(eventAware: { (state: Int, cause: CountEvent?) -> CountEvent? in
                pairs.append(Pair(state: state, cause: cause))
                switch state {
                case 0: return .add(1)
                case 1: return .add(2)
                case 3: return .increment
                default: return nil
                }
            })
            Self.countReducer
        }
        let runtime = SpinRuntime(spin)
        runtime.start()
        await runtime.awaitIdle()
        runtime.emit(.add(10))
        runtime.emit(.add(0))  // no change: not delivered
        await runtime.awaitIdle()
        #expect(pairs.values == [
            Pair(state: 0, cause: nil),
            Pair(state: 1, cause: .add(1)),
            Pair(state: 3, cause: .add(2)),
            Pair(state: 4, cause: .increment),
            Pair(state: 14, cause: .add(10)),
        ])
        runtime.stop()
    }

    // MARK: - 10. Reentrancy

    /// Tracks how deeply a piece of code is nested in itself.
    final class DepthGauge: Sendable {
        private let storage = Locked<(depth: Int, maximum: Int)>((0, 0))
        init() {}
        func enter() { storage.withLock { $0.depth += 1; $0.maximum = max($0.maximum, $0.depth) } }
        func leave() { storage.withLock { $0.depth -= 1 } }
        var maximum: Int { storage.withLock { $0.maximum } }
    }

    @Test(.timeLimit(.minutes(1)))
    func emitFromInsideASynchronousEffectIsQueuedNotReducedReentrantly() async {
        let box = LateBox<SpinRuntime<Int, CountEvent>>()
        let reducerDepth = DepthGauge()
        let feedbackDepth = DepthGauge()
        let log = Recorder<String>()
        let spin = Spin<Int, CountEvent>(initialState: 0) {
            Feedback(effect: { (state: Int) -> CountEvent? in
                feedbackDepth.enter()
                defer { feedbackDepth.leave() }
                log.append("enter \(state)")
                guard state < 30 else { return nil }
                box.value?.emit(.add(10))
                log.append("emitted at \(state)")
                return .increment
            })
            Reducer { (state: Int, event: CountEvent) -> Int in
                reducerDepth.enter()
                defer { reducerDepth.leave() }
                log.append("reduce \(event)")
                switch event {
                case .increment: return state + 1
                case let .add(value): return state + value
                }
            }
        }
        let runtime = SpinRuntime(spin)
        box.set(runtime)
        let steps = recordSteps(runtime)
        runtime.start()
        await runtime.awaitIdle()
        #expect(reducerDepth.maximum == 1)
        #expect(feedbackDepth.maximum == 1)
        #expect(log.values == [
            "enter 0", "emitted at 0",
            "reduce add(10)", "enter 10", "emitted at 10",
            "reduce increment", "enter 11", "emitted at 11",
            "reduce add(10)", "enter 21", "emitted at 21",
            "reduce increment", "enter 22", "emitted at 22",
            "reduce add(10)", "enter 32",
            "reduce increment", "enter 33",
            "reduce add(10)", "enter 43",
            "reduce increment", "enter 44",
            "reduce add(10)", "enter 54",
            "reduce increment", "enter 55",
        ])
        #expect(steps.values.map(\.origin) == Array(
            repeating: [EventOrigin.input, .feedback(index: 0, name: nil)], count: 5).flatMap { $0 })
        #expect(runtime.state == 55)
        runtime.stop()
    }

    // MARK: - 11. Observing the loop from an effect

    enum ObserveEvent: Equatable, Sendable {
        case increment
        case done([Int])
    }

    struct ObserveState: Equatable, Sendable {
        var count = 0
        var observed: [Int]?
    }

    @Test(.timeLimit(.minutes(1)))
    func anEffectCanObserveItsOwnLoopWithoutDeadlock() async {
        let box = LateBox<SpinRuntime<ObserveState, ObserveEvent>>()
        let readInline = Recorder<ObserveState>()
        let spin = Spin<ObserveState, ObserveEvent>(initialState: ObserveState()) {
            // A synchronous effect reads the runtime while the state is being delivered.
            Feedback(effect: { (state: ObserveState) -> ObserveEvent? in
                if let current = box.value?.state { readInline.append(current) }
                return nil
            })
            // An asynchronous effect follows the loop and drives it until count reaches 3.
            Feedback(
                effect: { (state: ObserveState) async -> ObserveEvent? in
                    guard let runtime = box.value else { return nil }
                    var seen = [runtime.state.count]
                    for await observed in runtime.states {
                        seen.append(observed.count)
                        if observed.count >= 3 { return .done(seen) }
                        runtime.emit(.increment)
                    }
                    return nil
                },
                // Continue: the states it drives are rejected by the filter, and under
                // `.cancelOnNewState` a rejected state cancels the running effect (rule 3).
                filteredBy: { $0.count == 0 && $0.observed == nil },
                strategy: .continueOnNewState)
            Reducer(mutating: { state, event in
                switch event {
                case .increment: state.count += 1
                case let .done(seen): state.observed = seen
                }
            })
        }
        let runtime = SpinRuntime(spin)
        box.set(runtime)
        runtime.start()
        let final = await runtime.awaitState(where: { $0.observed != nil })
        #expect(final == ObserveState(count: 3, observed: [0, 0, 1, 2, 3]))
        await runtime.awaitIdle()
        #expect(readInline.values == [
            ObserveState(count: 0), ObserveState(count: 1), ObserveState(count: 2), ObserveState(count: 3),
            ObserveState(count: 3, observed: [0, 0, 1, 2, 3]),
        ])
        runtime.stop()
    }

    // MARK: - 12. Events before and during start

    enum StartEvent: Equatable, Sendable {
        case pre(Int)
        case during
        case fed
    }

    @Test func eventsEmittedBeforeAndDuringStartAreProcessedInOrder() async {
        let box = LateBox<SpinRuntime<[StartEvent], StartEvent>>()
        let spin = Spin<[StartEvent], StartEvent>(initialState: []) {
            Feedback(eventAware: { (_: [StartEvent], cause: StartEvent?) -> StartEvent? in
                guard cause == nil else { return nil }
                box.value?.emit(.during)
                return .fed
            })
            Reducer(mutating: { state, event in state.append(event) })
        }
        let runtime = SpinRuntime(spin)
        box.set(runtime)
        let steps = recordSteps(runtime)
        runtime.emit(.pre(1))
        runtime.emit(.pre(2))
        #expect(runtime.stepCount == 0)
        #expect(runtime.state == [])
        runtime.start()
        await runtime.awaitIdle()
        #expect(runtime.state == [.pre(1), .pre(2), .during, .fed])
        #expect(steps.values.map(\.origin) == [.input, .input, .input, .feedback(index: 0, name: nil)])
        runtime.start()  // a second start does nothing
        await runtime.awaitIdle()
        #expect(runtime.stepCount == 4)
        runtime.stop()
    }

    // MARK: - 13. Nothing after stop

    @Test(.timeLimit(.minutes(1)))
    func nothingIsProcessedAfterStop() async {
        let gate = Gate()
        let finished = Recorder<String>()
        let spin = Spin<Int, CountEvent>(initialState: 0) {
            // Ignores cancellation: waits for the gate, then answers anyway.
            Feedback(
                effect: { (state: Int) async -> CountEvent? in
                    await gate.wait()
                    finished.append("gated \(state)")
                    return .add(100)
                },
                filteredBy: { $0 == 1 })
            // Sleeps on the virtual clock, then answers even when cancelled.
            Feedback(
                effect: { (state: Int) async -> CountEvent? in
                    try? await SpinClock.sleep(for: .seconds(5))
                    finished.append("slept \(state)")
                    return .add(1000)
                },
                filteredBy: { $0 == 1 })
            Self.countReducer
        }
        let clock = VirtualClock()
        let runtime = SpinRuntime(spin, clock: clock)
        let steps = recordSteps(runtime)
        runtime.start()
        runtime.emit(.increment)
        // The gated effect counts as running, so wait for the state rather than for idleness.
        #expect(await runtime.awaitState(where: { $0 == 1 }) == 1)
        #expect(runtime.stepCount == 1)

        runtime.stop()
        #expect(runtime.isStopped)
        runtime.emit(.add(7))
        runtime.start()
        gate.open()
        await clock.advance(by: .seconds(10))
        await runtime.awaitIdle()

        #expect(finished.values.sorted() == ["gated 1", "slept 1"])
        #expect(runtime.stepCount == 1)
        #expect(runtime.state == 1)
        #expect(steps.values == [StepRecord(number: 1, event: .increment, origin: .input, state: 1, changed: true)])
        #expect(clock.hasPendingTimers == false)
        var afterStop: [Int] = []
        for await state in runtime.states { afterStop.append(state) }
        #expect(afterStop == [1])
    }

    // MARK: - 14. Repeated and keyed requests

    struct SearchState: Equatable, Sendable {
        var query: String
        var page: Int
    }

    enum SearchEvent: Equatable, Sendable {
        case query(String)
        case page(Int)
    }

    @Test func equalRequestsDoNotRefire() async {
        let calls = Recorder<String>()
        let spin = Spin<SearchState, SearchEvent>(initialState: SearchState(query: "", page: 0)) {
            Feedback(skippingRepeated: { (state: SearchState) in state.query }, effect: { (query: String) -> SearchEvent? in
                calls.append(query)
                return nil
            })
            Reducer(mutating: { state, event in
                switch event {
                case let .query(query): state.query = query
                case let .page(page): state.page = page
                }
            })
        }
        let runtime = SpinRuntime(spin)
        runtime.start()
        for event: SearchEvent in [.page(1), .query("a"), .page(2), .query("a"), .page(3), .query("b"), .query("a"), .page(4)] {
            runtime.emit(event)
        }
        await runtime.awaitIdle()
        #expect(calls.values == ["", "a", "b", "a"])
        #expect(runtime.state == SearchState(query: "a", page: 4))
        runtime.stop()
    }

    /// A sequence effect for one key: logs its start, then waits (on the loop's clock) until it
    /// is cancelled, logging the cancellation.
    struct KeyedWork: AsyncSequence, Sendable {
        typealias Element = Set<Int>
        let key: Int
        let started: Recorder<Int>
        let cancelled: Recorder<Int>

        struct AsyncIterator: AsyncIteratorProtocol {
            let key: Int
            let started: Recorder<Int>
            let cancelled: Recorder<Int>

            mutating func next() async throws -> Set<Int>? {
                let key = self.key
                let cancelled = self.cancelled
                started.append(key)
                try await withTaskCancellationHandler {
                    try await SpinClock.sleep(for: .seconds(3600))
                } onCancel: {
                    cancelled.append(key)
                }
                return nil
            }
        }

        func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(key: key, started: started, cancelled: cancelled)
        }
    }

    @Test func keyedEffectsStartAndCancelPerKey() async {
        let started = Recorder<Int>()
        let cancelled = Recorder<Int>()
        let spin = Spin<Set<Int>, Set<Int>>(initialState: []) {
            Feedback(requests: { (keys: Set<Int>) in keys }, effect: { (key: Int) -> KeyedWork in
                KeyedWork(key: key, started: started, cancelled: cancelled)
            })
            Reducer { _, keys in keys }
        }
        let clock = VirtualClock()
        let runtime = SpinRuntime(spin, clock: clock)
        runtime.start()
        await runtime.awaitIdle()
        #expect(started.values == [])

        var snapshots: [(started: Set<Int>, cancelled: Set<Int>, startCount: Int)] = []
        let requests: [Set<Int>] = [[1], [1, 2], [1, 2], [2, 3], [3], [], [4]]
        for keys in requests {
            runtime.emit(keys)
            await runtime.awaitIdle()
            snapshots.append((Set(started.values), Set(cancelled.values), started.values.count))
        }
        #expect(snapshots.map(\.started) == [[1], [1, 2], [1, 2], [1, 2, 3], [1, 2, 3], [1, 2, 3], [1, 2, 3, 4]])
        #expect(snapshots.map(\.cancelled) == [[], [], [], [1], [1, 2], [1, 2, 3], [1, 2, 3]])
        #expect(snapshots.map(\.startCount) == [1, 2, 2, 3, 3, 3, 4])
        #expect(started.values == [1, 2, 3, 4])
        #expect(cancelled.values == [1, 2, 3])
        runtime.stop()
        await runtime.awaitIdle()
        #expect(cancelled.values == [1, 2, 3, 4])
        #expect(clock.hasPendingTimers == false)
    }

    // MARK: - 15. Rising edges

    struct EdgeState: Equatable, Sendable {
        var enabled: Bool
        var token: String?
        var count: Int = 0
    }

    enum EdgeEvent: Equatable, Sendable {
        case enable(Bool)
        case token(String?)
        case bump
    }

    static let edgeReducer = Reducer<EdgeState, EdgeEvent>(mutating: { state, event in
        switch event {
        case let .enable(enabled): state.enabled = enabled
        case let .token(token): state.token = token
        case .bump: state.count += 1
        }
    })

    /// Logs `start <label>` and, when cancelled, `cancel <label>`; sleeps until cancelled.
    static func edgeEffect(_ label: String, log: Recorder<String>) async -> EdgeEvent? {
        log.append("start \(label)")
        await withTaskCancellationHandler {
            try? await SpinClock.sleep(for: .seconds(3600))
        } onCancel: {
            log.append("cancel \(label)")
        }
        return nil
    }

    @Test(arguments: [true, false])
    func risingEdgesFireOnQualifyingInitialStateDoNotRestartAndCancelOnFallingEdge(initiallyOn: Bool) async {
        let asyncLog = Recorder<String>()
        let syncLog = Recorder<String>()
        let valueLog = Recorder<String>()
        let spin = Spin<EdgeState, EdgeEvent>(
            initialState: EdgeState(enabled: initiallyOn, token: initiallyOn ? "a" : nil)
        ) {
            Feedback(whenBecomesTrue: { (state: EdgeState) in state.enabled }, effect: { (state: EdgeState) async -> EdgeEvent? in
                await Self.edgeEffect("count=\(state.count)", log: asyncLog)
            })
            Feedback(whenBecomesTrue: { (state: EdgeState) in state.enabled }, effect: { (state: EdgeState) -> EdgeEvent? in
                syncLog.append("edge count=\(state.count)")
                return nil
            })
            Feedback(firstValueAfterNil: { (state: EdgeState) in state.token }, effect: { (token: String) async -> EdgeEvent? in
                await Self.edgeEffect(token, log: valueLog)
            })
            Self.edgeReducer
        }
        let clock = VirtualClock()
        let runtime = SpinRuntime(spin, clock: clock)
        runtime.start()
        await runtime.awaitIdle()
        let script: [EdgeEvent] = [
            .bump, .enable(true), .token("a"), .token("b"), .bump,  // stays true: no restart
            .enable(false), .token(nil), .bump,  // falling edges
            .enable(true), .token("c"), .bump,  // rising again
        ]
        for event in script {
            runtime.emit(event)
            await runtime.awaitIdle()
        }
        if initiallyOn {
            #expect(asyncLog.values == ["start count=0", "cancel count=0", "start count=3"])
            #expect(syncLog.values == ["edge count=0", "edge count=3"])
            #expect(valueLog.values == ["start a", "cancel a", "start c"])
        } else {
            #expect(asyncLog.values == ["start count=1", "cancel count=1", "start count=3"])
            #expect(syncLog.values == ["edge count=1", "edge count=3"])
            #expect(valueLog.values == ["start a", "cancel a", "start c"])
        }
        runtime.stop()
        await runtime.awaitIdle()
        #expect(clock.hasPendingTimers == false)
    }

    // MARK: - Dependencies

    struct Greeter: Sendable {
        let greeting: String
    }

    @Test func effectsReceiveZeroOneOrThreeDependencies() async {
        let log = Recorder<String>()
        let greeter = Greeter(greeting: "hi")
        let spin = Spin<Int, CountEvent>(initialState: 0) {
            Feedback<Int, CountEvent>(effect: { () -> @Sendable (Int) -> CountEvent? in
                { state in
                    log.append("none \(state)")
                    return nil
                }
            })
            Feedback<Int, CountEvent>(
                effect: { (greeter: Greeter) -> @Sendable (Int) -> CountEvent? in
                    { state in
                        log.append("\(greeter.greeting) \(state)")
                        return nil
                    }
                },
                dependencies: greeter)
            Feedback<Int, CountEvent>(
                effect: { (a: Int, b: String, c: Greeter) -> @Sendable (Int) -> CountEvent? in
                    { state in
                        log.append("\(a) \(b) \(c.greeting) \(state)")
                        return state == 0 ? .add(a) : nil
                    }
                },
                dependencies: 42, "x", Greeter(greeting: "yo"))
            Self.countReducer
        }
        let runtime = SpinRuntime(spin)
        runtime.start()
        await runtime.awaitIdle()
        #expect(log.values == ["none 0", "hi 0", "42 x yo 0", "none 42", "hi 42", "42 x yo 42"])
        #expect(runtime.state == 42)
        runtime.stop()
    }

    // MARK: - execute(on:)

    /// A task executor that counts the jobs it runs and marks its queue.
    final class CountingExecutor: TaskExecutor, @unchecked Sendable {
        // @unchecked: a DispatchQueue and an atomic.
        static let marker = DispatchSpecificKey<String>()
        private let queue = DispatchQueue(label: "checklist.counting")
        let jobs = Atomic<Int>(0)

        init() {
            queue.setSpecific(key: Self.marker, value: "counting")
        }

        func enqueue(_ job: consuming ExecutorJob) {
            jobs.add(1, ordering: .relaxed)
            let unownedJob = UnownedJob(job)
            let executor = asUnownedTaskExecutor()
            queue.async { unownedJob.runSynchronously(on: executor) }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func executeOnRunsEffectsOnTheGivenExecutor() async {
        let syncExecutor = CountingExecutor()
        let asyncExecutor = CountingExecutor()
        let places = Recorder<String>()
        let spin = Spin<Int, CountEvent>(initialState: 0) {
            Feedback(effect: { (state: Int) -> CountEvent? in
                places.append("sync \(state) on \(DispatchQueue.getSpecific(key: CountingExecutor.marker) ?? "elsewhere")")
                return state == 0 ? .add(1) : nil
            }).execute(on: syncExecutor)
            Feedback(effect: { (state: Int) async -> CountEvent? in
                places.append("async \(state) on \(DispatchQueue.getSpecific(key: CountingExecutor.marker) ?? "elsewhere")")
                return state == 1 ? .add(10) : nil
            }).execute(on: asyncExecutor)
            Self.countReducer
        }
        let runtime = SpinRuntime(spin)
        runtime.start()
        #expect(await runtime.awaitState(where: { $0 == 11 }) == 11)
        await runtime.awaitIdle()
        #expect(syncExecutor.jobs.load(ordering: .relaxed) > 0)
        #expect(asyncExecutor.jobs.load(ordering: .relaxed) > 0)
        let sync = places.values.filter { $0.hasPrefix("sync") }
        #expect(sync == ["sync 0 on counting", "sync 1 on counting", "sync 11 on counting"])
        // The async effect for state 0 may be cancelled before its task is even created (the
        // sync effect's answer can arrive first); those for 1 and 11 always run.
        let async = places.values.filter { $0.hasPrefix("async") && $0 != "async 0 on counting" }
        #expect(async == ["async 1 on counting", "async 11 on counting"])
        #expect(runtime.state == 11)
        runtime.stop()
    }
}

// MARK: - Bug reproduction

extension ChecklistTests {
    /// A cancelled effect must never wake from `SpinClock.sleep` normally. Twenty states in a row
    /// with `.cancelOnNewState`: only the effect of the last one may still sleep, so advancing the
    /// clock must wake exactly that one. Intermittently, a cancelled effect's sleep is registered
    /// after its cancellation handler already ran: the clock checks for cancellation under its lock
    /// before storing a sleeper (this test reproduced the race before that fix).
    @Test
    func cancelledEffectNeverWakesFromVirtualSleep() async {
        var failures: [[Int]] = []
        for _ in 0..<1000 {
            let woke = Recorder<Int>()
            let spin = Spin<Int, CountEvent>(initialState: 0) {
                Feedback(effect: { (state: Int) async -> CountEvent? in
                    do {
                        try await SpinClock.sleep(for: .seconds(10))
                        woke.append(state)
                    } catch {}
                    return nil
                })
                Self.countReducer
            }
            let clock = VirtualClock()
            let runtime = SpinRuntime(spin, clock: clock)
            runtime.start()
            for _ in 0..<20 { runtime.emit(.increment) }
            await runtime.awaitIdle()
            await clock.advance(by: .seconds(10))
            if woke.values != [20] { failures.append(woke.values) }
            runtime.stop()
        }
        #expect(failures == [])
    }
}
