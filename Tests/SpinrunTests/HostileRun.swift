import Foundation
import Testing

/// What the hostile-input suites share: runs of the built `spinrun` bounded in time, and
/// temporary files for inputs too large (or too strange) to be fixtures.
enum HostileRun {
    /// Small hostile specs, checked in.
    static let fixtures = "Tests/SpinrunTests/Fixtures/hostile"

    /// Runs spinrun and checks that it ended within `seconds` of wall-clock time (generous: the
    /// bound catches hangs, it is no speed target).
    static func run(
        _ arguments: [String], within seconds: Double = 30, stdin: String = "",
        interruptAfter: Double? = nil, terminateAfter: Double? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SpinrunProcess.Output {
        let start = Date()
        let output = try SpinrunProcess.run(arguments, stdin: stdin, interruptAfter: interruptAfter, terminateAfter: terminateAfter)
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed < seconds, "spinrun took \(elapsed)s, more than the bound of \(seconds)s", sourceLocation: sourceLocation)
        return output
    }

    /// Runs `script` with `/bin/sh -c`, `$SPINRUN` naming the built spinrun, in the package root:
    /// for what `Process` cannot pass (arguments that are not UTF-8, a real pipe on stdin).
    static func shell(_ script: String, within seconds: Double = 30, sourceLocation: SourceLocation = #_sourceLocation) throws -> SpinrunProcess.Output {
        guard let executable = SpinrunProcess.executable else { throw SpinrunProcess.MissingBinary() }
        let start = Date()
        let output = try SpinrunProcess.run(
            ["-c", script], environment: ["SPINRUN": executable.path], executable: URL(fileURLWithPath: "/bin/sh"))
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed < seconds, "the script took \(elapsed)s, more than the bound of \(seconds)s", sourceLocation: sourceLocation)
        return output
    }

    /// Writes `bytes` to a new file in a new temporary directory; returns its path.
    static func temporary(_ name: String, _ bytes: [UInt8]) throws -> String {
        let directory = try temporaryDirectory()
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Writes `text` to a new file in a new temporary directory; returns its path.
    static func temporary(_ name: String, _ text: String) throws -> String {
        try temporary(name, Array(text.utf8))
    }

    /// A new empty temporary directory.
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spinrun-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Removes the temporary directory holding `path`.
    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }
}
