/// The states of a spin as expressions see them: `active(.S)` is true while state `S` is in the
/// active configuration. In a spin with nested or parallel states, `state == .S` means the same
/// (and `state != .S` its negation), so that rules written for flat spins keep working; in a flat
/// spin it stays a comparison of the control state.
final class StateScope: Sendable {
    /// The states' names, and the configurations each is active in.
    let names: [String]
    private let configurations: Configurations
    private let index: NameIndex
    /// Whether `state == .S` is read as `active(.S)`.
    let isNested: Bool

    init(names: [String], index: NameIndex, configurations: Configurations, isNested: Bool) {
        self.names = names
        self.configurations = configurations
        self.index = index
        self.isNested = isNested
    }

    /// The membership of the state called `name`.
    func membership(of name: String) -> StateMembership? {
        index[name].flatMap { names.indices.contains($0) ? configurations.membership(of: $0) : nil }
    }
}
