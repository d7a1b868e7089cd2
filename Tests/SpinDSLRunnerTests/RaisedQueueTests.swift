import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// `RaisedQueue` keeps its signature hash up to date as events are taken and added: whatever the
/// order of operations, a queue hashes as a queue of the same events made at once, so the livelock
/// check sees equal queues as equal.
@Suite("raised-event queue")
struct RaisedQueueTests {
    static func event(_ kind: Int, _ payload: Int64 = 0) -> SpecEvent {
        SpecEvent(kind: kind, payload: [.int(payload)])
    }

    @Test("taking from the front and adding at the back hashes as the same events made at once")
    func hashFollowsTheEvents() {
        var queue = RaisedQueue(events: [Self.event(1), Self.event(2, 7)])
        queue.append(contentsOf: [Self.event(3), Self.event(1, 9)])
        queue = queue.droppingFirst()
        queue.append(contentsOf: [Self.event(4)])
        queue = queue.droppingFirst()
        let expected = [Self.event(3), Self.event(1, 9), Self.event(4)]
        #expect(Array(queue.events) == expected)
        #expect(queue.hash == RaisedQueue(events: expected[...]).hash)
        #expect(queue == RaisedQueue(events: expected[...]))
        // Emptied, it is the empty queue.
        queue = queue.droppingFirst().droppingFirst().droppingFirst()
        #expect(queue.isEmpty)
        #expect(queue.hash == RaisedQueue.empty.hash)
        #expect(queue.hash == 0)
    }

    @Test("order matters: the same events in another order hash differently")
    func orderMatters() {
        let forward = RaisedQueue(events: [Self.event(1), Self.event(2)])
        let backward = RaisedQueue(events: [Self.event(2), Self.event(1)])
        #expect(forward.hash != backward.hash)
        #expect(forward != backward)
    }

    /// A long run of one in, one out (a steady storm) keeps only the waiting events: the storage
    /// is compacted once the events taken outnumber them.
    @Test("a steady stream keeps only the waiting events")
    func steadyStreamIsCompacted() {
        var queue = RaisedQueue(events: [Self.event(0)])
        for step in 1...10_000 {
            queue = queue.droppingFirst()
            queue.append(contentsOf: [Self.event(step % 3)])
        }
        #expect(queue.count == 1)
        #expect(queue.events.startIndex <= 2)
        #expect(queue == RaisedQueue(events: [Self.event(10_000 % 3)]))
    }
}
