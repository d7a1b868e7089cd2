import Foundation
import Testing

/// Golden files of the end-to-end tests, in `Tests/SpinrunTests/Golden/`.
///
/// One output is stored as `<name>` (stdout), `<name>.stderr` and `<name>.status`. A missing
/// `.stderr` means an empty stderr and a missing `.status` means exit status 0, so the common case
/// is one file; the comparison is still exact for all three.
///
/// `SPIN_UPDATE_GOLDEN=1 swift test --scratch-path .build-cli --filter SpinrunTests` rewrites
/// the files from the current outputs (removing `.stderr`/`.status` files that became empty or 0);
/// review the diff by hand before committing.
enum GoldenFiles {
    static let directory = SpinrunProcess.packageRoot.appendingPathComponent("Tests/SpinrunTests/Golden")

    static var updating: Bool { ProcessInfo.processInfo.environment["SPIN_UPDATE_GOLDEN"] == "1" }

    /// The names of `Specs/*.yaml` (without extension), sorted.
    static func specNames(in folder: String) -> [String] {
        let url = SpinrunProcess.packageRoot.appendingPathComponent(folder)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(".yaml".count)) }.sorted()
    }

    /// Compares `output` with the golden files named `name` (a path relative to `Golden/`), or
    /// rewrites them when updating.
    static func check(_ output: SpinrunProcess.Output, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let stdoutURL = directory.appendingPathComponent(name)
        let stderrURL = directory.appendingPathComponent(name + ".stderr")
        let statusURL = directory.appendingPathComponent(name + ".status")
        if updating {
            try FileManager.default.createDirectory(at: stdoutURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(output.stdout.utf8).write(to: stdoutURL)
            try write(output.stderr.isEmpty ? nil : output.stderr, to: stderrURL)
            try write(output.status == 0 ? nil : "\(output.status)\n", to: statusURL)
            return
        }
        let expectedStdout = try? String(contentsOf: stdoutURL, encoding: .utf8)
        #expect(expectedStdout != nil, "missing golden file \(name); run with SPIN_UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
        #expect(output.stdout == (expectedStdout ?? ""), "stdout differs from Golden/\(name)", sourceLocation: sourceLocation)
        let expectedStderr = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
        #expect(output.stderr == expectedStderr, "stderr differs from Golden/\(name).stderr", sourceLocation: sourceLocation)
        let statusText = (try? String(contentsOf: statusURL, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        let expectedStatus = statusText.flatMap { Int32($0) } ?? 0
        #expect(output.status == expectedStatus, "exit status differs from Golden/\(name).status", sourceLocation: sourceLocation)
    }

    private static func write(_ text: String?, to url: URL) throws {
        if let text {
            try Data(text.utf8).write(to: url)
        } else if FileManager.default.fileExists(atPath: url.path) {
            try FileManager.default.removeItem(at: url)
        }
    }
}
