/// A type shared by the spins of a file, declared under `types:`: an enumeration such as
/// `Item: [cola, water, chips]`, usable as the type of data fields, payload fields and constants.
public struct TypeDeclaration: Hashable, Sendable {
    /// The type's name (capitalized, `Item`).
    public let name: Name
    /// Its cases, in order.
    public let cases: [Name]

    /// Creates a type declaration.
    public init(name: Name, cases: [Name]) {
        self.name = name
        self.cases = cases
    }
}
