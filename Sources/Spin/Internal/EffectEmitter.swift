/// Identifies one run of an asynchronous effect. Events emitted under a handle that was cancelled
/// are dropped.
@usableFromInline
struct EffectHandle: Hashable, Sendable {
    @usableFromInline let token: UInt64

    @inlinable
    init(token: UInt64) {
        self.token = token
    }
}

/// Lets an asynchronous effect feed events back into its loop.
///
/// Events emitted after the effect was cancelled, or after the loop stopped, are dropped.
public struct EffectEmitter<Event: Sendable>: Sendable {
    /// The feedback whose effect this is: its hooks reach the loop (weakly), its origin marks the
    /// events. Held rather than closures made per effect, so that starting an effect allocates
    /// nothing for its emitter.
    @usableFromInline let context: FeedbackContext<Event>
    /// The effect's run: its events are dropped once it is cancelled.
    @usableFromInline let token: UInt64

    @inlinable
    init(context: FeedbackContext<Event>, token: UInt64) {
        self.context = context
        self.token = token
    }

    /// Feeds an event back into the loop.
    public func emit(_ event: Event) {
        context.hooks.emitFromEffect(event, context.origin, token)
    }

    /// Reports an error the effect's sequence threw (see `SpinRuntime.onEffectFailure(_:)`).
    func reportFailure(_ error: any Error) {
        context.hooks.reportFailure(error, context.origin)
    }
}

extension EffectEmitter: EventSink {}

/// Where an effect's events and its sequence's failure go: the runtime's `EffectEmitter`, or a
/// `ReducerEffect`'s sink, which maps them first.
protocol EventSink<Event>: Sendable {
    associatedtype Event: Sendable
    func emit(_ event: Event)
    func reportFailure(_ error: any Error)
}

extension EventSink {
    /// Emits every event of `sequence`, in order, until it ends, fails or the effect is cancelled.
    /// A failing sequence ends its effect; the events it produced before stand. The error is
    /// reported, unless it is the effect's own cancellation.
    func emitEvery<S: AsyncSequence>(of sequence: S) async where S.Element == Event {
        do {
            for try await event in sequence {
                if Task.isCancelled { return }
                emit(event)
            }
        } catch {
            if !Task.isCancelled { reportFailure(error) }
        }
    }
}
