/// The states of a spin as expressions see them: `active(.S)` is true while state `S` is in the
/// active configuration. In a spin with nested or parallel states, `state == .S` means the same
/// (and `state != .S` its negation), so that rules written for flat spins keep working; in a flat
/// spin it stays a comparison of the control state.
final class StateScope: Sendable {
    /// Per state, its name and the configurations it is active in.
    let memberships: [StateMembership]
    let names: [String]
    private let index: NameIndex
    /// Whether `state == .S` is read as `active(.S)`.
    let isNested: Bool

    init(names: [String], memberships: [StateMembership], isNested: Bool) {
        self.names = names
        self.memberships = memberships
        self.index = NameIndex(names)
        self.isNested = isNested
    }

    /// The membership of the state called `name`.
    func membership(of name: String) -> StateMembership? {
        index[name].flatMap { memberships.indices.contains($0) ? memberships[$0] : nil }
    }
}
