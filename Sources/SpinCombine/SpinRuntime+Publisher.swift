import Spin

extension SpinRuntime {
    /// The loop's states as a publisher: each subscriber receives the current state, then every
    /// new state, in order, from the loop's drainer (as `render(on:using:)` calls its closure),
    /// from its first request on. States are buffered while a subscriber has no demand. The
    /// publisher does not complete; cancelling a subscription stops its deliveries, not the loop.
    public var statePublisher: AnyPublisher<State, Never> {
        statePublisher(onFirstRequest: {})
    }

    /// `statePublisher`, running `firstRequest` after the subscriber's first request has
    /// registered it with the loop.
    func statePublisher(onFirstRequest firstRequest: @escaping @Sendable () -> Void) -> AnyPublisher<State, Never> {
        Deferred { () -> AnyPublisher<State, Never> in
            let relay = StateRelay<State>()
            let registered = Locked(false)
            return relay.subject
                .buffer(size: .max, prefetch: .keepFull, whenFull: .dropOldest)
                .handleEvents(receiveCancel: { withExtendedLifetime(relay) {} }, receiveRequest: { _ in
                    guard registered.withLock({ registered in
                        defer { registered = true }
                        return !registered
                    }) else { return }
                    // The runtime holds the relay weakly; the subscription holds it until cancelled.
                    self.render(on: relay) { relay, state in relay.subject.send(state) }
                    firstRequest()
                })
                .eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
    }
}

extension Spin {
    /// The spin as a publisher of its states (Spin.Swift's `AnyPublisher.stream(from:)`): each
    /// subscription runs a loop of its own on `clock`, started at its first request, and stopped
    /// when it is cancelled. It receives the initial state, then every new state, in order.
    public func publisher(clock: any Clock<Duration> = ContinuousClock()) -> AnyPublisher<State, Never> {
        Deferred { () -> AnyPublisher<State, Never> in
            let runtime = SpinRuntime(self, clock: clock)
            return runtime.statePublisher(onFirstRequest: { runtime.start() })
                .handleEvents(receiveCancel: { runtime.stop() })
                .eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
    }
}

/// Forwards the loop's states to a subject. The loop's drainer sends one state at a time, so the
/// subject is never sent to concurrently.
final class StateRelay<State: Sendable>: @unchecked Sendable {
    // Unchecked: only the loop's drainer sends to `subject`, one state at a time (see above).
    let subject = PassthroughSubject<State, Never>()
}
