import Testing
@testable import Spin

@Suite struct StressTests {
    struct Tally: Equatable, Sendable {
        var total = 0
        var lastByEmitter = [Int](repeating: -1, count: 100)
        var outOfOrder = 0
    }

    struct Tick: Sendable {
        let emitter: Int
        let index: Int
    }

    /// 100 tasks each emit 1,000 events concurrently: nothing is lost, nothing duplicated, each
    /// emitter's events are reduced in the order it emitted them.
    @Test func concurrentEmittersLoseNothing() async {
        let spin = Spin<Tally, Tick>(initialState: Tally(), feedbacks: [], reducer: Reducer(mutating: { tally, tick in
            tally.total += 1
            if tick.index != tally.lastByEmitter[tick.emitter] + 1 { tally.outOfOrder += 1 }
            tally.lastByEmitter[tick.emitter] = tick.index
        }))
        let runtime = SpinRuntime(spin)
        runtime.start()
        await withTaskGroup(of: Void.self) { group in
            for emitter in 0..<100 {
                group.addTask {
                    for index in 0..<1_000 {
                        runtime.emit(Tick(emitter: emitter, index: index))
                    }
                }
            }
        }
        await runtime.awaitIdle()
        let tally = runtime.state
        #expect(tally.total == 100_000)
        #expect(tally.outOfOrder == 0)
        #expect(tally.lastByEmitter == [Int](repeating: 999, count: 100))
        #expect(runtime.stepCount == 100_000)
    }

    /// Concurrent emitters while feedbacks feed back and async effects run.
    @Test func concurrentEmittersWithFeedbacksEndInTheExactState() async {
        enum Event: Sendable { case add(Int), echo }
        let spin = Spin<Int, Event>(initialState: 0) {
            // Each new thousand of additions starts an asynchronous echo (which may be cancelled
            // by the next thousand); echoes do not change the thousands, so they do not re-fire.
            Feedback(skippingRepeated: { (state: Int) -> Int in (state % 1_000_000) / 1_000 }, effect: { (_: Int) async -> Event? in .echo })
            Reducer { state, event in
                switch event {
                case .add(let amount): return state + amount
                case .echo: return state + 1_000_000
                }
            }
        }
        let runtime = SpinRuntime(spin)
        runtime.start()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    for _ in 0..<1_000 { runtime.emit(.add(1)) }
                }
            }
        }
        await runtime.awaitIdle()
        let echoes = runtime.state / 1_000_000
        #expect(runtime.state % 1_000_000 == 10_000)
        #expect(echoes >= 1 && echoes <= 11)
        #expect(runtime.stepCount == 10_000 + echoes)
    }
}
