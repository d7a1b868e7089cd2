import Synchronization

/// An unbounded single-consumer channel of values, used for the runtime's observable state
/// sequence, for the input of stream feedbacks and for `SpinInput`.
///
/// A consumer waiting for the next value does not count as busy when the channel knows whose
/// count to stop (`WaitAccounting`): a stream feedback that waits for a state, or an effect that
/// waits for outside input, does not keep the loop from settling or a virtual clock from advancing.
@usableFromInline
final class StateChannel<Element: Sendable>: Sendable {
    /// Whose count stops while the consumer waits.
    enum WaitAccounting {
        /// Nobody's: the consumer is outside any loop.
        case none
        /// The loop's tracker's: the consumer is the loop's own stream feedback, counted there.
        case tracker(ActivityTracker)
        /// The waiting task's `ActivityMember`, if it has one: the consumer is an effect of some
        /// loop, found when it waits.
        case waitingMember
    }

    private struct Storage {
        var buffer = EventQueue<Element>()
        var waiter: CheckedContinuation<Element?, Never>?
        var waitingMember: ActivityMember?
        var finished = false
        var cancelled = false
    }

    private let storage = Locked(Storage())
    private let accounting: WaitAccounting

    init(tracker: ActivityTracker?) {
        self.accounting = tracker.map { .tracker($0) } ?? .none
    }

    init(accounting: WaitAccounting) {
        self.accounting = accounting
    }

    /// The consumer starts waiting: it stops counting.
    private func stopCounting(_ storage: inout Storage) {
        switch accounting {
        case .none: break
        case .tracker(let tracker): tracker.leave()
        case .waitingMember:
            storage.waitingMember = ActivityMember.current
            storage.waitingMember?.suspend()
        }
    }

    /// The waiting consumer is about to be woken: it counts again, before any other work can
    /// observe it idle.
    private func countAgain(_ storage: inout Storage) {
        switch accounting {
        case .none: break
        case .tracker(let tracker): tracker.enter()
        case .waitingMember:
            storage.waitingMember?.resume()
            storage.waitingMember = nil
        }
    }

    /// Whether a consumer is waiting (for tests).
    var hasWaiter: Bool { storage.withLock { $0.waiter != nil } }

    /// Adds a value; ignored after `finish()`.
    @usableFromInline
    func send(_ element: Element) {
        let waiter: CheckedContinuation<Element?, Never>? = storage.withLock { storage in
            guard !storage.finished else { return nil }
            if let waiter = storage.waiter {
                storage.waiter = nil
                countAgain(&storage)
                return waiter
            }
            storage.buffer.append(element)
            return nil
        }
        waiter?.resume(returning: element)
    }

    /// Ends the sequence: the consumer receives the buffered values, then nil.
    @usableFromInline
    func finish() {
        let waiter: CheckedContinuation<Element?, Never>? = storage.withLock { storage in
            storage.finished = true
            let waiter = storage.waiter
            storage.waiter = nil
            if waiter != nil { countAgain(&storage) }
            return waiter
        }
        waiter?.resume(returning: nil)
    }

    /// The next value, or nil once finished and drained, or when the consuming task is cancelled.
    func next() async -> Element? {
        let immediate: ChannelPoll<Element> = storage.withLock { storage in
            if let element = storage.buffer.popFirst() { return .value(element) }
            if storage.finished || storage.cancelled { return .end }
            return .wait
        }
        switch immediate {
        case .value(let element): return element
        case .end: return nil
        case .wait: break
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Element?, Never>) in
                let decision: ChannelPoll<Element> = storage.withLock { storage in
                    if let element = storage.buffer.popFirst() { return .value(element) }
                    // A second consumer waiting at the same time finds the sequence ended: the
                    // channel has one consumer, and a lost waiter would hang.
                    if storage.finished || storage.cancelled || storage.waiter != nil { return .end }
                    storage.waiter = continuation
                    stopCounting(&storage)
                    return .wait
                }
                switch decision {
                case .value(let element): continuation.resume(returning: element)
                case .end: continuation.resume(returning: nil)
                case .wait: break
                }
            }
        } onCancel: {
            let waiter: CheckedContinuation<Element?, Never>? = storage.withLock { storage in
                storage.cancelled = true
                let waiter = storage.waiter
                storage.waiter = nil
                if waiter != nil { countAgain(&storage) }
                return waiter
            }
            waiter?.resume(returning: nil)
        }
    }
}

/// What a channel read finds without waiting.
private enum ChannelPoll<Element> {
    case value(Element)
    case end
    case wait
}
