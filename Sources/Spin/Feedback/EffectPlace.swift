/// Where a feedback's effects run (`Feedback.execute(on:)`, `Spin.execute(on:)`): a task executor,
/// or an actor — `MainActor.shared`, any actor, or a serial executor, which runs them as an actor
/// of its own would.
///
/// On a task executor, effect tasks prefer it: their nonisolated code runs there. On an actor,
/// effect tasks are isolated to it: synchronous effects run on it, and async effects run on it
/// too, since the effects' async functions are not sending (`nonisolated(nonsending)`: they run
/// where they are called) — except an effect declared with an isolation of its own, which runs
/// there.
public struct EffectPlace: Sendable {
    @usableFromInline
    enum Kind: Sendable {
        case taskExecutor(any TaskExecutor)
        case actor(any Actor)
    }

    @usableFromInline let kind: Kind

    /// Effect tasks that prefer `executor`.
    public static func taskExecutor(_ executor: any TaskExecutor) -> EffectPlace {
        EffectPlace(kind: .taskExecutor(executor))
    }

    /// Effect tasks isolated to `actor` (`MainActor.shared`, a global actor's `shared`, any actor).
    public static func actor(_ actor: any Actor) -> EffectPlace {
        EffectPlace(kind: .actor(actor))
    }

    /// Effect tasks isolated to an actor whose executor is `executor`.
    public static func serialExecutor(_ executor: any SerialExecutor) -> EffectPlace {
        EffectPlace(kind: .actor(SerialExecutorActor(executor: executor)))
    }

    /// The task executor, for a place that is one.
    var taskExecutor: (any TaskExecutor)? {
        if case .taskExecutor(let executor) = kind { return executor }
        return nil
    }
}

/// An actor that runs on a given serial executor, so that effects can be isolated to a
/// `SerialExecutor` as they are to any actor.
final actor SerialExecutorActor {
    nonisolated let executor: any SerialExecutor

    init(executor: any SerialExecutor) {
        self.executor = executor
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }
}
