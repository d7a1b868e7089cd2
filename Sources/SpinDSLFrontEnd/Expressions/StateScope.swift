/// The states of a spin as expressions see them: `active(.S)` is true while state `S` is in the
/// active configuration. In a spin with nested or parallel states, `state == .S` means the same
/// (and `state != .S` its negation), so that rules written for flat spins keep working; in a flat
/// spin it stays a comparison of the control state.
final class StateScope: Sendable {
    /// The states' names.
    let names: [String]
    /// The configurations state `i` is active in (the model's `Configurations.membership(of:)`,
    /// asked only for the states an expression names).
    private let membership: @Sendable (Int) -> StateMembership?
    private let index: NameIndex
    /// Whether `state == .S` is read as `active(.S)`.
    let isNested: Bool

    init(names: [String], index: NameIndex, isNested: Bool, membership: @escaping @Sendable (Int) -> StateMembership?) {
        self.names = names
        self.membership = membership
        self.index = index
        self.isNested = isNested
    }

    /// The membership of the state called `name`.
    func membership(of name: String) -> StateMembership? {
        index[name].flatMap { names.indices.contains($0) ? membership($0) : nil }
    }
}
