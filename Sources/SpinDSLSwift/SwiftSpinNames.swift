import SpinDSLFrontEnd

/// The Swift names of one spin's parts: its namespace, its states, fields, events and payloads,
/// and its enumerations. Made once, with every name that has no Swift form or that two parts
/// would share refused.
struct SwiftSpinNames {
    /// The spin's namespace enumeration: `Turnstile`.
    let spinType: String
    /// Per control state, its case of `State`.
    let stateCases: [String]
    /// Per data slot, its property of `Snapshot`.
    let dataNames: [String]
    /// Per event, its case of `Event`.
    let eventCases: [String]
    /// Per event, per payload field, its label.
    let payloadLabels: [[String]]
    /// The enumerations of the fields and payloads, in first-use order, with their Swift names.
    let enumTypes: [(type: EnumType, name: String)]

    /// The names the types of the namespace take: no enumeration of the spec may take them.
    static let reservedTypes: Set<String> = ["State", "Event", "Snapshot", "Effects"]
    /// The properties `Snapshot` has of its own.
    static let reservedProperties: Set<String> = ["state", "fault", "isFinal"]

    init(_ spin: SpinModel, problems: inout [SwiftRefusal]) {
        func refuse(_ location: SourceLocation, _ what: String, _ why: String) {
            problems.append(SwiftRefusal(location: location, what: what, why: why))
        }
        spinType = SwiftNames.typeName(spin.name.text) ?? {
            refuse(spin.name.location, "spin '\(spin.name)'", "its name makes no Swift type name")
            return "Spin"
        }()
        stateCases = Self.unique(spin.states.map { ($0, SwiftNames.caseName($0.text)) }, "state", refuse)
        var enumTypes: [(type: EnumType, name: String)] = []
        func note(_ type: ValueType, _ name: Name, _ what: String) {
            switch type {
            case .duration:
                refuse(name.location, "\(what) '\(name)'", "durations are not generated yet")
            case .enumeration(let enumType):
                guard !enumTypes.contains(where: { $0.type == enumType }) else { return }
                // A payload field's own enumeration is named after the spin, the event and the field
                // (`door_controller.door.close.how`): inside the spin's namespace, `DoorCloseHow`.
                let spinPrefix = spin.name.text + "."
                let specName = enumType.name.hasPrefix(spinPrefix) ? String(enumType.name.dropFirst(spinPrefix.count)) : enumType.name
                guard let typeName = SwiftNames.typeName(specName), !Self.reservedTypes.contains(typeName),
                      !enumTypes.contains(where: { $0.name == typeName }) else {
                    refuse(name.location, "the enumeration of \(what) '\(name)'", "its name '\(enumType.name)' makes no Swift type name of its own")
                    return
                }
                enumTypes.append((enumType, typeName))
            default:
                break
            }
        }
        var dataNames: [String] = []
        for field in spin.fields {
            let name = SwiftNames.fieldName(field.name.text)
            if name == nil {
                refuse(field.name.location, "data field '\(field.name)'", field.name.text.contains("[") ? "arrays are not generated yet" : "its name is no Swift name")
            } else if let name, Self.reservedProperties.contains(SwiftNames.bare(name)) {
                refuse(field.name.location, "data field '\(field.name)'", "the snapshot has a property '\(SwiftNames.bare(name))' of its own")
            }
            note(field.type, field.name, "data field")
            dataNames.append(name ?? "_\(dataNames.count)")
        }
        self.dataNames = dataNames
        eventCases = Self.unique(spin.events.map { ($0.name, SwiftNames.caseName($0.name.text)) }, "event", refuse)
        payloadLabels = spin.events.map { event in
            event.fields.map { field in
                note(field.type, field.name, "payload field")
                guard let label = SwiftNames.fieldName(field.name.text) else {
                    refuse(field.name.location, "payload field '\(field.name)'", "its name is no Swift name")
                    return "_"
                }
                return label
            }
        }
        self.enumTypes = enumTypes
    }

    /// The local name a row reads payload field `label` by: `event_amount`.
    static func payloadLocal(_ label: String) -> String { "event_" + SwiftNames.bare(label) }

    /// The Swift names of `names`, each refused when it has none or an earlier one has it.
    private static func unique(
        _ names: [(Name, String?)], _ what: String, _ refuse: (SourceLocation, String, String) -> Void
    ) -> [String] {
        var seen: Set<String> = []
        return names.enumerated().map { index, pair in
            let (name, swiftName) = pair
            guard let swiftName else {
                refuse(name.location, "\(what) '\(name)'", "its name makes no Swift name")
                return "_\(index)"
            }
            if !seen.insert(swiftName).inserted {
                refuse(name.location, "\(what) '\(name)'", "its Swift name '\(swiftName)' is an earlier \(what)'s")
            }
            return swiftName
        }
    }
}
