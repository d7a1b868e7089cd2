import SpinDSLFrontEnd
import SpinDSLRunner

/// Writes one flat spin as Swift: a namespace enumeration holding `Event`, `State`, the spec's
/// enumerations, `Snapshot`, `initial`, `reduce`, `Effects` and `spin(effects:)`.
///
/// The reducer is the compiled table's (`ReducerTable.rowsTried`): for each event and control
/// state, the rows the interpreter tries, in its order; only the expressions are written anew
/// (`SwiftExpressionWriter`).
struct SwiftSpinWriter {
    let spin: SpinModel
    let table: ReducerTable
    let options: SwiftExportOptions
    let names: SwiftSpinNames
    var expressions: SwiftExpressionWriter
    var problems: [SwiftRefusal]

    init(spin: SpinModel, table: ReducerTable, options: SwiftExportOptions) {
        self.spin = spin
        self.table = table
        self.options = options
        var problems: [SwiftRefusal] = []
        if Self.isStatechart(spin) {
            problems.append(SwiftRefusal(location: spin.name.location, what: "spin '\(spin.name)'", why: "statecharts are not generated yet"))
        }
        for rule in spin.feedbacks {
            problems.append(SwiftRefusal(location: rule.name.location, what: "rule '\(rule.name)'", why: "feedback rules are not generated yet"))
        }
        let names = SwiftSpinNames(spin, problems: &problems)
        self.names = names
        let controlType = spin.hasControlStates ? EnumType(name: "state", cases: spin.states.map(\.text)) : nil
        expressions = SwiftExpressionWriter(
            dataNames: names.dataNames, stateCases: names.stateCases,
            enumTypes: Dictionary(names.enumTypes.map { ($0.type, $0.name) }, uniquingKeysWith: { first, _ in first }),
            controlType: controlType, maxStringBytes: options.maxStringBytes)
        self.problems = problems
    }

    /// The spin's declarations, as lines without indentation of their own.
    mutating func write() -> [String] {
        let access = options.modifier
        var lines: [String] = []
        if let description = spin.declaration.summary {
            lines.append("/// \(description)")
        }
        lines.append("\(access)enum \(names.spinType): GeneratedMachine {")
        var body: [String] = []
        body += eventDeclaration()
        if spin.hasControlStates {
            body.append("")
            body += enumDeclaration("State", doc: "The control states.", cases: spin.states.map(\.text), swiftCases: names.stateCases)
        }
        for (type, name) in names.enumTypes {
            body.append("")
            body += enumDeclaration(name, doc: "The enumeration `\(type.name)`.", cases: type.cases, swiftCases: type.cases.map { SwiftNames.caseName($0) ?? "_" })
        }
        body.append("")
        body += snapshotDeclaration()
        body.append("")
        body += initialDeclaration()
        body.append("")
        // A spin refused as a whole has no table the writer can follow.
        if !isRefusedWhole { body += reducer() }
        body.append("")
        body += loopDeclarations()
        body.append("")
        body += namingDeclarations()
        lines += body.map { $0.isEmpty ? $0 : "    " + $0 }
        lines.append("}")
        return lines
    }

    private var access: String { options.modifier }

    /// Whether the spin is refused as a whole (a statechart): its configurations are not its states.
    var isRefusedWhole: Bool { Self.isStatechart(spin) }

    /// Whether `spin` is a statechart: nested or parallel states, or microsteps of its own.
    private static func isStatechart(_ spin: SpinModel) -> Bool { spin.statechart != nil || !spin.tree.isFlat }

    func swiftType(_ type: ValueType) -> String {
        switch type {
        case .int: return "Int64"
        case .double: return "Double"
        case .bool: return "Bool"
        case .string: return "String"
        case .duration: return "Duration"
        case .enumeration(let enumType):
            return names.enumTypes.first { $0.type == enumType }?.name ?? "State"
        }
    }

    private func eventDeclaration() -> [String] {
        var lines = ["/// The events, with their payloads.", "\(access)enum Event: Sendable, Hashable {"]
        for (index, event) in spin.events.enumerated() {
            let fields = zip(names.payloadLabels[index], event.fields).map { "\($0): \(swiftType($1.type))" }
            lines.append("    case \(names.eventCases[index])" + (fields.isEmpty ? "" : "(\(fields.joined(separator: ", ")))"))
        }
        if spin.events.isEmpty { lines[1] += "}" } else { lines.append("}") }
        return lines
    }

    private func enumDeclaration(_ name: String, doc: String, cases: [String], swiftCases: [String]) -> [String] {
        var lines = ["/// \(doc)", "\(access)enum \(name): String, Sendable, Hashable, CaseIterable {"]
        for (spec, swift) in zip(cases, swiftCases) {
            lines.append("    case \(swift)" + (SwiftNames.bare(swift) == spec ? "" : " = \(SwiftLiteral.string(spec))"))
        }
        lines.append("}")
        return lines
    }

    /// The stored properties of `Snapshot` with their types: the control state, then the data.
    private var properties: [(name: String, type: String)] {
        var properties: [(name: String, type: String)] = []
        if spin.hasControlStates { properties.append(("state", "State")) }
        for (index, field) in spin.fields.enumerated() {
            properties.append((names.dataNames[index], swiftType(field.type)))
        }
        return properties
    }

    private func snapshotDeclaration() -> [String] {
        var lines = ["/// The control state and the data, and the fault that stopped the machine, if one did.", "\(access)struct Snapshot: Sendable, Equatable {"]
        if spin.hasControlStates { lines.append("    \(access)var state: State") }
        for (index, field) in spin.fields.enumerated() {
            lines.append("    \(access)var \(names.dataNames[index]): \(swiftType(field.type))")
        }
        lines += [
            "    /// The run-time error that stopped the machine: `reduce` ignores every event after it.",
            "    \(access)var fault: GeneratedFault?",
            "",
        ]
        let parameters = properties.map { "\($0.name): \($0.type)" } + ["fault: GeneratedFault? = nil"]
        lines.append("    \(access)init(\(parameters.joined(separator: ", "))) {")
        for property in properties + [("fault", "")] {
            lines.append("        self.\(SwiftNames.bare(property.name)) = \(property.name)")
        }
        lines.append("    }")
        if spin.hasControlStates {
            let finals = spin.finalStates.sorted().compactMap { names.stateCases.indices.contains($0) ? ".\(names.stateCases[$0])" : nil }
            lines += [
                "",
                "    /// Whether the machine is in a final state: the interpreter stops the spin there.",
                "    \(access)var isFinal: Bool { " + (finals.isEmpty ? "false" : finals.map { "state == \($0)" }.joined(separator: " || ")) + " }",
            ]
        }
        lines.append("}")
        return lines
    }

    private mutating func initialDeclaration() -> [String] {
        var arguments: [String] = []
        if spin.hasControlStates, names.stateCases.indices.contains(spin.initialState) {
            arguments.append("state: .\(names.stateCases[spin.initialState])")
        }
        for (index, field) in spin.fields.enumerated() {
            let value: String
            do throws(SwiftRefusal) {
                value = try initialValue(field.initial, field)
            } catch {
                problems.append(error)
                value = "0"
            }
            arguments.append("\(SwiftNames.bare(names.dataNames[index])): \(value)")
        }
        return ["/// The state the machine starts in.", "\(access)static let initial = Snapshot(\(arguments.joined(separator: ", ")))"]
    }

    private func initialValue(_ value: SpinValue, _ field: FieldModel) throws(SwiftRefusal) -> String {
        // A duration field is refused with its type (`SwiftSpinNames`): not twice.
        if case .duration = value { return "Duration.zero" }
        return try expressions.literal(value, of: field.type, location: field.name.location, text: field.name.text)
    }

    private func loopDeclarations() -> [String] {
        [
            "/// The effects the spec binds, one closure each (this spec binds none).",
            "\(access)struct Effects: Sendable {",
            "    \(access)init() {}",
            "",
            "    /// The effects as the interpreter simulates them.",
            "    \(access)static var simulated: Effects { Effects() }",
            "}",
            "",
            "/// The spin on the Spin core: `initial`, the spec's feedback rules and `reduce`.",
            "\(access)static func spin(effects: Effects = .simulated) -> Spin<Snapshot, Event> {",
            "    Spin(initialState: initial, feedbacks: [], reducer: Reducer(mutating: reduce))",
            "}",
        ]
    }
}
