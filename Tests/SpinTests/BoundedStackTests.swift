import Testing
@testable import Spin

/// Deliveries into another spin's loop do not nest drains (docs/semantics.md, "Gears"): a chain of
/// any length runs in bounded stack.
@Suite struct BoundedStackTests {
    enum Event: Sendable, Equatable { case ping }

    /// 10,000 spins in a ring of gears: spin i catches `ping` on gear i and, once pinged,
    /// propagates `ping` into gear i+1 (the last one into gear 0, which spin 0 ignores once pinged).
    /// Nested drains took about 15 frames per spin and overflowed the stack after a few thousand.
    @Test func aRingOfTenThousandSpinsRunsInBoundedStack() async {
        let count = 10_000
        let gears = (0..<count).map { _ in Gear<Event>() }
        let order = Recorder<Int>()
        let runtimes = (0..<count).map { index in
            let spin = Spin<Int, Event>(initialState: 0) {
                Feedback(attachedTo: gears[index], catching: .ping, emitting: .ping)
                Feedback(attachedTo: gears[(index + 1) % count], propagating: { (pinged: Int) -> Event? in
                    pinged == 1 ? .ping : nil
                })
                Reducer { state, _ in
                    if state == 0 { order.append(index) }
                    return 1
                }
            }
            return SpinRuntime(spin)
        }
        for runtime in runtimes { runtime.start() }
        runtimes[0].emit(.ping)
        #expect(runtimes.allSatisfy { $0.state == 1 })
        // Each pinged once by its gear, spin 0 twice (the outside ping and the ring's).
        #expect(runtimes.map(\.stepCount) == [2] + Array(repeating: 1, count: count - 1))
        #expect(order.values == Array(0..<count))
        for runtime in runtimes { runtime.stop() }
    }

    /// The order the trampoline gives: the other loop reduces after the whole step (observers and
    /// every feedback) that emitted into it, before this loop's next step.
    @Test func anotherLoopDrainsAfterTheStepThatEmittedIntoIt() async {
        let log = Recorder<String>()
        let otherBox = LateBox<SpinRuntime<Int, Int>>()
        let other = SpinRuntime(Spin<Int, Int>(initialState: 0, feedbacks: [], reducer: Reducer { _, event in
            log.append("other reduces \(event)")
            return event
        }))
        otherBox.set(other)
        let spin = Spin<Int, Int>(initialState: 0) {
            Feedback(effect: { (state: Int) -> Int? in
                if state > 0 { otherBox.value?.emit(state) }
                return nil
            })
            Feedback(effect: { (state: Int) -> Int? in
                log.append("second feedback sees \(state)")
                return state == 1 ? 2 : nil
            })
            Reducer { _, event in
                log.append("reduces \(event)")
                return event
            }
        }
        let runtime = SpinRuntime(spin)
        other.start()
        runtime.start()
        runtime.emit(1)
        #expect(log.values == [
            "second feedback sees 0",
            "reduces 1", "second feedback sees 1", "other reduces 1",
            "reduces 2", "second feedback sees 2", "other reduces 2",
        ])
        _ = other
    }
}
