/// Renders states on the main actor, in the order the loop's drainer hands them over: a FIFO of
/// states and one flush at a time. The flush starts with `Task.immediate` on the main actor, so a
/// drainer already on the main actor renders at once, without a hop; any other drainer enqueues
/// it (a flush renders every state waiting then, in order).
final class MainActorRenderer<Container: AnyObject & Sendable, State: Sendable>: Sendable {
    private struct Mailbox {
        var states = EventQueue<State>()
        var flushing = false
    }

    private let mailbox = Locked(Mailbox())
    private let render: @MainActor @Sendable (Container, State) -> Void
    /// Read and written only on the main actor.
    @MainActor private weak var container: Container?
    /// Cleared on the main actor once the container is gone; read by the drainer.
    private let alive = AtomicFlag(true)

    init(container: Container, render: @escaping @MainActor @Sendable (Container, State) -> Void) {
        self.render = render
        // Set through the main actor's own isolation check: the first state is primed by the
        // drainer, which may be anywhere. Until then `container` is nil and nothing renders.
        self.pendingContainer = Locked(container)
    }

    /// The container until the first flush moves it to `container` (on the main actor).
    private let pendingContainer: Locked<Container?>

    /// Called by the drainer with each state; false once the container is gone.
    func send(_ state: State) -> Bool {
        let startFlush: Bool = mailbox.withLock { mailbox in
            mailbox.states.append(state)
            guard !mailbox.flushing else { return false }
            mailbox.flushing = true
            return true
        }
        if startFlush {
            Task.immediate { @MainActor in self.flush() }
        }
        return alive.value
    }

    @MainActor
    private func flush() {
        if let adopted = pendingContainer.withLock({ $0.take() }) { container = adopted }
        while true {
            let next: State? = mailbox.withLock { mailbox in
                guard let state = mailbox.states.popFirst() else {
                    mailbox.flushing = false
                    return nil
                }
                return state
            }
            guard let next else { return }
            guard let container else {
                alive.clear()
                continue
            }
            render(container, next)
        }
    }
}
