import Foundation
import Synchronization
import Testing
@testable import Spin

// One test per rule of docs/semantics.md, named after it.

@Suite struct SemanticsTests {
    enum Event: Sendable, Equatable {
        case bump
        case fromEffect(Int)
        case set(Int)
    }

    @Sendable static func reduce(_ state: Int, _ event: Event) -> Int {
        switch event {
        case .bump: return state + 1
        case .fromEffect(let value), .set(let value): return value
        }
    }

    /// Rule 1: every feedback sees the initial state before any event is reduced.
    @Test func rule1_everyFeedbackSeesTheInitialStateFirst() async {
        let log = Recorder<String>()
        let spin = Spin<Int, Event>(initialState: 0) {
            Feedback(effect: { (state: Int) -> Event? in
                log.append("a\(state)")
                return state == 0 ? .bump : nil
            })
            Feedback(effect: { (state: Int) -> Event? in
                log.append("b\(state)")
                return nil
            })
            Reducer { state, event in
                log.append("reduce \(event)")
                return Self.reduce(state, event)
            }
        }
        _ = await runToIdle(spin)
        #expect(log.values == ["a0", "b0", "reduce bump", "a1", "b1"])
    }

    /// Rule 2: states reach feedbacks in declaration order; events are reduced FIFO, one at a time;
    /// an event emitted while a state is delivered is queued, never reduced reentrantly.
    @Test func rule2_declarationOrderFifoAndNoReentrancy() async {
        let log = Recorder<String>()
        let depth = Locked(0)
        let runtimeBox = LateBox<SpinRuntime<Int, Event>>()
        let spin = Spin<Int, Event>(initialState: 0) {
            Feedback(effect: { (state: Int) -> Event? in
                log.append("first \(state)")
                // Emitting from inside a feedback only queues.
                if state == 0 { runtimeBox.value?.emit(.set(10)) }
                return state == 0 ? .bump : nil
            })
            Feedback(effect: { (state: Int) -> Event? in
                log.append("second \(state)")
                return state == 0 ? .set(20) : nil
            })
            Reducer { state, event in
                let entered = depth.withLock { depth -> Int in
                    depth += 1
                    return depth
                }
                log.append("reduce \(event) depth \(entered)")
                defer { depth.withLock { $0 -= 1 } }
                return Self.reduce(state, event)
            }
        }
        let runtime = SpinRuntime(spin, clock: VirtualClock())
        runtimeBox.set(runtime)
        runtime.start()
        await runtime.awaitIdle()
        #expect(log.values == [
            "first 0", "second 0",
            "reduce set(10) depth 1", "first 10", "second 10",
            "reduce bump depth 1", "first 11", "second 11",
            "reduce set(20) depth 1", "first 20", "second 20",
        ])
        #expect(runtime.state == 20)
    }

    /// Rule 2: what synchronous feedbacks return for a state joins the queue when the delivery of
    /// that state ends, so an `emit` made during the delivery comes first.
    @Test func rule2_returnedEventsJoinTheQueueWhenTheDeliveryEnds() async {
        let log = Recorder<String>()
        let runtimeBox = LateBox<SpinRuntime<Int, Event>>()
        let spin = Spin<Int, Event>(initialState: 0) {
            Feedback(effect: { (state: Int) -> Event? in state == 0 ? .set(1) : nil })
            Feedback(effect: { (state: Int) -> Event? in
                if state == 0 { runtimeBox.value?.emit(.set(2)) }
                return state == 0 ? .set(3) : nil
            })
            Reducer { state, event in
                log.append("\(event)")
                return Self.reduce(state, event)
            }
        }
        let runtime = SpinRuntime(spin, clock: VirtualClock())
        runtimeBox.set(runtime)
        runtime.start()
        await runtime.awaitIdle()
        #expect(log.values == ["set(2)", "set(1)", "set(3)"])
        #expect(runtime.state == 3)
    }

    /// Rule 3: `.cancelOnNewState` cancels the running effect when a new state arrives and drops
    /// the events it queued that were not reduced yet.
    @Test(arguments: [ExecutionStrategy.cancelOnNewState, .continueOnNewState])
    func rule3_cancellationDropsQueuedEventsOfTheCancelledEffect(strategy: ExecutionStrategy) async {
        let runtimeBox = LateBox<SpinRuntime<Int, Event>>()
        let cancelled = Recorder<Bool>()
        // A feedback whose effect, started on the initial state, has an event in the queue
        // behind an earlier event when the next state arrives: exactly the situation the rule is
        // about, made deterministic by queuing the effect's event directly.
        let feedback = Feedback<Int, Event> { context, _ in
            ProbeInstance(context: context, strategy: strategy, runtime: runtimeBox, cancelled: cancelled)
        }
        let spin = Spin<Int, Event>(initialState: 0, feedbacks: [feedback], reducer: Reducer(Self.reduce))
        let steps = Recorder<Event>()
        let runtime = SpinRuntime(spin, clock: VirtualClock())
        runtimeBox.set(runtime)
        runtime.onStep { steps.append($0.event) }
        runtime.emit(.bump)
        runtime.start()
        await runtime.awaitIdle()
        switch strategy {
        case .cancelOnNewState:
            #expect(steps.values == [.bump])
            #expect(runtime.state == 1)
        case .continueOnNewState:
            #expect(steps.values == [.bump, .fromEffect(42)])
            #expect(runtime.state == 42)
        }
        runtime.stop()
    }

    /// Rule 4: `.continueOnNewState` lets effects finish; their events are reduced in arrival
    /// order. Rule 3 again, end to end: with `.cancelOnNewState` only the latest effect reports.
    @Test(arguments: [ExecutionStrategy.cancelOnNewState, .continueOnNewState])
    func rule4_continueLetsEffectsFinishInArrivalOrder(strategy: ExecutionStrategy) async throws {
        let clock = VirtualClock()
        let spin = Spin<Int, Event>(initialState: 0) {
            // Each state below 3 starts an effect that answers after (4 - state) * 100 ms, so
            // later effects answer earlier.
            Feedback(effect: { (state: Int) async -> Event? in
                guard state < 3 else { return nil }
                do {
                    try await SpinClock.sleep(for: .milliseconds((4 - state) * 100))
                } catch {
                    return nil
                }
                return .fromEffect(100 + state)
            }, strategy: strategy)
            Reducer(Self.reduce)
        }
        let steps = Recorder<Event>()
        let runtime = SpinRuntime(spin, clock: clock)
        runtime.onStep { steps.append($0.event) }
        runtime.start()
        await runtime.awaitIdle()
        runtime.emit(.set(1))
        await runtime.awaitIdle()
        runtime.emit(.set(2))
        await runtime.awaitIdle()
        await clock.advance(by: .seconds(1))
        await runtime.awaitIdle()
        switch strategy {
        case .cancelOnNewState:
            #expect(steps.values == [.set(1), .set(2), .fromEffect(102)])
        case .continueOnNewState:
            // Deadlines: state 0 at 400 ms, state 1 at 300 ms, state 2 at 200 ms.
            #expect(steps.values == [.set(1), .set(2), .fromEffect(102), .fromEffect(101), .fromEffect(100)])
        }
        #expect(clock.now.offset == .seconds(1))
        runtime.stop()
    }

    /// Whether `body` returns within `seconds` (of the continuous clock): a test of an effect that
    /// must be cancelled or must not wait for another fails instead of hanging when it is not.
    private static func returns(within seconds: Int, _ body: @escaping @Sendable () async -> Void) async -> Bool {
        // Unstructured, so that a body that ignores cancellation is left behind, not waited for.
        let (outcome, report) = AsyncStream<Bool>.makeStream()
        let work = Task {
            await body()
            report.yield(true)
        }
        let timer = Task {
            try? await Task.sleep(for: .seconds(seconds))
            report.yield(false)
        }
        var outcomes = outcome.makeAsyncIterator()
        let returned = await outcomes.next() ?? false
        timer.cancel()
        work.cancel()
        return returned
    }

    /// Effects: the last event of an asynchronous effect is queued as the effect ends, and the first
    /// effect the drain that reduces it asks for runs in the same task. A long chain of such steps
    /// on the default clock reaches its end, and the loop then settles.
    @Test func effects_aChainOfAsynchronousEffectsRunsToItsEndAndSettles() async {
        let spin = Spin<Int, Event>(initialState: 0) {
            Feedback(effect: { (state: Int) async -> Event? in state < 10_000 ? .bump : nil })
            Reducer(Self.reduce)
        }
        let runtime = SpinRuntime(spin)
        runtime.start()
        let settled = await Self.returns(within: 60) { await runtime.awaitIdle() }
        #expect(settled)
        #expect(runtime.state == 10_000)
        #expect(runtime.stepCount == 10_000)
        runtime.stop()
    }

    /// The answer of the effect of state 0 in the tests of effects run in the previous effect's
    /// task: `.set(1)`, once the test lets it go after `start()` has returned. The loop then knows
    /// this effect's task, so the first effect the answer's state asks for runs in it.
    private static func answerOnce(_ go: AsyncStream<Void>) async -> Event? {
        for await _ in go { break }
        return .set(1)
    }

    /// Effects: an effect that runs in the task of the effect before it is cancelled as any other
    /// (rule 3): the cancel reaches the task it runs in.
    @Test func effects_anEffectRunInThePreviousEffectsTaskIsCancelledByANewState() async {
        let cancelled = Recorder<Int>()
        let (go, letGo) = AsyncStream<Void>.makeStream()
        let (sleeping, reportSleeping) = AsyncStream<Void>.makeStream()
        let spin = Spin<Int, Event>(initialState: 0) {
            Feedback(effect: { (state: Int) async -> Event? in
                switch state {
                case 0:
                    return await Self.answerOnce(go)
                case 1:
                    reportSleeping.yield()
                    try? await Task.sleep(for: .seconds(3600))
                    if Task.isCancelled { cancelled.append(state) }
                    return .set(99)
                default:
                    return nil
                }
            }, strategy: .cancelOnNewState)
            Reducer(Self.reduce)
        }
        let runtime = SpinRuntime(spin)
        runtime.start()
        letGo.yield()
        // The new state comes while the effect of state 1 sleeps.
        var sleepers = sleeping.makeAsyncIterator()
        _ = await sleepers.next()
        runtime.emit(.set(2))
        let settled = await Self.returns(within: 60) { await runtime.awaitIdle() }
        #expect(settled)
        #expect(cancelled.values == [1])
        // The cancelled effect's last event was dropped.
        #expect(runtime.state == 2)
        runtime.stop()
    }

    /// Effects: when a drain asks for several effects at once, only the first may run in the task of
    /// the effect that just ended; the others get tasks of their own, so they run side by side. Here
    /// the first waits for the second: run one after the other, they would wait forever.
    @Test func effects_effectsAskedForTogetherRunSideBySide() async {
        let (signal, send) = AsyncStream<Void>.makeStream()
        let (go, letGo) = AsyncStream<Void>.makeStream()
        let spin = Spin<Int, Event>(initialState: 0) {
            Feedback(effect: { (state: Int) async -> Event? in
                switch state {
                case 0:
                    return await Self.answerOnce(go)
                case 1:
                    for await _ in signal { return .set(2) }
                    return nil
                default:
                    return nil
                }
            })
            Feedback(effect: { (state: Int) async -> Event? in
                if state == 1 { send.yield() }
                return nil
            })
            Reducer(Self.reduce)
        }
        let runtime = SpinRuntime(spin)
        runtime.start()
        letGo.yield()
        let reached = await Self.returns(within: 60) { _ = await runtime.awaitState { $0 == 2 } }
        #expect(reached)
        #expect(runtime.state == 2)
        runtime.stop()
        send.finish()
    }

    /// Rule 5: an event that leaves an `Equatable` state equal is a step (traced, counted) but its
    /// state is not emitted and feedbacks do not run again.
    @Test func rule5_anEventThatChangesNothingIsNotDeliveredAgain() async {
        let feedbackRuns = Recorder<Int>()
        let spin = Spin<Int, Event>(initialState: 0) {
            Feedback(effect: { (state: Int) -> Event? in
                feedbackRuns.append(state)
                return nil
            })
            Reducer(Self.reduce)
        }
        let changes = Recorder<Bool>()
        let runtime = SpinRuntime(spin, clock: VirtualClock())
        runtime.onStep { changes.append($0.changed) }
        let observed = Recorder<Int>()
        runtime.render(on: RenderTarget()) { _, state in observed.append(state) }
        runtime.start()
        runtime.emit(.set(0))
        runtime.emit(.set(5))
        runtime.emit(.set(5))
        await runtime.awaitIdle()
        #expect(changes.values == [false, true, false])
        #expect(feedbackRuns.values == [0, 5])
        #expect(runtime.stepCount == 3)
    }

    /// Rule 5 for states that are not `Equatable`: every reduction counts as a change.
    @Test func rule5_nonEquatableStatesAlwaysCountAsChanged() async {
        struct Opaque: Sendable { var value: Int }
        let spin = Spin<Opaque, Event>(
            initialState: Opaque(value: 0),
            feedbacks: [],
            reducer: Reducer { state, _ in state })
        let changes = Recorder<Bool>()
        let runtime = SpinRuntime(spin, clock: VirtualClock())
        runtime.onStep { changes.append($0.changed) }
        runtime.start()
        runtime.emit(.bump)
        await runtime.awaitIdle()
        #expect(changes.values == [true])
    }

    /// Rule 6: no deadlock when a feedback emits into its own loop, when the loop is stopped from
    /// inside a synchronous or an asynchronous effect, or when two spins talk through gears in both
    /// directions.
    @Test func rule6_noDeadlockWhenEmittingIntoItsOwnLoopOrStoppingFromInside() async {
        let runtimeBox = LateBox<SpinRuntime<Int, Event>>()
        let spin = Spin<Int, Event>(initialState: 0) {
            Feedback(effect: { (state: Int) -> Event? in
                if state < 5 { runtimeBox.value?.emit(.bump) }
                if state == 5 { runtimeBox.value?.stop() }
                return nil
            })
            Reducer(Self.reduce)
        }
        let runtime = SpinRuntime(spin, clock: VirtualClock())
        runtimeBox.set(runtime)
        runtime.start()
        await runtime.awaitIdle()
        #expect(runtime.state == 5)
        #expect(runtime.isStopped)
        runtime.emit(.bump)
        #expect(runtime.state == 5)

        let asyncBox = LateBox<SpinRuntime<Int, Event>>()
        let asyncSpin = Spin<Int, Event>(initialState: 0) {
            Feedback(effect: { (state: Int) async -> Event? in
                if state == 1 {
                    asyncBox.value?.stop()
                    return .bump
                }
                return state == 0 ? .bump : nil
            })
            Reducer(Self.reduce)
        }
        let asyncRuntime = SpinRuntime(asyncSpin, clock: VirtualClock())
        asyncBox.set(asyncRuntime)
        asyncRuntime.start()
        await asyncRuntime.awaitIdle()
        #expect(asyncRuntime.state == 1)
        #expect(asyncRuntime.isStopped)
    }

    @Test func rule6_twoSpinsTalkThroughGearsInBothDirections() async {
        let toB = Gear<Int>()
        let toA = Gear<Int>()
        func player(out: Gear<Int>, into: Gear<Int>, serves: Bool) -> Spin<Int, Event> {
            Spin<Int, Event>(initialState: serves ? 1 : 0) {
                Feedback(attachedTo: out, propagating: { (state: Int) -> Int? in state > 0 && state <= 20 ? state : nil })
                Feedback(attachedTo: into, propagating: { (ball: Int) -> Event? in .set(ball + 1) })
                Reducer(Self.reduce)
            }
        }
        let clock = VirtualClock()
        let a = SpinRuntime(player(out: toB, into: toA, serves: true), clock: clock)
        let b = SpinRuntime(player(out: toA, into: toB, serves: false), clock: clock)
        b.start()
        a.start()
        await clock.settled()
        // A serves 1; B answers 2; … the rally ends once a ball above 20 is not sent back.
        #expect(a.state == 21)
        #expect(b.state == 20)
        #expect(a.stepCount == 10)
        #expect(b.stepCount == 10)
    }
}

/// A render target for tests.
final class RenderTarget: Sendable {}

/// A feedback instance that starts a never-ending effect on the initial state and queues one of
/// that effect's events behind the events already waiting.
final class ProbeInstance: FeedbackInstance {
    typealias State = Int
    typealias Event = SemanticsTests.Event

    private let context: FeedbackContext<Event>
    private let strategy: ExecutionStrategy
    private let runtime: LateBox<SpinRuntime<Int, Event>>
    private let cancelled: Recorder<Bool>
    private var handle: EffectHandle?

    init(context: FeedbackContext<Event>, strategy: ExecutionStrategy, runtime: LateBox<SpinRuntime<Int, Event>>, cancelled: Recorder<Bool>) {
        self.context = context
        self.strategy = strategy
        self.runtime = runtime
        self.cancelled = cancelled
    }

    func receive(_ state: Int, cause: Event?) {
        if state == 0 {
            let handle = context.start { _ -> Event? in
                try? await SpinClock.sleep(for: .seconds(3600))
                return nil
            }
            self.handle = handle
            if let handle { runtime.value?.enqueue(.fromEffect(42), origin: context.origin, token: handle.token) }
        } else if strategy == .cancelOnNewState, let handle {
            context.cancel(handle)
            self.handle = nil
        }
    }

    func stop() {
        if let handle { context.cancel(handle) }
    }
}
