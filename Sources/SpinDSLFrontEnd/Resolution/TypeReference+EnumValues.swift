extension TypeReference {
    /// The declared values of an enumeration type; empty for other types.
    var enumValues: [Name] {
        if case .enumeration(let values) = self { return values }
        return []
    }
}
