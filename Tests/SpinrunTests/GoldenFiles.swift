import SpinTestSupport
import Testing

/// The golden files of the end-to-end tests are those of every suite (`GoldenFiles` in
/// SpinTestSupport: `Tests/SpinrunTests/Golden/`, `SPIN_UPDATE_GOLDEN=1` rewrites them); a run of
/// the binary is compared whole, stdout, stderr and exit status.
extension GoldenFiles {
    /// Compares `output` with the golden files named `name` (a path relative to `Golden/`), or
    /// rewrites them when updating.
    static func check(_ output: SpinrunProcess.Output, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try check(stdout: output.stdout, stderr: output.stderr, status: output.status, against: name, sourceLocation: sourceLocation)
    }
}
