/// Delivers the runtime's current state to the feedback chain without copying it: the one place
/// where the runtime reads its state outside the lock and aliases it.
///
/// **Invariant** (what makes the alias sound):
/// 1. Only the drainer writes the state (`RuntimeStateMachine.nextStep`, under the lock), and the
///    drainer is the caller of `deliver(_:)`: while it delivers, nobody writes the state. So the
///    drainer may read it without the lock; other threads read it under the lock, and reads do
///    not conflict.
/// 2. The bytes are copied into the drainer's own `DrainerOwned.stateAlias`, not handed out in
///    place: an `inout` access to the state inside the locked storage would overlap the accesses
///    other threads make under the lock.
/// 3. The copy is bitwise: the references in it are the stored state's, not retained. They stay
///    alive for the whole call because the stored state is not written during it (1). The alias
///    is never destroyed, never written (no link of the chain writes its `inout` state) and never
///    used after the call: the next `deliver(_:)` overwrites it.
/// 4. Only types that can be moved as bytes (`_isBitwiseTakable`) are aliased: `init` returns nil
///    for others, which the drain then delivers by value.
@usableFromInline
struct AliasedStateDelivery<State: Sendable, Event: Sendable> {
    /// The state inside the runtime's locked storage.
    @usableFromInline let source: UnsafeRawPointer
    @usableFromInline let owned: DrainerOwned<State, Event>
    @usableFromInline let chain: FeedbackChain<State, Event>

    /// Whether the state can be delivered this way: false when `State` cannot be aliased (no
    /// offset, or not bitwise takable) or the spin has no feedback chain. `deliver(_:)` must then
    /// not be called.
    @usableFromInline let isAvailable: Bool

    /// An aliasing delivery of the state stored at `stateOffset` inside `machine`.
    ///
    /// Not an optional: a drain checks `isAvailable` on every step, and unwrapping an optional
    /// struct there would copy it, a retain and release of what it holds.
    @inlinable
    init(machine: UnsafeMutablePointer<RuntimeStateMachine<State, Event>>, stateOffset: Int?, owned: DrainerOwned<State, Event>) {
        self.source = UnsafeRawPointer(machine) + (stateOffset ?? 0)
        self.owned = owned
        self.chain = owned.feedbackChain ?? { _, _, _ in }
        self.isAvailable = stateOffset != nil && owned.feedbackChain != nil
    }

    /// Delivers the current state, and the event that produced it, to every feedback of the chain.
    /// Only the drainer calls this, between two steps (see the invariant above).
    @inlinable
    func deliver(_ event: Event) {
        UnsafeMutableRawPointer(owned.stateAlias).copyMemory(from: source, byteCount: MemoryLayout<State>.size)
        chain(&owned.stateAlias.pointee, event, owned)
    }

    /// Where the state lies in the state machine, when values of `State` can be aliased as bytes.
    @usableFromInline
    static var stateOffset: Int? {
        guard _isBitwiseTakable(State.self) else { return nil }
        return MemoryLayout<RuntimeStateMachine<State, Event>>.offset(of: \RuntimeStateMachine<State, Event>.state)
    }
}
