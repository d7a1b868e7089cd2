import Foundation
import SpinDSL

/// `spinrun --replay TRAIL SPEC` with a SPIN trail: the spec's Promela model is written again into
/// a temporary directory, SPIN follows the trail on it (`spin -t -k TRAIL -B model.pml`, each
/// move's `d_step` printing which move it is), and the moves run on the machine are the
/// counterexample `--check --counterexample` writes (`PromelaTrail`), which `--replay` then runs
/// again as it runs a recorded trace (docs/checking.md, "Reading a SPIN trail").
struct SpinTrail {
    /// The longest SPIN may take to follow a trail, in seconds: spinrun never waits on it for ever.
    static let spinSeconds: Double = 300

    /// A problem with the trail or with SPIN, and the exit status it ends spinrun with.
    struct Failure: Error {
        /// The usage error to print (`Error: …`), or nil when the lines are printed already
        /// (a spec the export refuses: its diagnostics).
        let error: UsageError?
        let status: Int32
    }

    /// What `--replay FILE` holds.
    enum Reading {
        /// Not a SPIN trail: a JSON Lines trace, or a file that cannot be read (which the replay
        /// of a trace reports).
        case notATrail
        /// A trail, converted: the counterexample's JSON Lines.
        case trail(Replay.RecordedLines)
    }

    let path: String
    let spec: SpinSpec
    let compiled: CompiledSpec

    /// Whether `path` is a SPIN trail (by its name `….trail`, or by its content) and, if it is,
    /// its counterexample, written to `counterexamplePath` too when given.
    func read(writingTo counterexamplePath: String?) -> Result<Reading, Failure> {
        // A file that cannot be read is reported as the replay of a trace reports it.
        guard let data = FileManager.default.contents(atPath: path) else { return .success(.notATrail) }
        let text = String(decoding: data, as: UTF8.self)
        guard path.hasSuffix(".trail") || PromelaTrail.isTrail(text) else { return .success(.notATrail) }
        let steps: Int
        switch PromelaTrail.steps(text) {
        case .success(let count): steps = count
        case .failure(let problem): return .failure(failure(problem))
        }
        let model: String
        switch PromelaExporter.promela(compiled) {
        case .success(let text): model = text
        case .failure(let problems):
            // The spec has no model to follow a trail on: why, at its places, as --promela says.
            OutputWriter.standardError.write(DiagnosticRenderer(sources: spec.source.map { [$0] } ?? []).render(problems))
            return .failure(Failure(error: nil, status: 1))
        }
        guard let spin = ExecutableLookup.executable("spin") else {
            return .failure(Failure(error: UsageError("--replay", .spinNotFound), status: 1))
        }
        let simulation: String
        switch follow(spin: spin, model: model) {
        case .success(let output): simulation = output
        case .failure(let failure): return .failure(failure)
        }
        let trace: CounterexampleTrace
        switch PromelaTrail.counterexample(compiled, simulation: simulation, steps: steps) {
        case .success(let found): trace = found
        case .failure(let problem): return .failure(failure(problem))
        }
        let bytes = CounterexampleFile.bytes(trace, model: compiled.model)
        if let counterexamplePath, let error = CounterexampleFile.write(bytes, to: counterexamplePath) {
            return .failure(Failure(error: error, status: RunSession.usageStatus))
        }
        var recorded = Replay.RecordedLines()
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        recorded.lines = lines.map(String.init)
        recorded.numbers = lines.indices.map { $0 &+ 1 }
        return .success(.trail(recorded))
    }

    private func failure(_ problem: PromelaTrail.Problem) -> Failure {
        switch problem {
        case .notATrail(let line):
            return Failure(error: UsageError("--replay", .notASpinTrail, ["path": path, "line": line]), status: RunSession.usageStatus)
        case .notOfSpec(let why):
            return Failure(error: UsageError("--replay", .trailNotOfSpec, ["path": path, "why": why]), status: RunSession.usageStatus)
        }
    }

    /// What `spin -t -k TRAIL -B model.pml` printed (stdout and stderr), run in a temporary
    /// directory that holds the model, for at most `spinSeconds`.
    private func follow(spin: URL, model: String) -> Result<String, Failure> {
        func failed(_ why: String) -> Result<String, Failure> {
            .failure(Failure(error: UsageError("--replay", .spinFailed, ["path": path, "why": why]), status: 1))
        }
        let files = FileManager.default
        let directory = files.temporaryDirectory.appendingPathComponent("spinrun-trail-\(UUID().uuidString)")
        do {
            try files.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            return failed("the temporary directory \(directory.path) could not be made")
        }
        defer { try? files.removeItem(at: directory) }
        let modelFile = directory.appendingPathComponent("model.pml")
        let outputFile = directory.appendingPathComponent("spin.out")
        guard files.createFile(atPath: modelFile.path, contents: Data(model.utf8)),
              files.createFile(atPath: outputFile.path, contents: nil),
              let output = try? FileHandle(forWritingTo: outputFile) else {
            return failed("the model could not be written into \(directory.path)")
        }
        // SPIN runs in the temporary directory: the trail is named from where spinrun runs.
        let trail = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: files.currentDirectoryPath)).standardizedFileURL.path
        let process = Process()
        process.executableURL = spin
        // -B: no final state details (the variables); printfs are kept (not -b).
        process.arguments = ["-t", "-k", trail, "-B", "model.pml"]
        process.currentDirectoryURL = directory
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            try? output.close()
            return failed("\(spin.path) could not be started")
        }
        let deadline = Date().addingTimeInterval(Self.spinSeconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let timedOut = process.isRunning
        if timedOut { process.terminate() }
        process.waitUntilExit()
        try? output.close()
        let text = String(decoding: files.contents(atPath: outputFile.path) ?? Data(), as: UTF8.self)
        if timedOut { return failed("it did not end within \(Int(Self.spinSeconds)) seconds") }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let said = text.split(whereSeparator: \.isNewline).first.map { ": '\($0)'" } ?? ""
            let how = process.terminationReason == .exit ? "exited with status \(process.terminationStatus)" : "was killed by signal \(process.terminationStatus)"
            return failed("\(spin.path) \(how)\(said)")
        }
        return .success(text)
    }
}
