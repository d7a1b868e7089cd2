import Testing
@testable import Spin

@Suite struct RuntimeTests {
    struct Form: Equatable, Sendable {
        var name = ""
        var count = 0
    }

    enum FormEvent: Equatable, Sendable {
        case rename(String)
        case setCount(Int)
    }

    static let formSpin = Spin<Form, FormEvent>(initialState: Form(), feedbacks: [], reducer: Reducer(mutating: { form, event in
        switch event {
        case .rename(let name): form.name = name
        case .setCount(let count): form.count = count
        }
    }))

    final class View: Sendable {
        let rendered = Recorder<String>()
    }

    @Test func renderCallsWithTheCurrentStateThenEveryChangeWhileTheContainerLives() async {
        let runtime = SpinRuntime(Self.formSpin, clock: VirtualClock())
        runtime.start()
        var view: View? = View()
        let rendered = view?.rendered ?? Recorder<String>()
        if let view {
            runtime.render(on: view) { view, form in view.rendered.append("\(form.name):\(form.count)") }
        }
        runtime.emit(.rename("a"))
        runtime.emit(.rename("a"))
        runtime.emit(.setCount(2))
        await runtime.awaitIdle()
        view = nil
        runtime.emit(.setCount(3))
        await runtime.awaitIdle()
        #expect(rendered.values == [":0", "a:0", "a:2"])
    }

    /// The drain calls up to `maximumChainedFeedbacks` feedbacks through one chain of closures
    /// and more slot by slot; either way each state reaches them in declaration order, through a
    /// mix of plain, event-aware and asynchronous (instance) feedbacks.
    @Test(arguments: [3, SpinRuntime<[Int], Int>.maximumChainedFeedbacks, SpinRuntime<[Int], Int>.maximumChainedFeedbacks + 1, 40])
    func feedbacksSeeEachStateInDeclarationOrderChainedOrNot(count: Int) async {
        // Every feedback answers the state `[-1]` (made by an input event, so that it is delivered
        // by the drain) with its own index. The asynchronous ones answer without suspending, so
        // their answers join the synchronous ones' in the order the feedbacks are called (the
        // fairness rule).
        let feedbacks = (0..<count).map { index -> Feedback<[Int], Int> in
            switch index % 3 {
            case 0:
                return Feedback(effect: { (log: [Int]) -> Int? in log == [-1] ? index : nil })
            case 1:
                return Feedback(eventAware: { (log: [Int], cause: Int?) -> Int? in
                    log == [-1] && cause == -1 ? index : nil
                })
            default:
                return Feedback(effect: { (log: [Int]) async -> Int? in log == [-1] ? index : nil }, strategy: .continueOnNewState)
            }
        }
        let spin = Spin<[Int], Int>(initialState: [], feedbacks: feedbacks, reducer: Reducer { log, event in log + [event] })
        let runtime = SpinRuntime(spin, clock: VirtualClock())
        runtime.start()
        runtime.emit(-1)
        await runtime.awaitIdle()
        #expect(runtime.state == [-1] + Array(0..<count))
        runtime.stop()
    }

    /// The drain hands the feedbacks the state without copying it; a feedback that keeps the state
    /// keeps a real copy all the same: later steps, which reduce the state in place, must not
    /// change what it kept.
    @Test func aStateAFeedbackKeepsStaysAsItWas() async {
        let kept = Recorder<[Int]>()
        let spin = Spin<[Int], Int>(
            initialState: [],
            feedbacks: [
                Feedback(effect: { (log: [Int]) -> Int? in
                    kept.append(log)
                    return log.count < 5 ? log.count : nil
                }),
                Feedback(effect: { (log: [Int]) -> Int? in log.count == 5 && log.first == 0 ? 100 : nil }),
            ],
            reducer: Reducer(mutating: { log, event in
                guard event == 100 else { return log.append(event) }
                // Rewritten in place: storage that the kept copies share must be copied first.
                log.removeAll(keepingCapacity: true)
                log.append(-1)
            }))
        let runtime = await runToIdle(spin)
        #expect(kept.values == [
            [], [0], [0, 1], [0, 1, 2], [0, 1, 2, 3], [0, 1, 2, 3, 4],
            [-1], [-1, 1], [-1, 1, 2], [-1, 1, 2, 3], [-1, 1, 2, 3, 4],
        ])
        #expect(runtime.state == [-1, 1, 2, 3, 4])
        runtime.stop()
    }

    @Test func aFullQueueStopsTheLoopWithItsReason() async {
        // Two feedbacks emit on every state: the queue grows by one event per step. After step k's
        // delivery k + 2 events wait; step 9 pops one of 10 (9 left), queues one (10 again) and finds
        // the queue full for the next.
        let emitsTwice = Spin<Int, Int>(
            initialState: 0,
            feedbacks: [Feedback(effect: { (_: Int) -> Int? in 1 }), Feedback(effect: { (_: Int) -> Int? in 1 })],
            reducer: Reducer(mutating: { state, increment in state += increment }))
        let runtime = SpinRuntime(emitsTwice, clock: VirtualClock(), maxQueueLength: 10)
        runtime.start()
        await runtime.awaitIdle()
        #expect(runtime.stepCount == 9)
        #expect(runtime.state == 9)
        #expect(runtime.isStopped)
        #expect(runtime.stopReason == .queueFull(limit: 10))
        #expect(runtime.queuedEventCount == 0)
        runtime.emit(5)
        #expect(runtime.stepCount == 9)
    }

    @Test func stopRecordsThatItWasRequested() {
        let runtime = SpinRuntime(Self.formSpin, clock: VirtualClock())
        runtime.start()
        #expect(runtime.stopReason == nil)
        runtime.stop()
        #expect(runtime.stopReason == .requested)
    }

    @Test func bindingReadsTheSubStateAndWritesByEmitting() async {
        let runtime = SpinRuntime(Self.formSpin, clock: VirtualClock())
        runtime.start()
        let binding = runtime.binding(for: \Form.count, event: FormEvent.setCount)
        #expect(binding.wrappedValue == 0)
        binding.wrappedValue = 7
        await runtime.awaitIdle()
        #expect(binding.wrappedValue == 7)
        #expect(runtime.state == Form(name: "", count: 7))
    }

    @Test func scopedProjectionSeesASubStateAndEmitsSubEvents() async {
        let runtime = SpinRuntime(Self.formSpin, clock: VirtualClock())
        runtime.start()
        let nameScope = runtime.scoped(to: { (form: Form) -> String in form.name }, event: FormEvent.rename)
        nameScope.emit("spin")
        await runtime.awaitIdle()
        #expect(nameScope.state == "spin")
        let lengthScope = nameScope.scoped(to: { (name: String) -> Int in name.count }, event: { (length: Int) -> String in String(repeating: "x", count: length) })
        lengthScope.emit(2)
        await runtime.awaitIdle()
        #expect(runtime.state.name == "xx")
        #expect(lengthScope.state == 2)
        var iterator = lengthScope.states.makeAsyncIterator()
        #expect(await iterator.next() == 2)
    }

    @Test func statesStartWithTheCurrentStateAndEndAtStop() async {
        let runtime = SpinRuntime(Self.formSpin, clock: VirtualClock())
        runtime.start()
        let states = runtime.states
        runtime.emit(.setCount(1))
        runtime.emit(.setCount(1))
        runtime.emit(.setCount(2))
        runtime.stop()
        var seen: [Int] = []
        for await form in states { seen.append(form.count) }
        #expect(seen == [0, 1, 2])
    }

    @Test func awaitStateReturnsTheFirstMatchingStateOrNilAfterStop() async {
        let runtime = SpinRuntime(Self.formSpin, clock: VirtualClock())
        runtime.start()
        runtime.emit(.setCount(5))
        // The current state already qualifies.
        #expect(await runtime.awaitState { $0.count >= 3 }?.count == 5)
        // A future state: 7 stays once reached, so the answer does not depend on when the waiting
        // task subscribes.
        async let reached = runtime.awaitState { $0.count == 7 }
        for count in 6...7 { runtime.emit(.setCount(count)) }
        #expect(await reached?.count == 7)

        let stopped = SpinRuntime(Self.formSpin, clock: VirtualClock())
        stopped.start()
        async let never = stopped.awaitState { $0.count == 99 }
        stopped.stop()
        #expect(await never == nil)
    }

    @Test func gearBuffersUntilTheFirstListenerAttaches() async {
        let gear = Gear<Int>(bufferLimit: 2)
        gear.propagate(1)
        gear.propagate(2)
        gear.propagate(3)
        #expect(gear.bufferedEventCount == 2)
        #expect(gear.droppedEventCount == 1)
        let spin = Spin<[Int], Int>(initialState: []) {
            Feedback(attachedTo: gear, propagating: { (value: Int) -> Int? in value })
            Reducer { list, value in list + [value] }
        }
        let runtime = SpinRuntime(spin, clock: VirtualClock())
        runtime.start()
        gear.propagate(4)
        await runtime.awaitIdle()
        #expect(runtime.state == [2, 3, 4])
        #expect(gear.bufferedEventCount == 0)
        runtime.stop()
        // Detached at stop: with no listener, the gear buffers again.
        gear.propagate(5)
        #expect(gear.bufferedEventCount == 1)
    }

    @Test func streamFeedbackSeesTheInitialStateAndEveryChange() async {
        let spin = Spin<Int, Int>(initialState: 0) {
            Feedback(effect: { (states: SpinStates<Int>) -> AsyncFilterSequence<AsyncMapSequence<SpinStates<Int>, Int>> in
                states.map { $0 + 1 }.filter { $0 <= 3 }
            })
            Reducer { _, value in value }
        }
        let steps = Recorder<Int>()
        let runtime = SpinRuntime(spin, clock: VirtualClock())
        runtime.onStep { steps.append($0.state) }
        runtime.start()
        await runtime.awaitIdle()
        #expect(steps.values == [1, 2, 3])
        runtime.stop()
    }
}

@Suite struct VirtualClockTests {
    @Test func sleepersWakeInDeadlineOrderThenSleepOrderAndTimeStopsAtTheTarget() async {
        let clock = VirtualClock()
        let spin = Spin<[String], String>(initialState: []) {
            Feedback(effect: { (list: [String]) async -> String? in
                guard list.isEmpty else { return nil }
                try? await SpinClock.sleep(for: .milliseconds(300))
                return "a@300"
            }, strategy: .continueOnNewState)
            Feedback(effect: { (list: [String]) async -> String? in
                guard list.isEmpty else { return nil }
                try? await SpinClock.sleep(for: .milliseconds(100))
                return "b@100"
            }, strategy: .continueOnNewState)
            Feedback(effect: { (list: [String]) async -> String? in
                guard list.isEmpty else { return nil }
                try? await SpinClock.sleep(for: .milliseconds(300))
                return "c@300"
            }, strategy: .continueOnNewState)
            Reducer { list, item in list + [item] }
        }
        let runtime = SpinRuntime(spin, clock: clock)
        runtime.start()
        await runtime.awaitIdle()
        #expect(clock.hasPendingTimers)
        #expect(clock.nextDeadline == VirtualClock.Instant(offset: .milliseconds(100)))
        await clock.advance(by: .milliseconds(200))
        #expect(runtime.state == ["b@100"])
        #expect(clock.now.offset == .milliseconds(200))
        await clock.advance(by: .seconds(1))
        #expect(runtime.state == ["b@100", "a@300", "c@300"])
        #expect(clock.now.offset == .milliseconds(1200))
        #expect(!clock.hasPendingTimers)
        #expect(await clock.advanceToNextDeadline() == false)
    }

    @Test func aTaskOutsideAnyLoopCanSleepOnTheClock() async throws {
        let clock = VirtualClock()
        async let woke: Void = clock.sleep(until: VirtualClock.Instant(offset: .seconds(5)))
        while !clock.hasPendingTimers { await Task.yield() }
        await clock.advance(by: .seconds(5))
        try await woke
        #expect(clock.now.offset == .seconds(5))
    }
}

/// The virtual clock's order and its cost with many sleepers (docs/semantics.md, "Time and
/// determinism").
@Suite struct VirtualClockOrderTests {
    struct Log: Sendable {
        var started = 0
        var woken: [Int] = []
    }

    enum Event: Sendable, Equatable {
        case next
        case woke(Int)
    }

    /// The deadline of sleeper n, in milliseconds: 1,000 deadlines, 20 sleepers on each.
    static func deadline(_ n: Int) -> Int { 1 + (n &* 7919) % 1000 }

    /// 20,000 effects asleep at once, put to sleep in the order 0, 1, 2, …: they wake in deadline
    /// order, sleepers with equal deadlines in the order they went to sleep (FIFO). With a scan
    /// of every sleeper per wake this took minutes; with the priority queue, no time at all.
    @Test func twentyThousandSleepersWakeInDeadlineThenSleepOrder() async {
        let count = 20_000
        let clock = VirtualClock()
        let spin = Spin<Log, Event>(
            initialState: Log(),
            feedbacks: [
                // Starts the sleepers one state at a time, all before any time passes.
                Feedback(effect: { (log: Log) -> Event? in log.started < count ? .next : nil }),
                Feedback(eventAware: { (log: Log, cause: Event?) async -> Event? in
                    guard cause == .next else { return nil }
                    let sleeper = log.started - 1
                    do { try await SpinClock.sleep(for: .milliseconds(Self.deadline(sleeper))) } catch { return nil }
                    return .woke(sleeper)
                }, strategy: .continueOnNewState),
            ],
            reducer: Reducer(reportingChanges: { log, event in
                switch event {
                case .next: log.started += 1
                case .woke(let sleeper): log.woken.append(sleeper)
                }
                return true
            }))
        let runtime = SpinRuntime(spin, clock: clock)
        runtime.start()
        await runtime.awaitIdle()
        #expect(runtime.state.started == count)
        await clock.advance(by: .seconds(1))
        await runtime.awaitIdle()
        let expected = (0..<count).sorted { (Self.deadline($0), $0) < (Self.deadline($1), $1) }
        #expect(runtime.state.woken == expected)
        #expect(!clock.hasPendingTimers)
        runtime.stop()
    }

    /// Sleepers cancelled while asleep leave the queue: the next deadline is the earliest one still
    /// waiting, and a cancelled sleeper never wakes.
    @Test func cancelledSleepersLeaveTheQueue() async {
        let clock = VirtualClock()
        let first = Task { try await clock.sleep(until: VirtualClock.Instant(offset: .seconds(1))) }
        let second = Task { try await clock.sleep(until: VirtualClock.Instant(offset: .seconds(2))) }
        while clock.nextDeadline != VirtualClock.Instant(offset: .seconds(1)) || !clock.hasPendingTimers { await Task.yield() }
        while clock.sleeperCount < 2 { await Task.yield() }
        first.cancel()
        while clock.sleeperCount > 1 { await Task.yield() }
        #expect(clock.nextDeadline == VirtualClock.Instant(offset: .seconds(2)))
        await clock.advance(by: .seconds(3))
        let firstResult: Result<Void, any Error> = await first.result
        let secondResult: Result<Void, any Error> = await second.result
        #expect((try? firstResult.get()) == nil)
        #expect((try? secondResult.get()) != nil)
        #expect(!clock.hasPendingTimers)
    }
}
