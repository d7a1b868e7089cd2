import SpinDSL

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
                for line in checker.counterexample(violation).findingLines(violation, model: compiled.model, colored: colored) {
                    out.line(line)
                }
            }
            out.line(result.summaryLine(model: compiled.model))
        }
        // The limit that stopped an incomplete check, on stderr.
        if let message = result.limitMessage(options: options) {
            OutputWriter.standardError.line(message)
        }
        return result.exitStatus
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
            if let error = html.write(drawing, trace: bytes ?? [], finding: first?.description, status: first == nil ? result.summaryLine(model: model) : nil) {
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
}
