/// What a file declares for all its spins (`types:`, `constants:`), and the rule every declared
/// name follows.
extension SpecResolver {
    /// The types of `types:`, each an enumeration named after its key.
    mutating func resolveTypes(_ types: [TypeDeclaration]) {
        declare(types.map(\.name), what: "type")
        for type in types {
            if NameRule.isValid(type.name.text), !NameRule.isCapitalized(type.name.text) {
                report(.lowercaseTypeName, at: type.name.location, ["name": type.name], suggestion: Self.capitalizedHint(type.name.text))
            }
            declare(type.cases, what: "case of '\(type.name)'")
            let enumType = EnumType(name: type.name.text, cases: type.cases.map(\.text))
            if namedTypes[type.name.text] == nil {
                namedTypes[type.name.text] = enumType
                sharedTypes.append(enumType)
            }
        }
    }

    /// The constants of `constants:`, each checked against its type.
    mutating func resolveConstants(_ declarations: [ConstantDeclaration]) {
        declare(declarations.map(\.name), what: "constant")
        var seen = Set<String>()
        for declaration in declarations {
            checkReserved(declaration.name, what: "constant")
            guard let type = valueType(declaration.type, name: declaration.name.text, context: "in constant '\(declaration.name.text)'") else { continue }
            guard let value = literalValue(declaration.value, of: type) else {
                if case .enumeration(let enumType) = type {
                    report(
                        .constantValueMismatch, at: declaration.value.location,
                        ["value": declaration.value.text, "name": declaration.name, "expected": "one of " + enumType.cases.joined(separator: ", ")],
                        suggestion: Suggestion.hint(for: declaration.value.text, in: enumType.cases))
                } else {
                    report(
                        .constantValueMismatch, at: declaration.value.location,
                        ["value": declaration.value.text, "name": declaration.name, "expected": Self.article(type)])
                }
                continue
            }
            if seen.insert(declaration.name.text).inserted {
                constants.append(ConstantModel(name: declaration.name, type: type, value: value))
            }
        }
    }

    /// Checks that each of `names` follows the name rule and that none repeats an earlier one;
    /// `what` says what they name, for the message (`state`, `payload field of 'coin'`); `dotted`
    /// names (a spin's events) may be several names joined by `.` (`door.open`).
    mutating func declare(_ names: [Name], what: String, dotted: Bool = false) {
        var seen: [String: Name] = [:]
        for name in names {
            if dotted ? !EventDescriptors.isValidName(name.text) : !NameRule.isValid(name.text) {
                report(
                    .invalidName, at: name.location, ["name": Self.shown(name.text), "what": what],
                    suggestion: dotted ? Self.repairedEventHint(name.text) : Self.repairedHint(name.text))
            }
            if let first = seen[name.text] {
                report(.duplicateName, at: name.location, ["what": what, "name": name, "line": first.location.line, "column": first.location.column])
            } else {
                seen[name.text] = name
            }
        }
    }

    /// Reports a data field or constant named as expressions cannot read it (`state`, `event`,
    /// a keyword).
    mutating func checkReserved(_ name: Name, what: String) {
        guard let meaning = NameRule.reservedMeaning(of: name.text) else { return }
        report(.reservedName, at: name.location, ["name": name, "what": what, "meaning": meaning])
    }

    /// A data field sharing its name with a constant: one of them could not be read.
    mutating func checkNotAConstant(_ field: Name) {
        guard let constant = constants.first(where: { $0.name.text == field.text }) else { return }
        report(
            .duplicateName, at: field.location,
            ["what": "name (a constant and a data field)", "name": field, "line": constant.name.location.line, "column": constant.name.location.column])
    }

    /// The value a literal written for a field or a constant of `type` stands for; nil when it is
    /// not of that type (reported by the caller), or (reported here) an integer too large.
    mutating func literalValue(_ value: InitialValue, of type: ValueType) -> SpinValue? {
        let scalar = YAMLScalar(value: value.text, style: value.isQuoted ? .doubleQuoted : .plain, contentLocation: value.location)
        switch type {
        case .int:
            if let int = scalar.asInt() { return .int(int) }
            if !value.isQuoted, Double(value.text) != nil, value.text.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "+" }) {
                report(.integerLiteralTooLarge, at: value.location, ["value": value.text])
                return .int(0)
            }
            return nil
        case .double:
            return scalar.asDouble().map(SpinValue.double)
        case .bool:
            return scalar.asBool().map(SpinValue.bool)
        case .string:
            return .string(value.text)
        case .duration:
            guard !value.isQuoted, case .milliseconds(let milliseconds) = DurationParser.parse(value.text) else { return nil }
            return .duration(milliseconds)
        case .enumeration(let enumType):
            return enumType.index(of: value.text).map(SpinValue.symbol)
        }
    }

    /// `an int`, `a duration`, as messages say what a value should be.
    static func article(_ type: ValueType) -> String {
        switch type {
        case .int: return "an int"
        case .enumeration(let enumType): return "a case of \(enumType.name)"
        default: return "a \(type)"
        }
    }

    /// `text` with control characters escaped (`go\n`), so that a message stays on its line.
    private static func shown(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars {
            shown += scalar.properties.generalCategory == .control ? scalar.escaped(asASCII: true) : String(scalar)
        }
        return shown
    }

    private static func repairedHint(_ text: String) -> String? {
        guard let repaired = NameRule.repaired(text) else { return nil }
        return "a name is an ASCII letter or '_', then ASCII letters, digits or '_': '\(repaired)'"
    }

    private static func repairedEventHint(_ text: String) -> String? {
        let tokens = text.split(separator: ".", omittingEmptySubsequences: true).compactMap { NameRule.repaired(String($0)) }
        guard !tokens.isEmpty else { return nil }
        return "an event's name is one or more names joined by '.', each an ASCII letter or '_', then ASCII letters, digits or '_': '\(tokens.joined(separator: "."))'"
    }

    private static func capitalizedHint(_ text: String) -> String? {
        guard let first = text.first else { return nil }
        return "write '\(first.uppercased() + text.dropFirst())'"
    }
}
