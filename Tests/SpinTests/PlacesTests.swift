import Dispatch
import Testing
@testable import Spin

/// Effects at a place of their own (`execute(on:)`: a task executor, a serial executor, an actor,
/// the main actor; or the spin's `execute(on:)`): they run there, and the fairness rule holds
/// there too — the levels example with its effects on any place ends at (15, 15), with the trace
/// of the synchronous one.
@Suite struct PlacesTests {
    /// A serial executor on a dispatch queue that can tell whether the caller runs on it.
    final class QueueExecutor: SerialExecutor, @unchecked Sendable {
        // @unchecked: the queue is thread-safe and the key is immutable.
        let queue: DispatchQueue
        let key = DispatchSpecificKey<Bool>()

        init(label: String) {
            queue = DispatchQueue(label: label)
            queue.setSpecific(key: key, value: true)
        }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            let executor = asUnownedSerialExecutor()
            queue.async { job.runSynchronously(on: executor) }
        }

        var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
    }

    /// An actor on a `QueueExecutor`.
    actor QueueActor {
        nonisolated let executor: QueueExecutor
        init(label: String) { executor = QueueExecutor(label: label) }
        nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    }

    /// Whether the caller runs on the main actor's queue (non-trapping, unlike `assumeIsolated`).
    static let mainKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    enum Where: String, CaseIterable, Sendable {
        case taskExecutor, serialExecutor, actor, mainActor
    }

    /// A place of the given kind, and a test of whether the caller runs there.
    static func place(_ kind: Where) -> (place: EffectPlace, isHere: @Sendable () -> Bool) {
        switch kind {
        case .taskExecutor:
            let executor = SerialTaskExecutor(label: "places.task")
            return (.taskExecutor(executor), { Self.onTaskExecutor(executor) })
        case .serialExecutor:
            let executor = QueueExecutor(label: "places.serial")
            return (.serialExecutor(executor), { executor.isCurrent })
        case .actor:
            let actor = QueueActor(label: "places.actor")
            return (.actor(actor), { actor.executor.isCurrent })
        case .mainActor:
            _ = mainKey
            return (.actor(MainActor.shared), { DispatchQueue.getSpecific(key: Self.mainKey) == true })
        }
    }

    /// Whether the current task prefers `executor` (the effects of a task-executor place do).
    static func onTaskExecutor(_ executor: SerialTaskExecutor) -> Bool {
        withUnsafeCurrentTask { task in
            task?.unownedTaskExecutor == executor.asUnownedTaskExecutor()
        }
    }

    /// The levels example, its async effects at `place`, each recording whether it ran there.
    static func levels(at place: EffectPlace, isHere: @escaping @Sendable () -> Bool, record: Recorder<Bool>) -> Spin<Levels, LevelsEvent> {
        Spin(initialState: Levels(left: 10, right: 20)) {
            Feedback(effect: { (levels: Levels) async -> LevelsEvent? in
                record.append(isHere())
                return leftEffect(levels: levels)
            }).execute(on: place)
            Feedback(effect: { (levels: Levels) async -> LevelsEvent? in
                record.append(isHere())
                return rightEffect(levels: levels)
            }).execute(on: place)
            Reducer(levelsReducer)
        }
    }

    @Test(arguments: Where.allCases)
    func levelsEndAtFifteenWithEffectsAtAPlaceOnTheVirtualClock(kind: Where) async {
        let (place, isHere) = Self.place(kind)
        let record = Recorder<Bool>()
        let runtime = SpinRuntime(Self.levels(at: place, isHere: isHere, record: record), clock: VirtualClock())
        let events = Recorder<LevelsEvent>()
        runtime.onStep { events.append($0.event) }
        runtime.start()
        await runtime.awaitIdle()
        #expect(runtime.state == Levels(left: 15, right: 15))
        #expect(events.values == FairnessTests.synchronousTrace)
        #expect(!record.values.isEmpty && record.values.allSatisfy { $0 })
        runtime.stop()
    }

    @Test(arguments: Where.allCases)
    func levelsEndAtFifteenInEveryRunWithEffectsAtAPlace(kind: Where) async {
        let (place, isHere) = Self.place(kind)
        let record = Recorder<Bool>()
        var outcomes: [Levels] = []
        for _ in 0..<100 {
            let runtime = SpinRuntime(Self.levels(at: place, isHere: isHere, record: record))
            runtime.start()
            await runtime.awaitIdle()
            outcomes.append(runtime.state)
            runtime.stop()
        }
        #expect(outcomes == Array(repeating: Levels(left: 15, right: 15), count: 100))
        #expect(record.values.allSatisfy { $0 })
    }

    /// The spin's `execute(on:)` places the effects of every feedback without a place of its own;
    /// synchronous effects there run as tasks at that place, and the levels still end at (15, 15).
    @Test func theSpinsPlaceRunsEveryEffectThere() async {
        let (place, isHere) = Self.place(.mainActor)
        let record = Recorder<Bool>()
        let spin = Spin<Levels, LevelsEvent>(initialState: Levels(left: 10, right: 20)) {
            Feedback(effect: { (levels: Levels) -> LevelsEvent? in
                record.append(isHere())
                return leftEffect(levels: levels)
            })
            Feedback(effect: { (levels: Levels) -> LevelsEvent? in
                record.append(isHere())
                return rightEffect(levels: levels)
            })
            Reducer(levelsReducer)
        }.execute(on: place)
        let runtime = SpinRuntime(spin, clock: VirtualClock())
        let events = Recorder<LevelsEvent>()
        let changes = Recorder<Bool>()
        runtime.onStep { step in
            events.append(step.event)
            if step.changed { changes.append(true) }
        }
        runtime.start()
        await runtime.awaitIdle()
        #expect(events.values == FairnessTests.synchronousTrace)
        // Both feedbacks ran on every delivered state (the initial one and each change), there.
        #expect(record.values == Array(repeating: true, count: 2 * (changes.values.count + 1)))
        runtime.stop()
    }

    /// An effect at a place that suspends goes on there, and answers later.
    @Test func anEffectAtAnActorGoesOnThereAfterASuspension() async {
        let (place, isHere) = Self.place(.actor)
        let record = Recorder<Bool>()
        let clock = VirtualClock()
        let spin = Spin<Int, Int>(initialState: 0) {
            Feedback(effect: { (state: Int) async -> Int? in
                guard state == 0 else { return nil }
                record.append(isHere())
                try? await SpinClock.sleep(for: .seconds(1))
                record.append(isHere())
                return 5
            }).execute(on: place)
            Reducer { state, event in state + event }
        }
        let runtime = SpinRuntime(spin, clock: clock)
        runtime.start()
        await runtime.awaitIdle()
        #expect(runtime.state == 0)
        await clock.advance(by: .seconds(1))
        await runtime.awaitIdle()
        #expect(runtime.state == 5 && record.values == [true, true])
        runtime.stop()
    }

    /// A view whose every use is on the main actor.
    @MainActor final class CounterView {
        var rendered: [Int] = []
        func show(_ count: Int) { rendered.append(count) }
    }

    /// `render(onMainActor:using:)` renders a `@MainActor` view on the main actor, every state in
    /// order, whichever thread drains: here events emitted from a detached task, the loop's drainer
    /// off the main actor.
    @Test func aMainActorViewRendersEveryStateInOrder() async {
        let view = CounterView()
        let onMain = Recorder<Bool>()
        let runtime = SpinRuntime(Spin<Int, Int>(initialState: 0, feedbacks: [], reducer: Reducer { $0 + $1 }))
        runtime.start()
        runtime.render(onMainActor: view) { view, count in
            onMain.append(DispatchQueue.getSpecific(key: PlacesTests.mainKey) == true)
            view.show(count)
        }
        _ = Self.mainKey
        await Task.detached {
            for _ in 0..<200 { runtime.emit(1) }
        }.value
        // A main-actor job enqueued after every flush runs after them (the main queue is FIFO).
        let rendered = await MainActor.run { view.rendered }
        #expect(rendered == Array(0...200))
        #expect(onMain.values.count == 201 && onMain.values.allSatisfy { $0 })
        runtime.stop()
    }

    /// On the main actor, the drainer renders at once: the view shows the state when `emit`
    /// returns.
    @Test @MainActor func aDrainerOnTheMainActorRendersWithoutAHop() async {
        let view = CounterView()
        let runtime = SpinRuntime(Spin<Int, Int>(initialState: 0, feedbacks: [], reducer: Reducer { $0 + $1 }))
        runtime.start()
        runtime.render(onMainActor: view) { view, count in view.show(count) }
        #expect(view.rendered == [0])
        runtime.emit(5)
        #expect(view.rendered == [0, 5])
        runtime.stop()
    }
}
