/// One validated spin.
public struct SpinModel: Sendable {
    /// The spin's name.
    public let name: Name
    /// Its index in the spec.
    public let index: Int
    /// The declaration it was resolved from.
    public let declaration: SpinDeclaration
    /// State names, every state of the tree in document order (a state before its children);
    /// empty for a data-only spin. A state's index here is its index in `tree.nodes`.
    public let states: [Name]
    /// The states as a tree (nested and parallel states).
    public let tree: StateTree
    /// The configurations of the tree: a spin's control state (`SpecState.control`) is one of them.
    /// For a flat spin, configuration `i` is state `i`.
    public let configurations: Configurations
    /// The configurations as the enumeration `state` is a value of (`changes: state`, `{state}`):
    /// for a flat spin, its states.
    let controlType: EnumType?
    /// The initial configuration (for a flat spin, the initial state's index; 0 for a data-only
    /// spin).
    public let initialState: Int
    /// Indices of the spin's final states (top-level states: the spin stops when it enters one);
    /// for a parallel spin whose regions can all complete, its one top-level state (the spin stops
    /// when every region is in a final state: `Configurations.isFinal`).
    public let finalStates: Set<Int>
    /// Data fields in slot order.
    public let fields: [FieldModel]
    /// The data fields a trace, a snapshot or a diagram shows: the declared ones, before those the
    /// language makes for itself (`FieldModel.isHidden`).
    public var visibleFields: ArraySlice<FieldModel> { fields.prefix { !$0.isHidden } }
    /// Events; an event's index is its kind.
    public let events: [EventModel]
    /// Rows of the reducer table, in document order.
    package let transitions: [TransitionModel]
    /// Feedback rules in declaration order.
    package let feedbacks: [FeedbackModel]
    /// The spin-level render template.
    package let render: Template?
    /// The timed inputs.
    package let script: [ScriptModel]
    /// The microsteps of every configuration, worked out once by `StatechartLowering` (the step
    /// after resolution); nil for a flat spin that needs none (no entry or exit actions, no raised,
    /// propagated or completion events, no eventless rows, no state that `enter` watches and a row
    /// re-enters).
    package internal(set) var statechart: Statechart?
    /// The states as expressions see them (`active(.S)`); nil for a data-only spin.
    let treeScope: StateScope?
    /// The invariants, in declaration order.
    public let invariants: [InvariantModel]
    /// The properties, in declaration order.
    public let properties: [PropertyModel]
    /// The inputs scheduled fairly when the properties are checked.
    public let fairness: FairnessModel
    /// The enumerations a `.case` of its expressions may belong to: the file's types, then its
    /// fields' own (the control states aside).
    let enumTypes: [EnumType]
    /// The file's constants.
    let constants: [ConstantModel]

    /// The scope of an expression on this spin's state, without an event (`spinrun --until`).
    package var stateScope: ExpressionScope {
        ExpressionScope(
            dataFields: fields.map { ($0.name.text, $0.type) }, controlStates: controlType, enumTypes: enumTypes,
            constants: ExpressionScope.constantTable(constants), states: treeScope)
    }

    /// Whether the spin has control states.
    public var hasControlStates: Bool { !states.isEmpty }

    /// The number of configurations the reducer table is indexed by (1 for a data-only spin).
    package var controlCount: Int { max(1, configurations.count) }

    /// The kind of the pseudo-event of eventless rows: one past the spin's events.
    package var eventlessKind: Int { events.count }

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

extension SpinModel {
    /// Whether the spin must be able to go on until it finishes: a spin with final states, or one
    /// with inputs. A state where nothing can happen any more while such a spin has not finished
    /// is a dead end (`[#Deadlock]`, and the Promela export's invalid end state); a spin with
    /// neither (a data-only spin that settles) may stop anywhere.
    package var mustFinish: Bool {
        !finalStates.isEmpty || events.contains(where: \.isInput)
    }
}
