/// A spin's `fairness: { weak: [EVENTS], strong: [EVENTS] }`: the inputs `spinrun --check`
/// schedules fairly when it checks the spin's properties.
public struct FairnessDeclaration: Hashable, Sendable {
    /// Inputs that cannot stay enabled for ever without being taken.
    public let weak: [Name]
    /// Inputs that cannot be enabled again and again for ever without being taken.
    public let strong: [Name]
    /// Where `fairness` is written.
    public let location: SourceLocation

    /// Creates a fairness declaration.
    public init(weak: [Name], strong: [Name], location: SourceLocation) {
        self.weak = weak
        self.strong = strong
        self.location = location
    }
}
