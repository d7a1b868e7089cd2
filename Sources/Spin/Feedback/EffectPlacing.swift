/// A value whose effects can be given a place to run (`Feedback`, and `Spin` for the feedbacks
/// that have none of their own): the place is the one requirement, and every kind of executor
/// and actor is a way of naming one.
public protocol EffectPlacing {
    /// The same value with its effects run at `place` (see `EffectPlace`).
    func execute(on place: EffectPlace) -> Self
}

extension EffectPlacing {
    /// The same value with its effects run on `executor` (for instance a `SerialTaskExecutor`, or
    /// an executor that hops to the thread a UI toolkit needs).
    public func execute(on executor: any TaskExecutor) -> Self {
        execute(on: .taskExecutor(executor))
    }

    /// The same value with its effects isolated to an actor running on `executor`.
    public func execute(on executor: any SerialExecutor) -> Self {
        execute(on: .serialExecutor(executor))
    }

    /// The same value with its effects run on an executor that is both a task executor and a
    /// serial executor, as a task executor.
    public func execute<Executor: TaskExecutor & SerialExecutor>(on executor: Executor) -> Self {
        execute(on: .taskExecutor(executor))
    }

    /// The same value with its effects isolated to `actor`: `execute(on: MainActor.shared)` runs
    /// them on the main actor.
    public func execute(on actor: any Actor) -> Self {
        execute(on: .actor(actor))
    }
}
