import Testing
@testable import SpinDSLRunner

/// The policy of a run on virtual time (`VirtualTimeStep`): the next instant, timers before inputs
/// at one instant, the time limit, and the end when nothing is left.
@Suite struct VirtualTimeStepTests {
    @Test func nothingLeftIsIdle() {
        #expect(VirtualTimeStep(timer: nil, input: nil, maxTimeMilliseconds: 1000) == .idle)
        #expect(VirtualTimeStep(timer: nil, input: nil, maxTimeMilliseconds: 1000).time == nil)
    }

    @Test func timeMovesToTheEarlierOfTimerAndInput() {
        #expect(VirtualTimeStep(timer: .milliseconds(5), input: .milliseconds(7), maxTimeMilliseconds: nil) == .timers(at: .milliseconds(5)))
        #expect(VirtualTimeStep(timer: .milliseconds(9), input: .milliseconds(7), maxTimeMilliseconds: nil) == .input(at: .milliseconds(7)))
        #expect(VirtualTimeStep(timer: nil, input: .milliseconds(7), maxTimeMilliseconds: nil) == .input(at: .milliseconds(7)))
        #expect(VirtualTimeStep(timer: .milliseconds(5), input: nil, maxTimeMilliseconds: nil) == .timers(at: .milliseconds(5)))
    }

    @Test func atOneInstantTimersFireBeforeInputs() {
        #expect(VirtualTimeStep(timer: .milliseconds(7), input: .milliseconds(7), maxTimeMilliseconds: nil) == .timers(at: .milliseconds(7)))
    }

    @Test func anInstantPastTheLimitEndsTheRunAtTheLimit() {
        let step = VirtualTimeStep(timer: .milliseconds(1001), input: .milliseconds(2000), maxTimeMilliseconds: 1000)
        #expect(step == .timeLimit(limit: .milliseconds(1000), next: .milliseconds(1001)))
        #expect(step.time == .milliseconds(1001))
        // The limit itself is reached.
        #expect(VirtualTimeStep(timer: nil, input: .milliseconds(1000), maxTimeMilliseconds: 1000) == .input(at: .milliseconds(1000)))
    }
}
