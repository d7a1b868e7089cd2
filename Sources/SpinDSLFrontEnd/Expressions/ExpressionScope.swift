/// What names mean inside one expression: which data fields, payload fields, control states and
/// enumerations exist there, and in which slot each value will be at run time.
package struct ExpressionScope: Sendable {
    /// The spin's data fields; a field's slot in `EvaluationContext.data` is its index here.
    var dataFields: [(name: String, type: ValueType)]
    /// The payload fields of the event at hand (slot = index in `EvaluationContext.event`), or nil
    /// where there is no event (then `event.x` is an error).
    var eventFields: [(name: String, type: ValueType)]?
    /// The control states, an enumeration named "state", or nil if the spin has none.
    var controlStates: EnumType?
    /// The declared enumerations, used to resolve `.case` when no other context says which one.
    var enumTypes: [EnumType]
    /// The constants of the file by name, read as literals (`constantTable(_:)`).
    var constants: [String: (type: ValueType, value: SpinValue)]
    /// The spin's states, for `active(.S)` and, in a spin with nested or parallel states,
    /// `state == .S`; nil for a data-only spin.
    var states: StateScope?

    /// Creates a scope.
    init(
        dataFields: [(name: String, type: ValueType)],
        eventFields: [(name: String, type: ValueType)]? = nil,
        controlStates: EnumType? = nil,
        enumTypes: [EnumType] = [],
        constants: [String: (type: ValueType, value: SpinValue)] = [:],
        states: StateScope? = nil
    ) {
        self.dataFields = dataFields
        self.eventFields = eventFields
        self.controlStates = controlStates
        self.enumTypes = enumTypes
        self.constants = constants
        self.states = states
    }

    /// The constants by name, as scopes hold them: made once for all the scopes of a spin.
    static func constantTable(_ constants: [ConstantModel]) -> [String: (type: ValueType, value: SpinValue)] {
        var byName: [String: (type: ValueType, value: SpinValue)] = [:]
        for constant in constants where byName[constant.name.text] == nil {
            byName[constant.name.text] = (constant.type, constant.value)
        }
        return byName
    }

    /// The slot and type of data field `name`.
    func dataField(named name: String) -> (slot: Int, type: ValueType)? {
        dataFields.firstIndex { $0.name == name }.map { ($0, dataFields[$0].type) }
    }

    /// Array data field `name` (declared with `size`): its elements are the fields `name[0]`,
    /// `name[1]`… in consecutive slots.
    func array(named name: String) -> ArrayField? {
        guard let first = dataField(named: ArrayField.elementName(name, 0)) else { return nil }
        var count = 1
        while first.slot &+ count < dataFields.count, dataFields[first.slot &+ count].name == ArrayField.elementName(name, count) {
            count &+= 1
        }
        return ArrayField(name: name, firstSlot: first.slot, count: count, type: first.type)
    }

    /// The slot and type of payload field `name` (nil also when there is no event here).
    func eventField(named name: String) -> (slot: Int, type: ValueType)? {
        guard let eventFields else { return nil }
        return eventFields.firstIndex { $0.name == name }.map { ($0, eventFields[$0].type) }
    }

    /// Every enumeration a `.case` could belong to: the declared ones and the control states.
    var allEnumerations: [EnumType] {
        var all = enumTypes
        if let controlStates, !all.contains(controlStates) {
            all.append(controlStates)
        }
        return all
    }

    /// Every name an expression may use here, for "did you mean" hints.
    var namesInScope: [String] {
        // An array by its name, not by its elements.
        var names = dataFields.compactMap { field -> String? in
            guard field.name.hasSuffix("]") else { return field.name }
            return field.name.hasSuffix("[0]") ? String(field.name.dropLast(3)) : nil
        }
        names += constants.keys.sorted()
        if controlStates != nil { names.append("state") }
        if let eventFields { names += eventFields.map { "event.\($0.name)" } }
        return names
    }
}
