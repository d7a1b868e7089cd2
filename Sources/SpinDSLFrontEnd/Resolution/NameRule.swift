/// The one rule for the names a spec declares (spins, gears, states, events, fields, enum cases,
/// rules, effects, types, constants): a letter or `_`, then letters, digits or `_`, all ASCII.
/// That is what an expression can write (`state == .in_progress`, `event.amount`), and what
/// `Specs/spin.schema.json` says with the pattern `^[A-Za-z_][A-Za-z0-9_]*$`.
enum NameRule {
    /// Whether `text` is a name.
    static func isValid(_ text: String) -> Bool {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next(), isLetter(first) || first == "_" else { return false }
        while let scalar = scalars.next() {
            guard isLetter(scalar) || isDigit(scalar) || scalar == "_" else { return false }
        }
        return true
    }

    /// `text` made a name by writing `_` for every character a name cannot have (and before a
    /// leading digit): `in-progress` becomes `in_progress`. Nil for an empty text.
    static func repaired(_ text: String) -> String? {
        guard !text.isEmpty else { return nil }
        var repaired = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            repaired.append(isLetter(scalar) || isDigit(scalar) || scalar == "_" ? scalar : "_")
        }
        if let first = repaired.first, isDigit(first) { repaired.insert("_", at: repaired.startIndex) }
        return String(repaired)
    }

    /// The names a data field or a constant cannot have, for what they mean in an expression.
    static func reservedMeaning(of text: String) -> String? {
        switch text {
        case "state": return "the control state"
        case "event": return "the event at hand (event.x)"
        case "true", "false": return "a bool literal"
        case "and", "or", "not", "implies": return "an operator"
        default: return text.hasPrefix(Name.languagePrefix) ? "a field the language makes for itself (two leading underscores)" : nil
        }
    }

    /// Whether `text` starts with a capital letter, as a type declared under `types:` does.
    static func isCapitalized(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return first >= "A" && first <= "Z"
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar >= "0" && scalar <= "9"
    }
}
