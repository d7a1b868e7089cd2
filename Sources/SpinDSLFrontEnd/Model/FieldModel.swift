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

extension FieldModel {
    /// Whether the language made the field for itself (a send's pending event, `Sends`): runs,
    /// checks and exports keep it; traces, snapshots and diagrams do not show it.
    public var isHidden: Bool { name.isLanguages }
}
