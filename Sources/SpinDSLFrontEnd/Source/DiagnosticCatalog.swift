/// The catalog's entries (what `DiagnosticGroup.entry` returns), written as data in one table for
/// each stage of the pipeline that reports them, in the order of `DiagnosticGroup`'s sections:
/// `DiagnosticCatalog+YAML.swift` holds the entries of the groups found while reading YAML, and so on.
enum DiagnosticCatalog {
    /// Every stage's table, in the order of `DiagnosticGroup`'s sections.
    static let stages: [KeyValuePairs<DiagnosticGroup, DiagnosticEntry>] = [
        yaml, loading, resolution, expressions, analysis, statecharts, runFaults, runLimits, commandLine, checking,
    ]

    /// The tables merged once for all groups: every diagnostic reads its templates here, and some
    /// examples are written by functions. A group in two tables keeps its first entry (and
    /// `CatalogTests` fails).
    static let entries = Dictionary(stages.joined().map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })

    /// What a group without an entry gets: nothing at all, so that `CatalogTests` fails on it (a
    /// group's entry is never missing once the tests pass).
    static let missing = DiagnosticEntry.error("", explanation: "", wrong: "", right: "")
}
