import SpinDSLFrontEnd

/// The spin's `GeneratedMachine` members: events made from the spec's names and values, and the
/// snapshot described by them.
extension SwiftSpinWriter {
    func namingDeclarations() -> [String] {
        let access = options.modifier
        var lines = [
            "/// The spin's name in the spec.",
            "\(access)static let specName = \(SwiftLiteral.string(spin.name.text))",
            "",
            "/// The event called `name` with the payload `payload`; nil when there is none or the payload does not fit.",
            "\(access)static func event(named name: String, _ payload: [String: GeneratedValue]) -> Event? {",
        ]
        if spin.events.isEmpty {
            lines += ["    nil", "}"]
        } else {
            lines.append("    switch name {")
            for (kind, event) in spin.events.enumerated() {
                lines.append("    case \(SwiftLiteral.string(event.name.text)):")
                var arguments: [String] = []
                for (slot, field) in event.fields.enumerated() {
                    let label = names.payloadLabels[kind][slot]
                    let local = SwiftSpinNames.payloadLocal(label)
                    let key = SwiftLiteral.string(field.name.text)
                    lines.append("        " + unwrap(field.type, "payload[\(key)]", into: local))
                    arguments.append("\(label): \(local)")
                }
                let call = ".\(names.eventCases[kind])" + (arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))")
                lines.append("        return \(call)")
            }
            lines += ["    default:", "        return nil", "    }", "}"]
        }
        lines += [
            "",
            "/// `snapshot` as the spec names it.",
            "\(access)static func describe(_ snapshot: Snapshot) -> GeneratedState {",
        ]
        let fields = spin.fields.enumerated().map { index, field in
            "GeneratedState.Field(\(SwiftLiteral.string(field.name.text)), \(wrap(field.type, "snapshot.\(names.dataNames[index])")))"
        }
        let state = spin.hasControlStates ? "snapshot.state.rawValue" : "nil"
        if fields.isEmpty {
            lines.append("    GeneratedState(state: \(state), data: [], fault: snapshot.fault)")
        } else {
            lines.append("    GeneratedState(state: \(state), data: [")
            lines += fields.map { "        " + $0 + "," }
            lines.append("    ], fault: snapshot.fault)")
        }
        lines.append("}")
        return lines
    }

    /// `guard case … = value, … else { return nil }` binding `local` to the Swift value of a
    /// `GeneratedValue` of `type`.
    private func unwrap(_ type: ValueType, _ value: String, into local: String) -> String {
        switch type {
        case .int: return "guard case .int(let \(local))? = \(value) else { return nil }"
        case .double: return "guard case .double(let \(local))? = \(value) else { return nil }"
        case .bool: return "guard case .bool(let \(local))? = \(value) else { return nil }"
        case .string: return "guard case .string(let \(local))? = \(value) else { return nil }"
        case .duration: return "return nil"
        case .enumeration:
            return "guard case .symbol(let name)? = \(value), let \(local) = \(swiftType(type))(rawValue: name) else { return nil }"
        }
    }

    /// The `GeneratedValue` of Swift value `value` of `type`.
    private func wrap(_ type: ValueType, _ value: String) -> String {
        switch type {
        case .int: return ".int(\(value))"
        case .double: return ".double(\(value))"
        case .bool: return ".bool(\(value))"
        case .string: return ".string(\(value))"
        case .duration: return ".int(0)"
        case .enumeration: return ".symbol(\(value).rawValue)"
        }
    }
}
