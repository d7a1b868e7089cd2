/// A named enumeration declared by a spec, such as `mode: [heat, cool, off]`.
///
/// The control states of a spin are modelled the same way, as an enumeration named `state`, so that
/// `state == .locked` is checked and evaluated exactly like a comparison of any other enum value.
public struct EnumType: Hashable, Sendable {
    /// The enumeration's name, used in diagnostics ("expected mode, found int").
    public let name: String
    /// The case names in declaration order; a value of this type is stored as `SpinValue.symbol(index)`.
    public let cases: [String]

    /// Creates an enumeration from its name and its case names in declaration order.
    public init(name: String, cases: [String]) {
        self.name = name
        self.cases = cases
    }

    /// The index of the case called `name`, or nil when there is no such case.
    public func index(of name: String) -> Int? {
        cases.firstIndex(of: name)
    }

    /// The name of the case at `index`, or nil when the index is out of range.
    public func caseName(at index: Int) -> String? {
        cases.indices.contains(index) ? cases[index] : nil
    }
}
