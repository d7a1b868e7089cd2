import SpinDSLFrontEnd

/// The trace's output format.
public enum TraceFormat: String, CaseIterable, Sendable {
    /// Lines for people (colored on a terminal unless `NO_COLOR` is set).
    case text
    /// JSON Lines for tools: one object per reduced event, then the summary object.
    case jsonl
}
