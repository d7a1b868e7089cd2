/// A resolved timed input.
struct ScriptModel: Sendable {
    let location: SourceLocation
    let at: Duration
    let emit: EmitModel
}
