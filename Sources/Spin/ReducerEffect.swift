/// Work a reducer asks for (`Reducer(effectful:)`, Swivel's habit): it runs as an effect of the
/// loop that reduced the event, and its events are fed back into that loop.
///
/// An effect runs at once on the loop's drainer, after the state it came with was delivered to
/// the feedbacks, until it first suspends or ends (the fairness rule of docs/semantics.md): one
/// that answers without waiting has answered before the next event is reduced. It is not
/// cancelled by later states; `stop()` cancels it, and drops what it emits afterwards.
public struct ReducerEffect<Event: Sendable>: Sendable {
    /// Where a running effect's events go.
    struct Sink: EventSink {
        let emitEvent: @Sendable (Event) -> Void
        let reportError: @Sendable (any Error) -> Void

        func emit(_ event: Event) { emitEvent(event) }
        func reportFailure(_ error: any Error) { reportError(error) }
    }

    /// Runs the effect, emitting events into the sink as they come; returns its last event.
    let body: @Sendable (Sink) async -> Event?

    /// An async function whose event, if any, is fed back.
    public static func run(_ operation: @escaping @Sendable () async -> Event?) -> ReducerEffect {
        ReducerEffect { _ in await operation() }
    }

    /// An event fed back as it is, at once (as a synchronous feedback's event is).
    public static func send(_ event: Event) -> ReducerEffect {
        ReducerEffect { _ in event }
    }

    /// Every event of `events` fed back in order; an error the sequence throws ends the effect and
    /// goes to `SpinRuntime.onEffectFailure(_:)` observers.
    public static func sequence<Events: AsyncSequence & Sendable>(_ events: Events) -> ReducerEffect
    where Events.Element == Event {
        ReducerEffect(sequence: events)
    }

    /// `effects` one after the other, each started when the one before ended: their events come
    /// in the order of the list.
    public static func concatenate(_ effects: [ReducerEffect]) -> ReducerEffect {
        if effects.count == 1 { return effects[0] }
        return ReducerEffect { sink in
            var last: Event?
            for effect in effects {
                if let event = last { sink.emit(event) }
                last = await effect.body(sink)
            }
            return last
        }
    }

    /// The same effect with its events mapped to a parent's events (see `Reducer.scope`).
    public func map<Parent: Sendable>(_ transform: @escaping @Sendable (Event) -> Parent) -> ReducerEffect<Parent> {
        let body = self.body
        return ReducerEffect<Parent> { sink in
            let child = Sink(emitEvent: { sink.emit(transform($0)) }, reportError: sink.reportFailure)
            return await body(child).map(transform)
        }
    }

    init(body: @escaping @Sendable (Sink) async -> Event?) {
        self.body = body
    }

    private init<Events: AsyncSequence & Sendable>(sequence events: Events) where Events.Element == Event {
        self.body = { sink in
            await sink.emitEvery(of: events)
            return nil
        }
    }
}
