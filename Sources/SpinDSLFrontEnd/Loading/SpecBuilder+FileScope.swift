/// What the spins of a file share besides gears: `types:` and `constants:`.
extension SpecBuilder {
    /// `types:` name → list of cases: `Item: [cola, water, chips]`.
    mutating func sharedTypes(_ node: YAMLNode) -> [TypeDeclaration] {
        guard let entries = mapping(node, "for 'types'") else { return [] }
        var types: [TypeDeclaration] = []
        for entry in entries {
            let name = Self.keyName(entry)
            guard let cases = nameList(entry.value, "type '\(name.text)'") else { continue }
            guard !cases.isEmpty else {
                report(.emptyType, at: entry.value.location, ["type": name])
                continue
            }
            types.append(TypeDeclaration(name: name, cases: cases))
        }
        return types
    }

    /// `constants:` name → value (its type inferred as a data field's is) or
    /// `{ type: …, value: … }` (without `type`, inferred from the value all the same).
    mutating func constants(_ node: YAMLNode) -> [ConstantDeclaration] {
        guard let entries = mapping(node, "for 'constants'") else { return [] }
        return entries.compactMap { constant($0) }
    }

    private mutating func constant(_ entry: YAMLMappingEntry) -> ConstantDeclaration? {
        let name = Self.keyName(entry)
        let node = entry.value
        switch writtenValue(entry, "constant", whenNull: .constantWithoutValue, ["name": name]) {
        case nil:
            return nil
        case .plain(let type, let value)?:
            return ConstantDeclaration(name: name, type: type, value: value)
        case .longForm(let entries)?:
            let context = "in constant '\(name.text)'"
            checkKeys(entries, allowed: ["type", "value"], context)
            var type: TypeReference?
            var complete = true
            if let typeNode = node["type"] {
                if let scalar = string(typeNode, "for 'type'") {
                    type = Self.typeReference(scalar)
                    if type == nil {
                        complete = false
                        unknownType(scalar, at: typeNode.location, context)
                    }
                } else {
                    complete = false
                }
            }
            guard let valueNode = node["value"] else {
                report(.constantWithoutValue, at: node.location, ["name": name])
                return nil
            }
            guard let scalar = valueNode.scalar, !scalar.isNull else {
                wrongKind(valueNode, expected: "a value", "for 'value'")
                return nil
            }
            guard complete else { return nil }
            guard let type else {
                return plainValue(scalar, valueNode).map { ConstantDeclaration(name: name, type: $0.type, value: $0.value) }
            }
            return ConstantDeclaration(name: name, type: type, value: Self.initialValue(scalar, valueNode))
        }
    }
}
