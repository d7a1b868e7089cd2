/// A data field: its name, type and initial value.
public struct FieldModel: Sendable {
    /// The field's name.
    public let name: Name
    /// Its type.
    public let type: ValueType
    /// Its initial value.
    public let initial: SpinValue
    /// Its bounds (`range`), when declared.
    public let range: ValueRange?
}
