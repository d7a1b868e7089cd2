import SpinDSLFrontEnd

/// An invariant that does not hold in a state: which spin, which invariant, where it is declared.
public struct InvariantFailure: Sendable, Equatable, CustomStringConvertible {
    /// The spin whose state breaks it.
    public let spin: String
    /// The invariant's name.
    public let name: String
    /// Where the invariant is declared (its name).
    public let location: SourceLocation
    /// The condition as written.
    public let condition: String

    /// `invariant 'name' of spin 'S' does not hold: condition`.
    public var message: String {
        DiagnosticGroup.invariantViolated.message(["name": name, "spin": spin, "condition": condition])
    }

    /// `file:line:column: error: invariant 'name' of spin 'S' does not hold: condition [#InvariantViolated]`.
    public var description: String {
        "\(location): error: \(message) \(DiagnosticGroup.invariantViolated.tag)"
    }

    /// The JSON object of the failure (`{"spin":…,"name":…,"location":…,"condition":…}`).
    public var json: String {
        "{\"spin\":\(JSONText.string(spin)),\"name\":\(JSONText.string(name)),\"location\":\(JSONText.string(location.description)),\"condition\":\(JSONText.string(condition))}"
    }
}
