import Testing
@testable import Spin

/// What users of Loop and Swivel are used to (docs/semantics.md, "Habits of Loop and Swivel").
@Suite struct HabitsTests {
    struct Search: Equatable, Sendable {
        var query: String?
        var results: [String] = []
        var isOn = false
    }

    enum SearchEvent: Equatable, Sendable {
        case type(String?)
        case found(String)
        case toggle
    }

    static func reduce(_ search: Search, _ event: SearchEvent) -> Search {
        var search = search
        switch event {
        case .type(let query): search.query = query
        case .found(let result): search.results.append(result)
        case .toggle: search.isOn.toggle()
        }
        return search
    }

    enum Clock: CaseIterable { case virtual, real }

    static func runtime(_ spin: Spin<Search, SearchEvent>, on clock: Clock, startsImmediately: Bool = false) -> SpinRuntime<Search, SearchEvent> {
        switch clock {
        case .virtual: return SpinRuntime(spin, clock: VirtualClock(), startsImmediately: startsImmediately)
        case .real: return SpinRuntime(spin, startsImmediately: startsImmediately)
        }
    }

    /// Loop: a loop starts as it is initialised, when asked to.
    @Test(arguments: Clock.allCases)
    func aLoopCanStartAsItIsCreated(clock: Clock) async {
        let spin = Spin<Search, SearchEvent>(initialState: Search()) {
            Feedback(effect: { (search: Search) async -> SearchEvent? in search.query == nil ? .type("spin") : nil })
            Reducer(Self.reduce)
        }
        let runtime = Self.runtime(spin, on: clock, startsImmediately: true)
        await runtime.awaitIdle()
        #expect(runtime.state.query == "spin")
        #expect(runtime.stepCount == 1)
        let waiting = Self.runtime(spin, on: clock)
        await waiting.awaitIdle()
        #expect(waiting.stepCount == 0)
        runtime.stop()
    }

    /// Loop: `skippingRepeated` on an optional value runs the effect for each new value that is
    /// not nil; nil cancels the running effect and runs nothing.
    @Test(arguments: Clock.allCases)
    func theNilSkippingVariantRunsOnlyOnNewValues(clock: Clock) async {
        let searched = Recorder<String>()
        let spin = Spin<Search, SearchEvent>(initialState: Search()) {
            Feedback(skippingRepeatedNonNil: { (search: Search) -> String? in search.query }, effect: { (query: String) async -> SearchEvent? in
                searched.append(query)
                return .found(query.uppercased())
            })
            Reducer(Self.reduce)
        }
        let runtime = Self.runtime(spin, on: clock)
        runtime.start()
        for query in ["a", "a", nil, "b", "b"] as [String?] {
            runtime.emit(.type(query))
            await runtime.awaitIdle()
        }
        #expect(searched.values == ["a", "b"])
        #expect(runtime.state.results == ["A", "B"])
        runtime.stop()
    }

    /// SwiftUISpin: a binding that emits one event value whatever is written.
    @Test func aBindingCanEmitAnEventValue() async {
        let spin = Spin<Search, SearchEvent>(initialState: Search(), feedbacks: [], reducer: Reducer(Self.reduce))
        let runtime = SpinRuntime(spin, clock: VirtualClock())
        runtime.start()
        let isOn = runtime.binding(for: \.isOn, event: .toggle)
        #expect(isOn.wrappedValue == false)
        isOn.wrappedValue = true
        await runtime.awaitIdle()
        #expect(isOn.wrappedValue == true)
        isOn.wrappedValue = true
        await runtime.awaitIdle()
        #expect(runtime.state.isOn == false)
    }

    struct Parent: Equatable, Sendable {
        var count = 0
        var child = Child()
    }

    struct Child: Equatable, Sendable {
        var log: [String] = []
    }

    enum ParentEvent: Sendable {
        case add(Int)
        case note(String)
    }

    /// Swivel: reducers combine, and a child reducer is scoped into the parent's state by key path
    /// (with its own events, or with the parent's).
    @Test func reducersCombineAndScopeIntoAParentState() async {
        let count = Reducer<Parent, ParentEvent>(mutating: { parent, event in
            if case .add(let value) = event { parent.count += value }
        })
        let notes = Reducer<Child, String>(reportingChanges: { child, note in
            child.log.append(note)
            return true
        })
        let echo = Reducer<Child, ParentEvent> { child, event in
            var child = child
            if case .add(let value) = event { child.log.append("+\(value)") }
            return child
        }
        let reducer = Reducer.combine(
            count,
            .scope(state: \Parent.child, event: { event -> String? in
                if case .note(let note) = event { return note }
                return nil
            }, notes),
            .scope(state: \Parent.child, echo))
        let spin = Spin<Parent, ParentEvent>(initialState: Parent(), feedbacks: [], reducer: reducer)
        let runtime = SpinRuntime(spin, clock: VirtualClock())
        let changes = Recorder<Bool>()
        runtime.onStep { changes.append($0.changed) }
        runtime.start()
        for event in [ParentEvent.add(2), .note("hi"), .add(0)] { runtime.emit(event) }
        await runtime.awaitIdle()
        #expect(runtime.state == Parent(count: 2, child: Child(log: ["+2", "hi", "+0"])))
        #expect(changes.values == [true, true, true])
        #expect(reducer(Parent(), .note("x")) == Parent(count: 0, child: Child(log: ["x"])))
        // Reducers that all report changes combine into one that reports them too.
        let silent = Reducer<Parent, ParentEvent>.combine(.scope(state: \Parent.child, event: { _ in nil }, notes))
        #expect(!silent.needsComparison)
        var parent = Parent()
        #expect(silent.apply(&parent, .note("x")) == .unchanged)
    }

    struct Page: Equatable, Sendable {
        var query = ""
        var results: [String] = []
        var isLoading = false
    }

    enum Fetch: Equatable, Sendable {
        case search(String)
        case found(String)
        case done
    }

    /// A search reducer that returns its work: a reply after a while on the spin's clock, then a
    /// sequence's events, then an event at once.
    static let searching = Reducer<Page, Fetch>(effectful: { page, event in
        switch event {
        case .search(let query):
            page.query = query
            page.isLoading = true
            let (more, continuation) = AsyncStream<Fetch>.makeStream()
            continuation.yield(.found(query + "2"))
            continuation.yield(.found(query + "3"))
            continuation.finish()
            return .concatenate([
                .run {
                    try? await SpinClock.sleep(for: .milliseconds(5))
                    return .found(query + "1")
                },
                .sequence(more),
                .send(.done),
            ])
        case .found(let result):
            page.results.append(result)
            return nil
        case .done:
            page.isLoading = false
            return nil
        }
    })

    /// Swivel: a reducer returns an effect to run; the loop runs it after delivering the state and
    /// reduces its events, from the origin after the last feedback ("reducer"). The feedback sees
    /// the states the effect's events make. Applied as a function, the reducer only changes the state.
    @Test(.timeLimit(.minutes(1)), arguments: Clock.allCases)
    func aReducerCanReturnAnEffectToRun(clock: Clock) async {
        let seen = Recorder<Int>()
        let spin = Spin<Page, Fetch>(initialState: Page()) {
            Feedback(effect: { (page: Page) -> Fetch? in
                seen.append(page.results.count)
                return nil
            })
            Self.searching
        }
        let virtualClock = VirtualClock()
        let runtime: SpinRuntime<Page, Fetch> = clock == .virtual ? SpinRuntime(spin, clock: virtualClock) : SpinRuntime(spin)
        let steps = Recorder<String>()
        runtime.onStep { steps.append("\($0.event) from \($0.origin)") }
        runtime.start()
        runtime.emit(.search("a"))
        if clock == .virtual { await virtualClock.advance(by: .seconds(1)) } else { await runtime.awaitIdle() }
        #expect(runtime.state == Page(query: "a", results: ["a1", "a2", "a3"], isLoading: false))
        #expect(steps.values == [
            "search(\"a\") from input", "found(\"a1\") from reducer", "found(\"a2\") from reducer",
            "found(\"a3\") from reducer", "done from reducer",
        ])
        #expect(seen.values == [0, 0, 1, 2, 3, 3])
        #expect(Self.searching(Page(), .search("b")) == Page(query: "b", results: [], isLoading: true))
        runtime.stop()
    }

    struct Screen: Equatable, Sendable {
        var page = Page()
        var taps = 0
    }

    enum ScreenEvent: Equatable, Sendable {
        case page(Fetch)
        case tap
    }

    /// Swivel: effects survive composition — a combined reducer runs its parts' effects in order,
    /// and a child scoped with `embed` has its effects' events mapped back to the parent's.
    @Test(.timeLimit(.minutes(1)))
    func effectsOfCombinedAndScopedReducersRun() async {
        let taps = Reducer<Screen, ScreenEvent>(effectful: { screen, event in
            guard event == .tap else { return nil }
            screen.taps += 1
            return screen.taps == 1 ? .send(.page(.search("t"))) : nil
        })
        let page = Reducer<Screen, ScreenEvent>.scope(
            state: \Screen.page,
            event: { if case .page(let fetch) = $0 { fetch } else { nil } },
            embed: { .page($0) },
            Self.searching)
        let spin = Spin<Screen, ScreenEvent>(initialState: Screen(), feedbacks: [], reducer: .combine(taps, page))
        let clock = VirtualClock()
        let runtime = SpinRuntime(spin, clock: clock)
        runtime.start()
        runtime.emit(.tap)
        runtime.emit(.tap)
        await clock.advance(by: .seconds(1))
        #expect(runtime.state == Screen(page: Page(query: "t", results: ["t1", "t2", "t3"], isLoading: false), taps: 2))
        runtime.stop()
    }
}
