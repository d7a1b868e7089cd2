/// The top level of a spec: `spin` or `spins`, `gears`, `types`, `constants`, `description`.
extension SpecBuilder {
    /// The keys of a spin body.
    static let spinBodyKeys = [
        "description", "states", "parallel", "initial", "final", "data", "events", "inputs", "transitions",
        "feedbacks", "render", "script", "invariants", "properties", "fairness",
    ]

    /// The keys of a file's top level besides a spin's: what the spins share.
    static let fileKeys = ["gears", "types", "constants"]

    /// The keys of a multi-spin file's top level.
    static let multiSpinKeys = ["spins"] + fileKeys + ["description"]

    /// Maps the document's root; nil when it is not a spec at all.
    mutating func document(_ root: YAMLNode?) -> SpecDocument? {
        let start = SourceLocation(file: path, line: 1, column: 1)
        guard let root, !(root.scalar?.isNull ?? false) else {
            report(.emptySpec, at: start)
            return nil
        }
        guard let entries = root.mapping else {
            report(.specNotMapping, at: root.location)
            return nil
        }
        let single = root.entry(for: "spin")
        let multi = root.entry(for: "spins")
        if let single, let multi {
            let second = single.key.location < multi.key.location ? multi : single
            report(.spinAndSpins, at: second.key.location)
        } else if single == nil, multi == nil {
            report(.missingSpin, at: root.location)
        }

        var spins: [SpinDeclaration] = []
        var gears: [GearDeclaration] = []
        var types: [TypeDeclaration] = []
        var constants: [ConstantDeclaration] = []
        var summary: String?
        if single != nil || multi == nil {
            // A single-spin file (or a file that says neither, read as one to find more problems):
            // the top level is the spin's body plus `spin` and `gears`.
            var name: Name?
            if let single { name = self.name(single.value, "for 'spin'") }
            var allowed = ["spin"] + Self.fileKeys + Self.spinBodyKeys
            if multi != nil { allowed.append("spins") }
            checkKeys(entries, allowed: allowed, name.map { "in spin '\($0.text)'" } ?? "at the top level")
            if let spin = spinBody(entries, name: name, location: root.location) { spins.append(spin) }
            summary = spins.first?.summary
        } else {
            checkKeys(entries, allowed: Self.multiSpinKeys, "at the top level")
        }
        for entry in entries {
            switch Self.key(entry) {
            case "spins":
                spins += multiSpins(entry.value)
            case "gears":
                gears = self.gears(entry.value)
            case "types":
                types = sharedTypes(entry.value)
            case "constants":
                constants = self.constants(entry.value)
            case "description" where multi != nil && single == nil:
                summary = string(entry.value, "for 'description'")?.value
            default:
                break
            }
        }
        return SpecDocument(path: path, spins: spins, gears: gears, summary: summary, types: types, constants: constants)
    }

    /// `spins:` name → body.
    private mutating func multiSpins(_ node: YAMLNode) -> [SpinDeclaration] {
        guard let entries = mapping(node, "for 'spins'") else { return [] }
        if entries.isEmpty {
            report(.noSpins, at: node.location)
        }
        var spins: [SpinDeclaration] = []
        for entry in entries {
            let name = Self.keyName(entry)
            guard let body = mapping(entry.value, "for spin '\(name.text)'") else { continue }
            checkKeys(body, allowed: Self.spinBodyKeys, "in spin '\(name.text)'")
            if let spin = spinBody(body, name: name, location: entry.value.location) { spins.append(spin) }
        }
        return spins
    }

    /// `gears:` name → `{ events: … }`.
    private mutating func gears(_ node: YAMLNode) -> [GearDeclaration] {
        guard let entries = mapping(node, "for 'gears'") else { return [] }
        var gears: [GearDeclaration] = []
        for entry in entries {
            let name = Self.keyName(entry)
            guard let body = mapping(entry.value, "for gear '\(name.text)'") else { continue }
            checkKeys(body, allowed: ["events"], "in gear '\(name.text)'")
            var events: [EventDeclaration] = []
            if let node = body.first(where: { Self.key($0) == "events" })?.value {
                events = self.events(node) ?? []
            }
            gears.append(GearDeclaration(name: name, events: events))
        }
        return gears
    }
}
