import SpinDSLFrontEnd

/// One spin at the end of a run.
public struct SpinSummary: Sendable, Equatable {
    /// The spin's name.
    public let name: String
    /// Its control state (the active state, or `[a, b]` with parallel regions), or nil for a
    /// data-only spin.
    public let state: String?
    /// The same as JSON: a string, the array of the active states with parallel regions, or `null`.
    public let stateJSON: String
    /// Its data as JSON.
    public let dataJSON: String
    /// Its data as `name=value` pairs.
    public let dataText: String
}

extension SpinSummary {
    /// The summary of `model`'s spin in `state`.
    package init(_ model: SpinModel, _ state: SpecState) {
        self.init(
            name: model.name.text, state: model.controlName(state.control), stateJSON: model.controlJSON(state.control),
            dataJSON: model.dataJSON(state.data), dataText: model.dataText(state.data))
    }
}
