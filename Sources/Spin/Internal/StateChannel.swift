import Synchronization

/// An unbounded single-consumer channel of values, used for the runtime's observable state
/// sequence and for the input of stream feedbacks.
///
/// When it is given an `ActivityTracker`, a consumer waiting for the next value does not count as
/// busy: a stream feedback that waits for a state does not keep a virtual clock from advancing.
@usableFromInline
final class StateChannel<Element: Sendable>: Sendable {
    private struct Storage {
        var buffer = EventQueue<Element>()
        var waiter: CheckedContinuation<Element?, Never>?
        var finished = false
        var cancelled = false
    }

    private let storage = Locked(Storage())
    private let tracker: ActivityTracker?

    init(tracker: ActivityTracker?) {
        self.tracker = tracker
    }

    /// Adds a value; ignored after `finish()`.
    @usableFromInline
    func send(_ element: Element) {
        let waiter: CheckedContinuation<Element?, Never>? = storage.withLock { storage in
            guard !storage.finished else { return nil }
            if let waiter = storage.waiter {
                storage.waiter = nil
                // The consumer becomes runnable now, before any other work can observe it idle.
                tracker?.enter()
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
            if waiter != nil { tracker?.enter() }
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
                    if storage.finished || storage.cancelled { return .end }
                    storage.waiter = continuation
                    tracker?.leave()
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
                if waiter != nil { tracker?.enter() }
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
