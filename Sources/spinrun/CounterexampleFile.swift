import Foundation
import SpinDSL

/// A counterexample as the JSON Lines trace `--counterexample FILE` writes and `--replay` runs
/// again: its header, its steps, its summary, one line each.
enum CounterexampleFile {
    /// The trace's lines, each ending with a newline.
    static func bytes(_ trace: CounterexampleTrace, model: SpecModel) -> [UInt8] {
        let encoder = TraceEncoder(model)
        var bytes = Array((trace.header.json + "\n").utf8)
        for step in trace.steps { encoder.appendLine(step, to: &bytes) }
        bytes.append(contentsOf: (trace.summary.json + "\n").utf8)
        return bytes
    }

    /// Writes `bytes` to `path`; the error when the file cannot be created.
    static func write(_ bytes: [UInt8], to path: String) -> UsageError? {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            return UsageError("--counterexample", .counterexampleNotWritten, ["path": path])
        }
        return nil
    }
}
