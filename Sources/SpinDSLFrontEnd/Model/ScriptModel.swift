/// A resolved timed input.
package struct ScriptModel: Sendable {
    package let location: SourceLocation
    package let at: Duration
    package let emit: EmitModel
}
