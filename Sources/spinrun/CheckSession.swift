import Foundation
import SpinDSL
import Synchronization

/// `spinrun --check SPEC`: explores the spec, prints what it found (each finding with its
/// shortest counterexample as a readable trace), writes `--counterexample FILE`, and returns the
/// exit status: 0 ok, 6 violated or deadlock, 4 incomplete, 1 a spec that cannot be checked.
struct CheckSession {
    let spec: SpinSpec
    let compiled: CompiledSpec
    let format: TraceFormat
    let colored: Bool
    /// No progress line.
    let quiet: Bool
    let options: CheckOptions
    /// `--max-string-bytes`: the checker's moves limit strings as a run does.
    let maxStringBytes: Int
    let counterexamplePath: String?
    /// `--counterexamples DIR`: every finding's counterexample, a file each.
    var counterexamplesDirectory: String? = nil
    /// `--html OUT`: the page of the first finding's counterexample.
    var html: HTMLViewer?

    /// The exit status of a finding (violated, deadlock).
    static let violatedStatus: Int32 = 6
    /// The exit status of an exploration stopped by a limit.
    static let incompleteStatus: Int32 = 4
    /// The most steps of a counterexample the text output shows (a livelock's has a thousand).
    static let shownSteps = 50

    func run() -> Int32 {
        let checker = SpecChecker(compiled, maxStringBytes: maxStringBytes)
        let renderer = DiagnosticRenderer(sources: spec.source.map { [$0] } ?? [])
        let problems = checker.problems(options)
        if !problems.isEmpty {
            OutputWriter.standardError.write(renderer.render(problems))
            return 1
        }
        // The diagram is drawn before the check: without Graphviz, nothing is explored.
        var drawing: HTMLViewer.Drawing?
        if let html {
            guard let drawn = html.drawOrReport() else { return 1 }
            drawing = drawn
        }
        var options = self.options
        let progress = ProgressLine(enabled: !quiet && OutputWriter.standardError.isTerminal)
        if progress.enabled {
            options.progress = { progress.show($0) }
        }
        let result = checker.check(options)
        progress.clear()

        let out = OutputWriter.standardOutput
        defer { out.flush() }
        if !result.coverage.isEmpty {
            OutputWriter.standardError.write(renderer.render(result.coverage))
        }
        if let failed = writeFiles(result, checker: checker, drawing: drawing) { return failed }
        switch format {
        case .jsonl:
            out.line(result.json)
        case .text:
            for violation in result.violations {
                printFinding(violation, checker: checker, out: out)
            }
            out.line(summaryLine(result))
        }
        return exitStatus(result)
    }

    /// Writes `--counterexample`, the page (`--html`) and `--counterexamples`; the usage status
    /// when one cannot be written (after saying so), nil when all are.
    private func writeFiles(_ result: CheckResult, checker: SpecChecker, drawing: HTMLViewer.Drawing?) -> Int32? {
        let model = compiled.model
        let first = result.violations.first
        let bytes = first.map { CounterexampleFile.bytes(checker.counterexample($0), model: model) }
        if let counterexamplePath, let bytes {
            if let error = CounterexampleFile.write(bytes, to: counterexamplePath) {
                OutputWriter.standardError.line("Error: \(error)")
                // A path that cannot be written is bad usage, as for the run's own files.
                return RunSession.usageStatus
            }
        }
        if let html, let drawing {
            // No finding: a page of the start alone, with the check's summary line as its status.
            if let error = html.write(drawing, trace: bytes ?? [], finding: first?.description, status: first == nil ? summaryLine(result) : nil) {
                OutputWriter.standardError.line("Error: \(error)")
                return RunSession.usageStatus
            }
        }
        if let counterexamplesDirectory,
           let error = CounterexampleFile.writeAll(result.violations, to: counterexamplesDirectory, trace: checker.counterexample, model: model) {
            OutputWriter.standardError.line("Error: \(error)")
            return RunSession.usageStatus
        }
        return nil
    }

    /// A finding in the text output: what it is, then its counterexample's first `shownSteps`
    /// steps as a trace.
    private func printFinding(_ violation: CheckViolation, checker: SpecChecker, out: OutputWriter) {
        let model = compiled.model
        out.line(violation.description)
        let trace = checker.counterexample(violation)
        // The time column is as wide as the latest time shown, so that the lines line up.
        let latest = trace.steps.prefix(Self.shownSteps).map(\.time).max()
        let formatter = TraceFormatter(format: .text, colored: colored, model: model, maxTimeMilliseconds: latest)
        out.line("  counterexample: \(CountedNoun.text(violation.depth, "move")) after the start, \(CountedNoun.text(trace.steps.count, "step"))")
        for (index, step) in trace.steps.prefix(Self.shownSteps).enumerated() {
            if index &+ 1 == trace.header.cycleStep { out.line("  cycle, repeated for ever:") }
            out.line("  " + formatter.step(TraceRecord(step, in: model)))
        }
        if let cycleStep = trace.header.cycleStep, cycleStep > trace.steps.count {
            out.line("  cycle: no more steps, for ever")
        }
        if trace.steps.count > Self.shownSteps {
            out.line("  … \(CountedNoun.text(trace.steps.count - Self.shownSteps, "more step")) (--counterexample writes them all)")
        }
    }

    /// The exit status of the check's outcome, with the limit that stopped an incomplete one on
    /// stderr.
    private func exitStatus(_ result: CheckResult) -> Int32 {
        switch result.status {
        case .ok: return 0
        case .violated, .deadlock: return Self.violatedStatus
        case .incomplete:
            if let limit = result.limit {
                OutputWriter.standardError.line(limitMessage(limit, states: result.states))
            }
            return Self.incompleteStatus
        }
    }

    /// A size as `--max-memory` takes it: `512M`, `3G`, `1536K`, or bytes.
    static func sizeText(_ bytes: Int) -> String {
        for (unit, shift) in [("G", 30), ("M", 20), ("K", 10)] where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift)\(unit)"
        }
        return "\(bytes) bytes"
    }

    /// `ok: 867 states, 1714 transitions, depth 100, 0.05s` (and the dead ends, if any).
    private func summaryLine(_ result: CheckResult) -> String {
        var line = "\(result.status.rawValue): \(CountedNoun.text(result.states, "state")), \(CountedNoun.text(result.transitions, "transition")), depth \(result.depth)"
        if result.deadEnds > 0 { line += ", \(CountedNoun.text(result.deadEnds, "dead end"))" }
        if let bitstate = result.bitstate {
            line += ", " + bitstate.text
            if compiled.model.spins.contains(where: { !$0.properties.isEmpty }) { line += ", properties not checked (a bitstate search keeps no graph)" }
        }
        if let compaction = result.compaction {
            line += ", " + compaction.text
            if compiled.model.spins.contains(where: { !$0.properties.isEmpty }) { line += ", properties not checked (a compacted search keeps no graph)" }
        }
        return line + String(format: ", %.2fs", result.seconds)
    }

    /// The stderr line of an exploration stopped by `limit`.
    private func limitMessage(_ limit: CheckLimit, states: Int) -> String {
        let group: DiagnosticGroup
        let values: KeyValuePairs<String, any CustomStringConvertible>
        switch limit {
        case .maxStates:
            (group, values) = (.stateLimit, ["limit": CountedNoun.text(options.maxStates, "state")])
        case .maxDepth:
            (group, values) = (.depthLimit, ["limit": CountedNoun.text(options.maxDepth ?? 0, "move")])
        case .maxMoveRuns:
            (group, values) = (.moveRunLimit, ["limit": CountedNoun.text(options.maxMoveRuns, "run")])
        case .maxMemory:
            let limit = options.maxMemoryBytes.map(Self.sizeText) ?? "the limit"
            (group, values) = (.memoryLimit, ["limit": limit, "states": CountedNoun.text(states, "state")])
        case .memory:
            (group, values) = (.checkOutOfMemory, ["states": CountedNoun.text(states, "state")])
        case .maxPayloads:
            // `SpecChecker.problems` names the input first: the check does not start.
            (group, values) = (.tooManyPayloads, ["event": "an input", "count": "more", "limit": options.maxPayloads])
        }
        return "spinrun: \(group.message(values)) \(group.tag)"
    }
}

/// The progress line of a check on a terminal: at most once a second, on stderr, rewritten in
/// place, cleared at the end.
final class ProgressLine: Sendable {
    let enabled: Bool
    private let last = Mutex<Double>(-1)

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func show(_ progress: CheckProgress) {
        guard enabled else { return }
        let due = last.withLock { last in
            guard progress.seconds - last >= 1 else { return false }
            last = progress.seconds
            return true
        }
        guard due else { return }
        let rate = progress.seconds > 0 ? Double(progress.states) / progress.seconds : 0
        let text = String(
            format: "\r\u{1B}[K  %d states, %d in the frontier, depth %d, %.0f states/s, %.1f MiB",
            progress.states, progress.frontier, progress.depth, rate, Double(progress.memoryBytes) / 1_048_576)
        OutputWriter.standardError.write(text)
    }

    func clear() {
        guard enabled, last.withLock({ $0 >= 0 }) else { return }
        OutputWriter.standardError.write("\r\u{1B}[K")
    }
}
