import Testing
@testable import Spin

// The examples of Spin.Swift's README, ported, with their exact outcomes.

enum CounterEvent: Sendable, Equatable {
    case increase
    case stop
}

@Sendable func counterEffect(state: Int) -> CounterEvent {
    state >= 0 && state < 10 ? .increase : .stop
}

@Sendable func counterReducer(state: Int, event: CounterEvent) -> Int {
    switch event {
    case .increase: return state + 1
    case .stop: return state
    }
}

struct Levels: Equatable, Sendable {
    var left: Int
    var right: Int
}

enum LevelsEvent: Sendable, Equatable {
    case increaseLeft, decreaseLeft, increaseRight, decreaseRight
}

@Sendable func leftEffect(levels: Levels) -> LevelsEvent? {
    if levels.left < levels.right { return .increaseLeft }
    if levels.left > levels.right { return .decreaseLeft }
    return nil
}

@Sendable func rightEffect(levels: Levels) -> LevelsEvent? {
    if levels.right < levels.left { return .increaseRight }
    if levels.right > levels.left { return .decreaseRight }
    return nil
}

@Sendable func levelsReducer(levels: Levels, event: LevelsEvent) -> Levels {
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

@Suite struct ExampleTests {
    @Test func counterStopsAtTenBuiltWithSpinner() async {
        let spin = Spinner.initialState(0)
            .feedback(Feedback(effect: counterEffect))
            .reducer(Reducer(counterReducer))
        let runtime = await runToIdle(spin)
        #expect(runtime.state == 10)
        // Ten increases, then one stop that changes nothing and so ends the loop.
        #expect(runtime.stepCount == 11)
    }

    @Test func counterStopsAtTenBuiltDeclaratively() async {
        let spin = Spin<Int, CounterEvent>(initialState: 0) {
            Feedback(effect: counterEffect)
            Reducer(counterReducer)
        }
        let steps = Recorder<String>()
        let runtime = SpinRuntime(spin, clock: VirtualClock())
        runtime.onStep { steps.append("\($0.event)->\($0.state)") }
        runtime.start()
        await runtime.awaitIdle()
        #expect(runtime.state == 10)
        #expect(steps.values == (1...10).map { "increase->\($0)" } + ["stop->10"])
    }

    @Test func levelsConvergeBuiltWithSpinner() async {
        let spin = Spinner.initialState(Levels(left: 10, right: 20))
            .feedback(Feedback(effect: leftEffect).named("leftEffect"))
            .feedback(Feedback(effect: rightEffect).named("rightEffect"))
            .reducer(Reducer(levelsReducer))
        let runtime = await runToIdle(spin)
        #expect(runtime.state == Levels(left: 15, right: 15))
    }

    @Test func levelsConvergeBuiltDeclarativelyWithExactTrace() async {
        let spin = Spin<Levels, LevelsEvent>(initialState: Levels(left: 10, right: 20)) {
            Feedback(effect: leftEffect).named("leftEffect")
            Feedback(effect: rightEffect).named("rightEffect")
            Reducer(levelsReducer)
        }
        let trace = Recorder<String>()
        let runtime = SpinRuntime(spin, clock: VirtualClock())
        runtime.onStep { step in
            trace.append("\(step.number) \(step.origin) \(step.event) (\(step.state.left),\(step.state.right))\(step.changed ? "" : " unchanged")")
        }
        runtime.start()
        await runtime.awaitIdle()
        #expect(runtime.state == Levels(left: 15, right: 15))
        #expect(trace.values == [
            "1 leftEffect increaseLeft (11,20)",
            "2 rightEffect decreaseRight (11,19)",
            "3 leftEffect increaseLeft (12,19)",
            "4 rightEffect decreaseRight (12,18)",
            "5 leftEffect increaseLeft (13,18)",
            "6 rightEffect decreaseRight (13,17)",
            "7 leftEffect increaseLeft (14,17)",
            "8 rightEffect decreaseRight (14,16)",
            "9 leftEffect increaseLeft (15,16)",
            "10 rightEffect decreaseRight (15,15)",
            // Events queued before the levels met are still reduced, and change nothing.
            "11 leftEffect increaseLeft (15,15) unchanged",
            "12 rightEffect decreaseRight (15,15) unchanged",
            "13 leftEffect increaseLeft (15,15) unchanged",
            "14 rightEffect decreaseRight (15,15) unchanged",
            "15 leftEffect increaseLeft (15,15) unchanged",
            "16 rightEffect decreaseRight (15,15) unchanged",
            "17 leftEffect increaseLeft (15,15) unchanged",
            "18 rightEffect decreaseRight (15,15) unchanged",
            "19 leftEffect increaseLeft (15,15) unchanged",
            "20 rightEffect decreaseRight (15,15) unchanged",
        ])
    }

    // The gear example: the feature spin becoming unauthorized makes the authorization spin re-check.

    enum GearEvent: Sendable, Equatable {
        case authorizationIssueHappened
    }

    enum FeatureState: Sendable, Equatable {
        case loading
        case loaded
        case unauthorized
    }

    enum FeatureEvent: Sendable, Equatable {
        case loadFailedUnauthorized
        case reload
        case loadSucceeded
    }

    enum AuthorizationState: Sendable, Equatable {
        case authorized(checks: Int)
        case checking(checks: Int)
    }

    enum AuthorizationEvent: Sendable, Equatable {
        case checkAuthorization
        case authorizationChecked
    }

    @Test func gearMakesAuthorizationRecheckWhenFeatureBecomesUnauthorized() async {
        let gear = Gear<GearEvent>()
        let loads = Recorder<Int>()

        let feature = Spin<FeatureState, FeatureEvent>(initialState: .loading) {
            // The first load fails as unauthorized; later loads succeed.
            Feedback(effect: { (state: FeatureState) -> FeatureEvent? in
                guard state == .loading else { return nil }
                loads.append(1)
                return loads.values.count == 1 ? .loadFailedUnauthorized : .loadSucceeded
            })
            Feedback(attachedTo: gear, catching: FeatureState.unauthorized, propagating: GearEvent.authorizationIssueHappened)
            Reducer { state, event in
                switch (state, event) {
                case (.loading, .loadFailedUnauthorized): return .unauthorized
                case (.loading, .loadSucceeded): return .loaded
                case (.unauthorized, .reload): return .loading
                default: return state
                }
            }
        }

        let authorization = Spin<AuthorizationState, AuthorizationEvent>(initialState: .authorized(checks: 0)) {
            Feedback(attachedTo: gear, catching: GearEvent.authorizationIssueHappened, emitting: AuthorizationEvent.checkAuthorization)
            Feedback(effect: { (state: AuthorizationState) -> AuthorizationEvent? in
                if case .checking = state { return .authorizationChecked }
                return nil
            })
            Reducer { state, event in
                switch (state, event) {
                case let (.authorized(checks), .checkAuthorization): return .checking(checks: checks)
                case let (.checking(checks), .authorizationChecked): return .authorized(checks: checks + 1)
                default: return state
                }
            }
        }

        let clock = VirtualClock()
        let authorizationRuntime = SpinRuntime(authorization, clock: clock)
        let featureRuntime = SpinRuntime(feature, clock: clock)
        authorizationRuntime.start()
        featureRuntime.start()
        await clock.settled()

        #expect(featureRuntime.state == .unauthorized)
        #expect(authorizationRuntime.state == .authorized(checks: 1))

        // Reloading succeeds and raises no new authorization issue.
        featureRuntime.emit(.reload)
        await clock.settled()
        #expect(featureRuntime.state == .loaded)
        #expect(authorizationRuntime.state == .authorized(checks: 1))
        #expect(loads.values.count == 2)
    }
}
