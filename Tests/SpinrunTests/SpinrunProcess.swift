import Foundation
import SpinTestSupport

/// Runs the built `spinrun` executable, never the library, with the package root as the working
/// directory so that paths in its output read `Specs/...`.
///
/// Finding the binary: SwiftPM puts every product of a build in one directory
/// (`.build-cli/debug/`), the test bundle (`SpinDSLPackageTests.xctest`) included, and builds
/// `spinrun` before the tests because the test target depends on it. So `spinrun` is looked for
/// next to the running test executable (`CommandLine.arguments[0]`) and, for layouts where the
/// test executable sits one level deeper (a macOS `.xctest` bundle's `Contents/MacOS`), in the
/// parent directories up to three levels up.
enum SpinrunProcess {
    /// The output of one run.
    struct Output: Sendable {
        let stdout: String
        let stderr: String
        let status: Int32
    }

    /// The package root (found by SpinTestSupport from its own path).
    static let packageRoot: URL = packageRootURL

    /// The `spinrun` executable, or nil when it cannot be found.
    static let executable: URL? = {
        let testExecutable = URL(fileURLWithPath: CommandLine.arguments.first ?? "", relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
        var directory = testExecutable.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("spinrun")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }()

    /// Runs `spinrun arguments` and waits for it to end.
    ///
    /// - Parameters:
    ///   - environment: variables set on top of the test's environment (`NO_COLOR` is removed first,
    ///     so that it is only set when a test says so).
    ///   - stdin: text fed to the standard input (empty input by default).
    ///   - stdinIsPipe: feed `stdin` through a pipe instead of a file (a pipe has no size, which
    ///     some ways of reading a file depend on).
    ///   - interruptAfter: send SIGINT after this many seconds.
    ///   - terminateAfter: send SIGTERM after this many seconds.
    ///   - executable: the program to run instead of spinrun (`/bin/sh`).
    static func run(
        _ arguments: [String], environment: [String: String] = [:], stdin: String = "", stdinIsPipe: Bool = false,
        interruptAfter: Double? = nil, terminateAfter: Double? = nil, executable program: URL? = nil
    ) throws -> Output {
        guard let executable = program ?? Self.executable else { throw MissingBinary() }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("spinrun-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        let inURL = scratch.appendingPathComponent("stdin")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: inURL.path, contents: Data(stdin.utf8))

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        let inHandle = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = outHandle
        process.standardError = errHandle
        let pipe = stdinIsPipe ? Pipe() : nil
        process.standardInput = pipe ?? inHandle
        try process.run()
        if let pipe {
            try pipe.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
            try pipe.fileHandleForWriting.close()
        }
        if let interruptAfter {
            Self.waitForHandler(of: SIGINT, in: process.processIdentifier)
            Thread.sleep(forTimeInterval: interruptAfter)
            process.interrupt()
        }
        if let terminateAfter {
            Self.waitForHandler(of: SIGTERM, in: process.processIdentifier)
            Thread.sleep(forTimeInterval: terminateAfter)
            process.terminate()
        }
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        try inHandle.close()
        return Output(
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
            status: process.terminationStatus)
    }

    /// Waits until process `pid` handles `signal` (spinrun ignores it and reads it from a dispatch
    /// source: its `SigIgn` or `SigCgt` mask in /proc has the bit), for at most 20 seconds: a
    /// signal meant for a run must not arrive before spinrun has installed its handler, which a
    /// loaded machine can delay past any fixed wait.
    private static func waitForHandler(of signal: Int32, in pid: Int32) {
        let deadline = Date().addingTimeInterval(20)
        let bit = UInt64(1) << UInt64(signal - 1)
        func mask(_ name: String, in status: String) -> UInt64 {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return 0 }
            return UInt64(line.dropFirst(name.count).trimmingCharacters(in: .whitespaces), radix: 16) ?? 0
        }
        while Date() < deadline {
            if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
               (mask("SigIgn:", in: status) | mask("SigCgt:", in: status)) & bit != 0 {
                return
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    struct MissingBinary: Error, CustomStringConvertible {
        var description: String {
            "no 'spinrun' executable next to the test executable \(CommandLine.arguments.first ?? "?") or in its parents; build it first"
        }
    }
}
