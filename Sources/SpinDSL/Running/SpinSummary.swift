/// One spin at the end of a run.
public struct SpinSummary: Sendable, Equatable {
    /// The spin's name.
    public let name: String
    /// Its control state, or nil for a data-only spin.
    public let state: String?
    /// Its data as JSON.
    public let dataJSON: String
    /// Its data as `name=value` pairs.
    public let dataText: String
}
