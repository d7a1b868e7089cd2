import SpinDSLFrontEnd
import SpinDSLRunner

/// A property that does not hold: which, where it is declared, and its formula.
public struct PropertyFailure: Sendable, Equatable {
    public let spin: String
    public let name: String
    public let location: SourceLocation
    public let formula: String

    /// `property 'name' of spin 'Spin' does not hold: formula`.
    public var message: String {
        DiagnosticGroup.propertyViolated.message(["name": name, "spin": spin, "formula": formula])
    }
}
