/// What the names of one spin mean, for resolving its rows and rules.
struct SpinEnvironment {
    let spin: SpinDeclaration
    let events: [EventModel]
    /// The spec's gears, and their names indexed.
    let gearIndex: GearIndex
    var gears: [GearModel] { gearIndex.gears }
    let fields: [FieldModel]
    /// Control state, event and data field names to their indices, so that resolving a row costs
    /// the same however many states, events and fields the spin has.
    let states: NameIndex
    let eventNames: NameIndex
    /// What a row's `on` matches: an event's name, a prefix of dotted names, or `*`.
    let descriptors: EventDescriptors
    let fieldNames: NameIndex
    private let dataScope: [(name: String, type: ValueType)]
    private let controlType: EnumType?
    private let enumTypes: [EnumType]
    private let constants: [String: (type: ValueType, value: SpinValue)]
    /// The states as expressions see them (`active(.S)`).
    let treeScope: StateScope?
    /// The state tree (without its states' actions, which are resolved in this environment).
    let tree: StateTree
    /// The scope of expressions on a state without an event, and one per event: built once per
    /// spin, not once per row.
    private let stateScope: ResolverScope
    private let eventScopes: [ResolverScope]

    init(
        spin: SpinDeclaration, events: [EventModel], gears: GearIndex, dataScope: [(name: String, type: ValueType)],
        controlType: EnumType?, enumTypes: [EnumType], constants: [ConstantModel], fields: [FieldModel],
        states: NameIndex, eventNames: NameIndex, fieldNames: NameIndex, treeScope: StateScope?, tree: StateTree
    ) {
        self.spin = spin
        self.events = events
        self.gearIndex = gears
        self.fields = fields
        self.states = states
        self.eventNames = eventNames
        descriptors = EventDescriptors(events.map(\.name.text), index: eventNames)
        self.fieldNames = fieldNames
        self.dataScope = dataScope
        self.controlType = controlType
        self.enumTypes = enumTypes
        let constants = ExpressionScope.constantTable(constants)
        self.constants = constants
        self.treeScope = treeScope
        self.tree = tree
        stateScope = ResolverScope(id: -1, scope: ExpressionScope(
            dataFields: dataScope, eventFields: nil, controlStates: controlType, enumTypes: enumTypes, constants: constants, states: treeScope))
        eventScopes = events.indices.map { index in
            ResolverScope(id: index, scope: ExpressionScope(
                dataFields: dataScope,
                eventFields: events[index].fields.map { (name: $0.name.text, type: $0.type) },
                controlStates: controlType,
                enumTypes: enumTypes,
                constants: constants,
                states: treeScope))
        }
    }

    /// The identity of `scope(event:)`, read without copying the scope (and retaining its arrays),
    /// which a transition row needs only when its texts are not cached.
    func scopeID(event: Int?) -> Int? {
        guard let event else { return stateScope.id }
        return eventScopes.indices.contains(event) ? eventScopes[event].id : stateScope.id
    }

    /// The scope of expressions on a state, with the payload of `event` when given.
    func scope(event: Int?) -> ResolverScope {
        guard let event else { return stateScope }
        return eventScopes.indices.contains(event) ? eventScopes[event] : stateScope
    }

    /// The scope of a rule triggered by a gear event: its payload is `event.x`. Such rules are
    /// few, so their scopes are made when needed and their expressions are not cached.
    func scope(gearEvent: EventModel) -> ResolverScope {
        ResolverScope(id: nil, scope: ExpressionScope(
            dataFields: dataScope,
            eventFields: gearEvent.fields.map { (name: $0.name.text, type: $0.type) },
            controlStates: controlType,
            enumTypes: enumTypes,
            constants: constants,
            states: treeScope))
    }
}
