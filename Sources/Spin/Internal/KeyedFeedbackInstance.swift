/// Runs one effect per request in a set derived from the state (RxFeedback's `react(requests:)`):
/// new requests start, vanished requests are cancelled, kept requests keep running untouched.
final class KeyedFeedbackInstance<State: Sendable, Event: Sendable, Request: Hashable & Sendable>: FeedbackInstance {
    private let context: FeedbackContext<Event>
    private let requests: @Sendable (State) -> Set<Request>
    private let body: EffectBody<Request, Event>
    /// Live requests, in the order they started, with their effect's handle (nil when it ran inline).
    private var live: [(request: Request, handle: EffectHandle?)] = []

    init(context: FeedbackContext<Event>, requests: @escaping @Sendable (State) -> Set<Request>, body: EffectBody<Request, Event>) {
        self.context = context
        self.requests = requests
        self.body = body
    }

    func receive(_ state: State, cause: Event?) {
        let wanted = requests(state)
        var kept: [(request: Request, handle: EffectHandle?)] = []
        var keptKeys = Set<Request>()
        for entry in live {
            if wanted.contains(entry.request) {
                kept.append(entry)
                keptKeys.insert(entry.request)
            } else if let handle = entry.handle {
                context.cancel(handle)
            }
        }
        live = kept
        // A Set has no stable order; start new requests in a deterministic order when the request
        // type can be ordered by its description, so runs are reproducible.
        let new = wanted.subtracting(keptKeys).sorted { String(describing: $0) < String(describing: $1) }
        for request in new {
            live.append((request, body.run(request, in: context)))
        }
    }

    func stop() {
        for entry in live {
            if let handle = entry.handle { context.cancel(handle) }
        }
        live = []
    }
}
