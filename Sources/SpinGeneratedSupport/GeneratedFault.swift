/// The run-time error that stopped a generated machine: what the interpreter reports as the spin's
/// fault, with the same place, group and message (`Specs/x.yaml:20:74: error: integer overflow
/// in 'credit + event.amount' [#IntegerOverflow]`).
///
/// A generated `reduce` stores it in the snapshot and ignores every later event, as the
/// interpreter stops a spin at its fault.
public struct GeneratedFault: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the failing expression is written: `file:line:column`.
    public let location: String
    /// The diagnostic group: `IntegerOverflow`, `DivisionByZero`, `ValueOutOfRange`, ….
    public let group: String
    /// What went wrong, quoting the expression.
    public let message: String

    /// A fault at `location` of diagnostic `group` saying `message`.
    public init(_ location: String, _ group: String, _ message: String) {
        self.location = location
        self.group = group
        self.message = message
    }

    /// Where a fault site's message has the value known only when it fails (`GeneratedFailure`).
    public static let placeholder: Character = "\u{1}"

    /// `file:line:column: error: message [#Group]`, as `spinrun` prints a fault.
    public var description: String { "\(location): error: \(message) [#\(group)]" }
}
