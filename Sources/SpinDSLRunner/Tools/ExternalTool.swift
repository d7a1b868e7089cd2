#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A program the exports and replays run (Graphviz's `dot`, SPIN's `spin`), run as both need it:
/// in a temporary directory of its own that holds its input files, with what it prints (stdout
/// and stderr) kept in a file — a pipe's buffer fills while nobody reads it — and stopped when it
/// takes longer than it may.
package struct ExternalTool {
    /// The program.
    package let executable: URL
    /// The longest a run may take, in seconds.
    package let seconds: Double

    /// What a run that ended left.
    package struct Outcome {
        /// What it printed, stdout and stderr together.
        package let printed: String
        /// The contents of each output file asked for that it wrote.
        package let outputs: [String: Data]
        /// Nil when it exited with status 0; else how it ended and the first line it printed.
        package let failure: String?
    }

    package init(_ executable: URL, seconds: Double) {
        self.executable = executable
        self.seconds = seconds
    }

    /// Runs the program with `arguments` in a new temporary directory named from `prefix` that
    /// holds `inputs` (file name → contents, `what` they are, for the message when they cannot be
    /// written); returns what it printed and the files named in `outputs`, or why it could not
    /// run or did not end in time (a message that ends a sentence "… failed: ").
    package func run(
        _ arguments: [String], inputs: [String: Data], what: String, outputs: [String] = [], prefix: String
    ) -> Result<Outcome, ToolFailure> {
        let files = FileManager.default
        let directory = files.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        do {
            try files.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            return .failure(ToolFailure(why: "the temporary directory \(directory.path) could not be made"))
        }
        defer { try? files.removeItem(at: directory) }
        let printedFile = directory.appendingPathComponent("\(prefix).out")
        let written = inputs.allSatisfy { name, contents in
            files.createFile(atPath: directory.appendingPathComponent(name).path, contents: contents)
        }
        guard written, files.createFile(atPath: printedFile.path, contents: nil),
              let printed = try? FileHandle(forWritingTo: printedFile) else {
            return .failure(ToolFailure(why: "\(what) could not be written into \(directory.path)"))
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = printed
        process.standardError = printed
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            try? printed.close()
            return .failure(ToolFailure(why: "\(executable.path) could not be started"))
        }
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        let timedOut = process.isRunning
        if timedOut { Self.stop(process) }
        process.waitUntilExit()
        try? printed.close()
        if timedOut {
            // Whole seconds as a number that fits (a host may give any timeout).
            let whole = abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
            return .failure(ToolFailure(why: "it did not end within \(whole) seconds"))
        }
        let text = String(decoding: files.contents(atPath: printedFile.path) ?? Data(), as: UTF8.self)
        var kept: [String: Data] = [:]
        for name in outputs {
            kept[name] = files.contents(atPath: directory.appendingPathComponent(name).path)
        }
        var failure: String?
        if process.terminationReason != .exit || process.terminationStatus != 0 {
            let said = text.split(whereSeparator: \.isNewline).first.map { ": '\($0)'" } ?? ""
            let how = process.terminationReason == .exit
                ? "exited with status \(process.terminationStatus)" : "was killed by signal \(process.terminationStatus)"
            failure = "\(executable.path) \(how)\(said)"
        }
        return .success(Outcome(printed: text, outputs: kept, failure: failure))
    }

    /// Ends `process`: SIGTERM, then, if it still runs a second later, SIGKILL. A child inherits
    /// the signal mask of the thread that starts it, and Swift's threads block SIGTERM, so the
    /// program may never see the first.
    private static func stop(_ process: Process) {
        process.terminate()
        let grace = Date().addingTimeInterval(1)
        while process.isRunning, Date() < grace { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { _ = kill(process.processIdentifier, SIGKILL) }
    }
}

/// Why an external program could not run, or did not end in time.
package struct ToolFailure: Error {
    package let why: String
}
