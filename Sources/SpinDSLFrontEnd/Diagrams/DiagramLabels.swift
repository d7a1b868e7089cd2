/// How much a diagram's labels show (`spinrun --dot --labels …`).
public enum DiagramLabels: String, CaseIterable, Sendable {
    /// Events, guards and assignments: `coin [event.amount >= 25] / credit := credit + event.amount`;
    /// rules with their conditions and payloads.
    case full
    /// Events and guards: `coin [event.amount >= 25]` (the default); rules with their conditions.
    case guards
    /// Events only: `coin`; rules with their timing and action only.
    case events
}
