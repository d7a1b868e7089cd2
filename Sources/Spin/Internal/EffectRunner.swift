/// The task of an effect that may go on with the next effect its last event asks for (see
/// `SpinRuntime.finishEffect`). Its `task` is read and written only under the runtime's lock: it is
/// set once the task exists, so a task that ends its effect before then does not go on.
@usableFromInline
final class EffectRunner: @unchecked Sendable {
    @usableFromInline var task: Task<Void, Never>?

    @inlinable
    init() {}
}
