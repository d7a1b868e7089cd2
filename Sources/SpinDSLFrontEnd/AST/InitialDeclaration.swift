/// `initial:` as written: what a compound state, or the spin, enters by default, and the actions of
/// that default entry (SCXML's `<initial>` child with its `<transition>`, section 3.6).
///
/// ```yaml
/// initial: idle                                    # a child
/// initial: [playing, loud]                         # deep targets, one in each region
/// initial: { to: [playing, loud], set: { n: 0 } }  # with actions
/// ```
public struct InitialDeclaration: Hashable, Sendable {
    /// The states entered, one per region where there are several; never empty.
    public let targets: [Name]
    /// The actions run after the state's own entry actions and before its children's, when the
    /// state is entered by default.
    public let actions: ActionBlockDeclaration?
    /// Where `initial`'s value starts.
    public let location: SourceLocation

    /// Creates an initial transition's declaration.
    public init(targets: [Name], actions: ActionBlockDeclaration? = nil, location: SourceLocation) {
        self.targets = targets
        self.actions = actions
        self.location = location
    }
}
