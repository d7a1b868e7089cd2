import SpinDSLFrontEnd

/// A construct of a spec that the Swift writer cannot write (yet), where it is written: reported
/// as `[#NotGeneratable]`.
struct SwiftRefusal: Error {
    let location: SourceLocation
    /// The construct: `data field 'wait'`.
    let what: String
    /// Why: `durations are not generated yet`.
    let why: String

    var diagnostic: Diagnostic {
        Diagnostic(.notGeneratable, at: location, ["what": what, "why": why])
    }
}
