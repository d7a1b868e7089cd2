import Spin

extension Feedback {
    /// A feedback whose effect returns a publisher of events (Spin.Swift's "effects return
    /// AnyPublishers"): its events are fed back as they come, and it runs under `strategy` like an
    /// effect that returns a sequence. A publisher that publishes while it is subscribed (`Just`,
    /// `Empty`, a `Sequence`'s publisher) has answered before the next event is reduced, as a
    /// synchronous effect has (the fairness rule of docs/semantics.md).
    public init<P: Publisher>(
        effect: @escaping @Sendable (State) -> P,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) where P.Output == Event, P.Failure == Never {
        self.init(effect: { (state: State) -> AsyncStream<Event> in
            AsyncStream { continuation in
                let subscription = SubscriptionBox()
                continuation.onTermination = { _ in subscription.cancel() }
                subscription.hold(effect(state).sink(
                    receiveCompletion: { _ in continuation.finish() },
                    receiveValue: { continuation.yield($0) }))
            }
        }, strategy: strategy)
    }
}

/// Holds a subscription for a stream's termination handler, which may run on any thread, even
/// before the subscription is made (then it is cancelled as soon as it is held).
final class SubscriptionBox: Sendable {
    private struct Held {
        var cancellable: AnyCancellable?
        var cancelled = false
    }

    private let held = Locked(Held())

    func hold(_ cancellable: AnyCancellable) {
        let cancelNow: Bool = held.withLock { held in
            if held.cancelled { return true }
            held.cancellable = cancellable
            return false
        }
        if cancelNow { cancellable.cancel() }
    }

    func cancel() {
        let cancellable: AnyCancellable? = held.withLock { held in
            held.cancelled = true
            defer { held.cancellable = nil }
            return held.cancellable
        }
        cancellable?.cancel()
    }
}
