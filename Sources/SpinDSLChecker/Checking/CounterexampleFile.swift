import Foundation
import SpinDSLFrontEnd
import SpinDSLRunner

/// A counterexample as the JSON Lines trace `--counterexample FILE` writes and `--replay` runs
/// again: its header, its steps, its summary, one line each.
public enum CounterexampleFile {
    /// The trace's lines, each ending with a newline.
    public static func bytes(_ trace: CounterexampleTrace, model: SpecModel) -> [UInt8] {
        let encoder = TraceEncoder(model)
        var bytes = Array((trace.header.json + "\n").utf8)
        for step in trace.steps { encoder.appendLine(step, to: &bytes) }
        bytes.append(contentsOf: (trace.summary.json + "\n").utf8)
        return bytes
    }

    /// Writes `bytes` to `path`; the error (of `option`) when the file cannot be created.
    public static func write(_ bytes: [UInt8], to path: String, option: String = "--counterexample") -> UsageError? {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            return UsageError(option, .counterexampleNotWritten, ["path": path])
        }
        return nil
    }

    /// The file name of finding `number` (from 1) of `count` in `--counterexamples DIR`: the
    /// number, padded so that the files sort in the order found, the finding's kind, and what it
    /// names: `1-invariant-Turnstile.paidForEveryPass.jsonl`, `2-error-ValueOutOfRange.jsonl`,
    /// `3-deadlock.jsonl`, `4-livelock.jsonl`, `5-property-Peterson.progress0.jsonl`.
    public static func fileName(of violation: CheckViolation, number: Int, count: Int) -> String {
        let digits = String(count).count
        let shown = String(number)
        let padded = String(repeating: "0", count: max(0, digits - shown.count)) + shown
        var name = padded + "-" + violation.name
        switch violation.kind {
        case .invariant(let failure): name += "-" + failure.spin + "." + failure.name
        case .property(let failure): name += "-" + failure.spin + "." + failure.name
        case .error: name += "-" + violation.group.name
        case .deadEnd, .livelock: break
        }
        return name + ".jsonl"
    }

    /// Writes each finding's counterexample into `directory` (made if missing), one file each
    /// (`fileName(of:number:count:)`); the error when one cannot be written.
    public static func writeAll(_ violations: [CheckViolation], to directory: String, trace: (CheckViolation) -> CounterexampleTrace, model: SpecModel) -> UsageError? {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return UsageError("--counterexamples", .counterexampleNotWritten, ["path": directory])
        }
        for (index, violation) in violations.enumerated() {
            let path = (directory.hasSuffix("/") ? directory : directory + "/") + fileName(of: violation, number: index + 1, count: violations.count)
            if let error = write(bytes(trace(violation), model: model), to: path, option: "--counterexamples") { return error }
        }
        return nil
    }
}
