/// One validated spin.
public struct SpinModel: Sendable {
    /// The spin's name.
    public let name: Name
    /// Its index in the spec.
    public let index: Int
    /// The declaration it was resolved from.
    public let declaration: SpinDeclaration
    /// Control state names; empty for a data-only spin.
    public let states: [Name]
    /// The control states as the enumeration expressions compare with (`state == .locked`).
    let controlType: EnumType?
    /// Index of the initial control state (0 for a data-only spin).
    public let initialState: Int
    /// Indices of the final control states.
    public let finalStates: Set<Int>
    /// Data fields in slot order.
    public let fields: [FieldModel]
    /// Events; an event's index is its kind.
    public let events: [EventModel]
    /// Rows of the reducer table, in document order.
    let transitions: [TransitionModel]
    /// Feedback rules in declaration order.
    let feedbacks: [FeedbackModel]
    /// The spin-level render template.
    let render: Template?
    /// The timed inputs.
    let script: [ScriptModel]
    /// The invariants, in declaration order.
    public let invariants: [InvariantModel]
    /// The enumerations a `.case` of its expressions may belong to: the file's types, then its
    /// fields' own (the control states aside).
    let enumTypes: [EnumType]
    /// The file's constants.
    let constants: [ConstantModel]

    /// The scope of an expression on this spin's state, without an event (`spinrun --until`).
    var stateScope: ExpressionScope {
        ExpressionScope(
            dataFields: fields.map { ($0.name.text, $0.type) }, controlStates: controlType, enumTypes: enumTypes,
            constants: ExpressionScope.constantTable(constants))
    }

    /// Whether the spin has control states.
    public var hasControlStates: Bool { !states.isEmpty }

    /// The number of control states the reducer table is indexed by (1 for a data-only spin).
    var controlCount: Int { max(1, states.count) }

    /// The index of event `name`.
    public func eventIndex(named name: String) -> Int? {
        events.firstIndex { $0.name.text == name }
    }

    /// The index of control state `name`.
    public func stateIndex(named name: String) -> Int? {
        states.firstIndex { $0.text == name }
    }

    /// The initial data, in slot order.
    public var initialData: [SpinValue] { fields.map(\.initial) }
}
