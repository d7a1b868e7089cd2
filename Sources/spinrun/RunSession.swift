import Dispatch
import Foundation
import SpinDSL

/// One run of a valid spec: checks the run's options against the spec, sends the input events,
/// streams the trace, prints the summary and returns the exit status.
struct RunSession {
    /// The spec, compiled once when it was loaded.
    let compiled: CompiledSpec
    let format: TraceFormat
    let colored: Bool
    let quiet: Bool
    /// `--seed`, when given: it wins over the seed a replayed trace records.
    let seed: UInt64?
    let limits: RunLimits
    /// `--max-time` as given, for the message when it is reached.
    let maxTimeText: String
    let realtime: Bool
    let spin: String?
    let until: String?
    /// `--max-events-bytes`: the largest `--events` file read.
    let maxEventsBytes: Int
    /// `--max-string-bytes`: the longest string an expression may make.
    let maxStringBytes: Int
    /// `--html OUT`: the page of the run (of the replayed trace with `--replay`).
    var html: HTMLViewer?

    /// The exit status of bad command-line usage (swift-argument-parser's, EX_USAGE).
    static let usageStatus: Int32 = 64

    var model: SpecModel { compiled.model }

    /// The end of a run before or instead of its summary, with its exit status; what it had to
    /// say is written already.
    private struct Exit: Error {
        let status: Int32
    }

    /// An input event to schedule, into its spin (nil: the only one, or `--spin`'s).
    private typealias ScheduledEvent = (input: InputEvent, spin: String?, event: HostEvent)

    /// Runs; returns the exit status (see `RunSummary.exitStatus(for:)`). `replay`: the recorded
    /// trace's path, `replayLines` its lines when they are read already (a SPIN trail's
    /// counterexample).
    func run(
        eventOptions: [String], eventsFile: String?, interactive: Bool, replay: String? = nil,
        replayLines: Replay.RecordedLines? = nil
    ) async -> Int32 {
        do throws(Exit) {
            let (recorded, recording) = try readRecording(replay, lines: replayLines)
            // A recorded trace's header says how it ran: its seed, inputs, choices and limits.
            let header = recording.header
            let seed = self.seed ?? header?.seed ?? 1
            let limits = self.limits.recorded(in: header)
            let condition = try untilCondition()
            let inputs = try checked(EventParsing.inputs(options: eventOptions, eventsFile: eventsFile, maxBytes: maxEventsBytes, keep: self.limits.maxSteps))
            let events = try scheduledEvents(inputs, recording: recording, replay: replay)
            // The diagram is drawn before the run: without Graphviz, nothing runs.
            var drawing: HTMLViewer.Drawing?
            if let html {
                guard let drawn = html.drawOrReport() else { throw Exit(status: 1) }
                drawing = drawn
            }
            let inputMode: TraceHeader.Inputs = header?.inputs ?? (interactive ? .interactive : (inputs.isEmpty ? .script : .events))

            let formatter = TraceFormatter(format: format, colored: colored, model: model, maxTimeMilliseconds: limits.maxTimeMilliseconds)
            let out = OutputWriter.standardOutput
            // A run on virtual time into a file or a pipe is written in chunks; someone watching (a
            // terminal, --interactive, --realtime) sees each line as it happens.
            if !interactive && !realtime && !out.isTerminal {
                out.bufferChunks()
            }
            defer { out.flush() }
            let quiet = self.quiet || recorded != nil
            let collected = recorded == nil ? nil : Replay.Collector()
            // The spec's script stands in for a user; events given on the command line replace it.
            var options = SpecRunOptions(seed: seed, runsScript: inputMode == .script, maxStringBytes: maxStringBytes)
            options.choices = header?.choices ?? []
            let runHeader = TraceHeader.ofRun(recorded: header, seed: seed, inputs: inputMode, limits: limits)
            if !quiet && format == .jsonl && recorded == nil {
                out.line(runHeader.json)
            }
            if !quiet && format == .text && recorded == nil {
                options.render = { spin, line in
                    if let text = formatter.render(spin: spin, line: line) { out.line(text) }
                }
            }
            let (observer, pageTrace) = stepObserver(
                collected: collected, quiet: quiet, formatter: formatter, out: out, drawsPage: drawing != nil)
            let specRun = SpecRun(
                compiled, options: options, limits: limits, realtime: realtime, until: condition,
                holdOpen: interactive, observer: observer)
            try schedule(events, on: specRun)

            let interruption = InterruptHandler(interrupt: { specRun.interrupt() }, terminate: { specRun.terminate() })
            if interactive {
                InteractiveReader(input: InteractiveInput(model: model, spin: spin, maxLineBytes: maxEventsBytes, realtime: realtime))
                    .start(into: specRun)
            }
            let summary = await specRun.run()
            interruption.cancel()

            if let recorded, let collected {
                return compareWithRecording(
                    recorded, collected: collected, header: header, runHeader: runHeader, summary: summary,
                    drawing: drawing, out: out)
            }
            return report(summary, formatter: formatter, out: out, runHeader: runHeader, drawing: drawing, pageTrace: pageTrace)
        } catch {
            return error.status
        }
    }

    /// With `--replay`, the recorded trace's lines and what they record; nothing without it.
    private func readRecording(
        _ replay: String?, lines replayLines: Replay.RecordedLines?
    ) throws(Exit) -> (lines: [String]?, recording: Replay.Recording) {
        guard let replay else { return (nil, Replay.Recording()) }
        let read: Replay.RecordedLines
        if let replayLines {
            read = replayLines
        } else {
            read = try checked(Replay.read(replay))
        }
        return (read.lines, try checked(Replay.recording(read, path: replay)))
    }

    /// `--until` compiled against the spec (nil without it), once `--spin` is known to name a spin.
    private func untilCondition() throws(Exit) -> UntilCondition? {
        if let spin, model.spin(named: spin) == nil {
            throw usageExit(UsageError("--spin", model.unknownSpin(spin)))
        }
        guard let until else { return nil }
        let (compiled, diagnostics) = UntilCondition.compile(until, spin: spin, in: model)
        guard let compiled else {
            let source = SourceFile(path: "--until", text: until)
            OutputWriter.standardError.write(DiagnosticRenderer(sources: [source]).render(diagnostics))
            throw Exit(status: Self.usageStatus)
        }
        return compiled
    }

    /// The events of `inputs`, into `--spin`'s spin, then a recorded trace's input steps.
    private func scheduledEvents(
        _ inputs: [InputEvent], recording: Replay.Recording, replay: String?
    ) throws(Exit) -> [ScheduledEvent] {
        var events: [ScheduledEvent] = []
        for input in inputs {
            let event = try checked(EventParsing.hostEvent(input, spin: spin, in: model))
            events.append((input, spin, event))
        }
        // The input steps of a trace recorded with events (or typed), each into its spin.
        for (spin, input) in recording.inputEvents(path: replay) {
            events.append((input, spin, try checked(EventParsing.hostEvent(input, spin: spin, in: model))))
        }
        return events
    }

    /// What sees each step: the replay's collector, the trace on stdout, and (with `drawsPage`,
    /// unless replaying) the page's records, which it returns too.
    private func stepObserver(
        collected: Replay.Collector?, quiet: Bool, formatter: TraceFormatter, out: OutputWriter, drawsPage: Bool
    ) -> (observer: StepObserver?, pageTrace: TraceBytes?) {
        let model = self.model
        let observe: (@Sendable (TraceStep) -> Void)?
        if let collected {
            let encoder = TraceEncoder(model)
            observe = { step in collected.append(encoder.line(step)) }
        } else if quiet {
            observe = nil
        } else if format == .jsonl {
            // The JSON Lines trace goes straight into the output buffer, no string per line.
            let encoder = TraceEncoder(model)
            observe = { step in out.append { encoder.appendLine(step, to: &$0) } }
        } else {
            observe = { step in out.line(formatter.step(step)) }
        }
        // The page's records are the JSON Lines trace's, encoded by the same encoder.
        let pageTrace = !drawsPage || collected != nil ? nil : TraceBytes()
        let observer: StepObserver?
        if let pageTrace {
            let encoder = TraceEncoder(model)
            observer = StepObserver { step in
                observe?(step)
                pageTrace.append(step, encoder: encoder)
            }
        } else {
            observer = observe.map { StepObserver($0) }
        }
        return (observer, pageTrace)
    }

    /// Schedules the input events on the run's clock, at their times (0 for --event).
    private func schedule(_ events: [ScheduledEvent], on specRun: SpecRun) throws(Exit) {
        for (input, spin, event) in events {
            if let problem = specRun.schedule(spin: spin, event: event, atMilliseconds: input.atMilliseconds, origin: input.origin) {
                throw usageExit(UsageError(input.origin, problem))
            }
        }
    }

    /// `--replay`'s verdict: the run's steps and summary against the recorded trace's (the page
    /// written first, with `--html`).
    private func compareWithRecording(
        _ recorded: [String], collected: Replay.Collector, header: TraceHeader?, runHeader: TraceHeader,
        summary: RunSummary, drawing: HTMLViewer.Drawing?, out: OutputWriter
    ) -> Int32 {
        let verdict = ReplayVerdict(recorded: recorded, header: header, steps: collected.lines, summary: summary)
        if let html, let drawing {
            let lines = [runHeader.json] + collected.lines + [summary.json]
            if let error = html.write(drawing, trace: Array((lines.joined(separator: "\n") + "\n").utf8)) {
                out.flush()
                OutputWriter.standardError.line("Error: \(error)")
                return Self.usageStatus
            }
        }
        out.line(verdict.line)
        return verdict.exitStatus
    }

    /// The summary on stdout, then the page (`--html`) and what goes to stderr; the exit status.
    private func report(
        _ summary: RunSummary, formatter: TraceFormatter, out: OutputWriter, runHeader: TraceHeader,
        drawing: HTMLViewer.Drawing?, pageTrace: TraceBytes?
    ) -> Int32 {
        for line in formatter.summary(summary) { out.line(line) }
        // The trace and summary come before whatever goes to stderr, as they happened.
        out.flush()
        if let html, let drawing, let pageTrace {
            let trace = Array((runHeader.json + "\n").utf8) + pageTrace.bytes + Array((summary.json + "\n").utf8)
            if let error = html.write(drawing, trace: trace) {
                OutputWriter.standardError.line("Error: \(error)")
                return Self.usageStatus
            }
        }
        for line in summary.reportLines(limits: limits, maxTimeText: maxTimeText) {
            OutputWriter.standardError.line(line)
        }
        return summary.exitStatus
    }

    /// The value of `result`, or the end of the run with its usage error written.
    private func checked<Value>(_ result: Result<Value, UsageError>) throws(Exit) -> Value {
        switch result {
        case .success(let value): return value
        case .failure(let error): throw usageExit(error)
        }
    }

    /// Writes a usage error; the run ends with the usage status.
    private func usageExit(_ error: UsageError) -> Exit {
        OutputWriter.standardError.line("Error: \(error)")
        return Exit(status: Self.usageStatus)
    }
}
