import Foundation
import Testing

/// The golden files of every suite: one directory, `Tests/SpinrunTests/Golden/`, one comparer and
/// one switch to rewrite them (the analyzer's expected output, `Specs/invalid/*.expected`, kept
/// beside its specs, goes through the same comparer and switch).
///
/// One output is stored as `<name>` (stdout), `<name>.stderr` and `<name>.status`. A missing
/// `.stderr` means an empty stderr and a missing `.status` means exit status 0, so the common case
/// is one file; the comparison is still exact for all three. The diagrams the front end's
/// `ExportTests` draw from `Specs/` are the very files `spinrun --dot` and `--mermaid` are compared
/// with (`<spec>.dot`, `<spec>.mmd`).
///
/// `SPIN_UPDATE_GOLDEN=1 swift test --filter SpinrunTests` (or the suite that compares them)
/// rewrites the files from the current outputs (removing `.stderr`/`.status` files that became
/// empty or 0); review the diff by hand before committing.
package enum GoldenFiles {
    /// Where they are. The catalog's examples name files in it (`spinrun --replay
    /// Tests/SpinrunTests/Golden/turnstile.jsonl`), so it stays where the command line's tests put it.
    package static let directory = packageRootURL.appendingPathComponent("Tests/SpinrunTests/Golden")

    /// Whether this run rewrites the golden files instead of comparing: `SPIN_UPDATE_GOLDEN=1`.
    package static var updating: Bool { ProcessInfo.processInfo.environment["SPIN_UPDATE_GOLDEN"] == "1" }

    /// The names of `folder/*.yaml` (relative to the package root, without extension), sorted.
    package static func specNames(in folder: String) -> [String] {
        let url = packageRootURL.appendingPathComponent(folder)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(".yaml".count)) }.sorted()
    }

    /// Compares an output with the golden files named `name` (a path relative to `directory`), or
    /// rewrites them when updating.
    package static func check(
        stdout: String, stderr: String = "", status: Int32 = 0, against name: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try check(stdout: stdout, stderr: stderr, status: status, file: directory.appendingPathComponent(name), sourceLocation: sourceLocation)
    }

    /// Compares `text` with the golden file named `name` (a path relative to `directory`): a
    /// golden file of stdout alone, or rewrites it when updating.
    package static func check(_ text: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try check(stdout: text, against: name, sourceLocation: sourceLocation)
    }

    /// Compares an output with the golden files at `url` (and `url.stderr`, `url.status`), or
    /// rewrites them when updating; for golden files kept elsewhere (`Specs/invalid/*.expected`).
    package static func check(
        stdout: String, stderr: String = "", status: Int32 = 0, file url: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let name = url.path.hasPrefix(packageRoot + "/") ? String(url.path.dropFirst(packageRoot.count + 1)) : url.path
        let stderrURL = URL(fileURLWithPath: url.path + ".stderr")
        let statusURL = URL(fileURLWithPath: url.path + ".status")
        if updating {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(stdout.utf8).write(to: url)
            try write(stderr.isEmpty ? nil : stderr, to: stderrURL)
            try write(status == 0 ? nil : "\(status)\n", to: statusURL)
            return
        }
        let expectedStdout = try? String(contentsOf: url, encoding: .utf8)
        #expect(expectedStdout != nil, "missing golden file \(name); run with SPIN_UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
        #expect(stdout == (expectedStdout ?? ""), "stdout differs from \(name)", sourceLocation: sourceLocation)
        let expectedStderr = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
        #expect(stderr == expectedStderr, "stderr differs from \(name).stderr", sourceLocation: sourceLocation)
        let statusText = (try? String(contentsOf: statusURL, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        let expectedStatus = statusText.flatMap { Int32($0) } ?? 0
        #expect(status == expectedStatus, "exit status differs from \(name).status", sourceLocation: sourceLocation)
    }

    private static func write(_ text: String?, to url: URL) throws {
        if let text {
            try Data(text.utf8).write(to: url)
        } else if FileManager.default.fileExists(atPath: url.path) {
            try FileManager.default.removeItem(at: url)
        }
    }
}
