/// Finding a group by its name, and the texts `spinrun --explain` prints.
extension DiagnosticGroup {
    /// The group called `name`, in any letter case (`UnknownEvent`, `unknownevent`); nil if none is.
    public static func named(_ name: String) -> DiagnosticGroup? {
        DiagnosticGroup(rawValue: name) ?? allCases.first { $0.rawValue.lowercased() == name.lowercased() }
    }

    /// "did you mean 'UnknownEvent'?" for a name that is not a group but is close to one.
    public static func suggestion(for name: String) -> String? {
        Suggestion.hint(for: name, in: allCases.map(\.rawValue))
    }

    /// What `spinrun --explain NAME` prints: the name, severity and templates, the explanation,
    /// and the wrong and right examples, ending with a newline.
    public var explanation: String {
        let entry = self.entry
        var out = "\(rawValue) (\(entry.severity.rawValue)): \(entry.message)\n"
        if let hint = entry.hint { out += "hint: \(hint)\n" }
        out += "\n\(entry.explanation)\n"
        let (wrong, right) = Self.examples(entry)
        out += "\nWrong:\n\(wrong)\nRight:\n\(right)"
        if case .unreproducible(let why) = entry.origin {
            out += "\n(No small example produces it: \(why).)\n"
        }
        return out
    }

    /// What `spinrun --explain list` prints: one line per group, in catalog order (by the stage
    /// that reports it), with its severity and message template.
    public static var list: String {
        let width = allCases.map(\.rawValue.count).max() ?? 0
        return allCases.map { group in
            let entry = group.entry
            let name = group.rawValue + String(repeating: " ", count: width - group.rawValue.count)
            let severity = entry.severity.rawValue + String(repeating: " ", count: 7 - entry.severity.rawValue.count)
            return "\(name)  \(severity)  \(entry.message)\n"
        }.joined()
    }

    /// The examples indented by four spaces; command lines start with `$ `.
    private static func examples(_ entry: DiagnosticEntry) -> (wrong: String, right: String) {
        let prompt = entry.origin == .command ? "$ " : ""
        func indented(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { "    \(prompt)\($0)\n" }.joined()
        }
        return (indented(entry.wrong), indented(entry.right))
    }
}
