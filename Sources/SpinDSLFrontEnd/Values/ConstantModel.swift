/// A constant of the file, resolved: its name, type and value. Expressions read it as a literal.
public struct ConstantModel: Sendable {
    /// The constant's name.
    public let name: Name
    /// Its type.
    public let type: ValueType
    /// Its value.
    public let value: SpinValue
}
