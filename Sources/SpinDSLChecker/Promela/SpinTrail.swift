import Foundation
import SpinDSLFrontEnd
import SpinDSLRunner

/// A file that may be a SPIN trail of a spec's model, followed with SPIN into the spec's
/// counterexample (`spinrun --replay TRAIL SPEC`): the spec's Promela model is written again into
/// a temporary directory, SPIN follows the trail on it (`spin -t -k TRAIL -B model.pml`, each
/// move's `d_step` printing which move it is), and the moves run on the machine are the
/// counterexample `--check --counterexample` writes (`PromelaTrail`), which `--replay` then runs
/// again as it runs a recorded trace (docs/checking.md, "Reading a SPIN trail").
///
/// Nothing is printed: what went wrong is the `Failure`, for the caller to report.
public struct SpinTrail {
    /// Why a trail could not be read into a counterexample.
    public enum Failure: Error {
        /// The spec has no Promela model to follow the trail on: the export's problems, located
        /// (those `--promela` reports).
        case notExportable([Diagnostic])
        /// Bad usage: the file is not a trail of the spec's model (`[#NotASpinTrail]`,
        /// `[#TrailNotOfSpec]`), or the counterexample's file cannot be written.
        case usage(UsageError)
        /// SPIN could not follow the trail: it is not on the `PATH` (`[#SpinNotFound]`), cannot be
        /// started, fails, or takes longer than `timeoutSeconds` (`[#SpinFailed]`).
        case spin(UsageError)
    }

    /// What the file holds.
    public enum Reading {
        /// Not a SPIN trail: a JSON Lines trace, or a file that cannot be read (which the replay
        /// of a trace reports).
        case notATrail
        /// A trail, converted: the counterexample's JSON Lines, as `Replay.read` reads a trace.
        case trail(Replay.RecordedLines)
    }

    /// The longest SPIN may take to follow a trail by default, in seconds.
    public static let defaultTimeoutSeconds: Double = 300

    /// The file, as given (relative to the current directory, or absolute).
    public let path: String
    /// The spec whose model the trail is one of.
    public let compiled: CompiledSpec
    /// The `spin` executable; nil when there is none (`ExecutableLookup.executable("spin")`).
    public let spin: URL?
    /// The longest SPIN may take to follow the trail, in seconds: it is never waited on for ever.
    public var timeoutSeconds: Double = SpinTrail.defaultTimeoutSeconds

    /// The file at `path`, to be read as a trail of `compiled`'s model followed by `spin`.
    public init(path: String, compiled: CompiledSpec, spin: URL?) {
        self.path = path
        self.compiled = compiled
        self.spin = spin
    }

    /// Whether the file is a SPIN trail (by its name `….trail`, or by its content) and, if it
    /// is, its counterexample, written to `counterexamplePath` too when given. SPIN is looked for
    /// only once the file reads as a trail and the spec as a model.
    public func read(writingTo counterexamplePath: String? = nil) -> Result<Reading, Failure> {
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
        case .failure(let problems): return .failure(.notExportable(problems))
        }
        guard let spin else { return .failure(.spin(UsageError("--replay", .spinNotFound))) }
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
            return .failure(.usage(error))
        }
        var recorded = Replay.RecordedLines()
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        recorded.lines = lines.map(String.init)
        recorded.numbers = lines.indices.map { $0 &+ 1 }
        return .success(.trail(recorded))
    }

    /// The usage error of a trail that cannot be read in the spec's terms.
    private func failure(_ problem: PromelaTrail.Problem) -> Failure {
        switch problem {
        case .notATrail(let line):
            return .usage(UsageError("--replay", .notASpinTrail, ["path": path, "line": line]))
        case .notOfSpec(let why):
            return .usage(UsageError("--replay", .trailNotOfSpec, ["path": path, "why": why]))
        }
    }

    /// What `spin -t -k TRAIL -B model.pml` printed (stdout and stderr), run in a temporary
    /// directory that holds the model, for at most `timeoutSeconds`.
    private func follow(spin: URL, model: String) -> Result<String, Failure> {
        func failed(_ why: String) -> Result<String, Failure> {
            .failure(.spin(UsageError("--replay", .spinFailed, ["path": path, "why": why])))
        }
        // SPIN runs in the temporary directory: the trail is named from where the caller runs.
        let files = FileManager.default
        let trail = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: files.currentDirectoryPath)).standardizedFileURL.path
        // -B: no final state details (the variables); printfs are kept (not -b).
        let tool = ExternalTool(spin, seconds: timeoutSeconds)
        switch tool.run(["-t", "-k", trail, "-B", "model.pml"], inputs: ["model.pml": Data(model.utf8)], what: "the model", prefix: "spinrun-trail") {
        case .failure(let failure):
            return failed(failure.why)
        case .success(let outcome):
            if let failure = outcome.failure { return failed(failure) }
            return .success(outcome.printed)
        }
    }
}
