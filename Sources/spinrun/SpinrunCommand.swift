import ArgumentParser
import SpinDSL

extension TraceFormat: ExpressibleByArgument {}
extension DiagramLabels: ExpressibleByArgument {}
extension SwiftExportOptions.AccessLevel: ExpressibleByArgument {}
extension DiagnosticRenderer.Style: ExpressibleByArgument {}

/// `spinrun`: runs, traces, validates and draws spin specs. Parses options, calls SpinDSL, prints,
/// and chooses the exit code; the work is done by `SpinSpec`, `SpecRun` and `DiagramExporter`.
@main
struct SpinrunCommand: AsyncParsableCommand {
    static let version = "0.1.0"
    /// The smallest `--max-memory`: below a mebibyte the store's first arrays do not fit.
    static let minimumMaxMemory = 1 << 20

    static let configuration = CommandConfiguration(
        commandName: "spinrun",
        abstract: "Run, trace, validate and draw spin specs.",
        discussion: """
        Runs every spin of SPEC on a virtual clock (a spec that waits 10 minutes
        finishes at once) until each spin is final or idle, or a limit is hit,
        and prints a trace. The same spec and seed always give the same trace.

        EXAMPLES
          spinrun Specs/levels.yaml
          spinrun --format jsonl Specs/turnstile.yaml > trace.jsonl
          spinrun --until 'left == right' Specs/levels.yaml
          spinrun --event 'coin={"amount":25}' --event push Specs/turnstile.yaml
          spinrun --events coins.txt Specs/turnstile.yaml
          spinrun --interactive Specs/turnstile.yaml
          spinrun --validate --strict Specs/*.yaml
          spinrun --dot Specs/gear.yaml | dot -Tsvg > gear.svg
          spinrun --mermaid Specs/traffic-light.yaml
          spinrun --html run.html Specs/stopwatch.yaml
          spinrun --check --html counterexample.html Specs/gate-bug.yaml
          spinrun --dot --labels full Specs/turnstile.yaml
          spinrun --explain UnknownEvent
          spinrun --explain list

        TEXT TRACE (one line per reduced event)
          [       0ms] #1   Levels  increaseLeft  (leftEffect)  left=11 right=20
          [    2000ms] #3   Turnstile  coin {"amount":25}  (input)  locked → …
        Time in ms, step, spin, event and payload, source (the feedback rule or
        `input`), control state (`from → to` when it changes), data after the
        step; `(unchanged)` marks an event that changed nothing, `(deferred)` one
        a state keeps for later (`defer:`). Render lines read `Spin: text` (not
        prefixed twice when the template starts so).
        Then the summary: status, steps, time, each spin's state and data.
        Colored only on a terminal, and never when NO_COLOR is set.

        JSON LINES (--format jsonl)
          {"step":1,"time":0,"spin":"Levels","event":{"name":"increaseLeft",
           "payload":{}},"source":"leftEffect","from":null,"to":null,
           "state":{"left":11,"right":20}}                     (one line each)
          {"summary":{"status":"until","steps":10,"time":0,"spins":{"Levels":
           {"state":null,"data":{"left":15,"right":15}}}}}     (the last line)
        A run-time error adds "error":{"location":…,"message":…,"group":…} to the
        summary; a livelock adds "cycle":["Spin: event from → to", …]. Render lines are not part of the JSON Lines trace.

        OUTPUT
        The trace is written line by line to a terminal, with --interactive and
        with --realtime; into a file or a pipe it is written in 64 KiB chunks,
        flushed when the run ends, however it ends (a limit, an error, Ctrl-C),
        and before anything is written to stderr.

        EVENTS
          --event NAME[=JSON]  emitted at time 0 as an input, into --spin or
                               else the first spin that
                               has NAME as an input; the payload is a flat JSON
                               object (enum values as case-name strings).
                               SPIN.NAME sends it to that spin (Feature.retry).
          --events FILE        one event per line: [TIME] NAME [JSON] [# comment],
                               such as `1.5s coin {"amount":25}`; each is
                               emitted at its (virtual) time from the start as
                               an input. FILE '-' is stdin: a pipe or a file
                               is read whole; typed at a terminal, lines are
                               read as --interactive reads them.
          --interactive        NAME [JSON] lines typed on stdin are emitted into
                               the running spec and the trace shows each new
                               state; the run waits for input when idle and
                               ends at EOF once nothing is left to do. On
                               virtual time, time stands still while a line
                               is awaited: 'wait DURATION' lets it pass, and
                               'TIME NAME [JSON]' sends at TIME from the start.
        The spec's own `script` runs only when no events are given. At one
        instant, the timers due then fire before the inputs due then; inputs
        keep their order. An input for a spin that has reached a final state is
        not sent, with a warning on stderr.

        DIAGNOSTICS
        Every diagnostic, fault and usage error ends with its group's name:
          Specs/x.yaml:10:11: error: unknown event 'decreseLeft' [#UnknownEvent]
        `spinrun --explain UnknownEvent` explains a group, with a wrong and a
        right example; `spinrun --explain list` lists every group. An unknown
        name is bad usage (exit 64), with the nearest name as a hint.

        EXIT STATUS
          0    final, idle or until
          1    invalid spec (diagnostics on stderr), missing or unreadable file;
               --replay of a SPIN trail: no spin on the PATH, or spin failing;
               --html: no dot (Graphviz) on the PATH, or dot failing
          3    run-time error (overflow, division by zero, a failed effect);
               the fault is printed on stderr: file:line:column: error: message
          4    a limit was reached: --max-steps (status max-steps),
               --max-time (status max-time), --max-queue (status max-queue:
               an event arrived at a spin with that many events waiting), or a
               livelock (status livelock: the same cycle of states repeated
               --livelock-repeats times without time passing); a line on
               stderr names the limit
          5    --replay: the run diverged from the recorded trace (or from the
               counterexample of a SPIN trail, FILE.trail, of the spec's model)
          6    an invariant did not hold (status invariant); stderr names it:
               file:line:column: error: invariant 'NAME' of spin 'S' does not hold;
               --check: an invariant, a run-time error or a dead end found
          64   bad usage: unknown option, event or spin; bad --until or payload;
               an unknown --explain name; a --counterexample or --html file
               that cannot be written
          130  interrupted (Ctrl-C): the trace so far, then the summary with
               status interrupted
          143  terminated (SIGTERM, as `timeout` sends): the same, with status
               terminated
        """,
        version: "spinrun \(version)"
    )

    @Argument(help: ArgumentHelp("The spec file to run or draw (one or more with --validate).", valueName: "spec"))
    var specs: [String] = []

    @Flag(name: .customLong("validate"), help: "Check the specs and print their diagnostics; do not run.")
    var validateOnly = false

    @Flag(help: "With --validate (or a run): treat warnings as errors.")
    var strict = false

    @Flag(help: "Print the spec's transition diagram as Graphviz DOT.")
    var dot = false

    @Flag(help: "Print the spec's transition diagram as a Mermaid stateDiagram-v2.")
    var mermaid = false

    @Option(help: ArgumentHelp(
        "With --dot or --mermaid: what labels show: full (event [guard] / assignments), guards (event [guard]) or events.",
        valueName: "full|guards|events"))
    var labels: DiagramLabels = .guards

    @Flag(help: "Explore every reachable state: report invariants that do not hold, run-time errors and dead ends, each with its shortest counterexample.")
    var check = false

    @Flag(help: "Print the spec as a Promela model for SPIN (its states are --check's).")
    var promela = false

    @Flag(help: "Print the spec's spins as Swift source: types for its events, states and data, and its reducer (docs/codegen.md).")
    var swift = false

    @Option(name: .customLong("swift-access"), help: ArgumentHelp("With --swift: the access level of the declarations (default internal).", valueName: "internal|public|package"))
    var swiftAccess: SwiftExportOptions.AccessLevel?

    @Option(name: .customLong("swift-config"), help: ArgumentHelp("With --swift: read the access level and the namespace from this spin-codegen-config.yaml (--swift-access and --swift-namespace override it).", valueName: "file"))
    var swiftConfig: String?

    @Option(name: .customLong("swift-output"), help: ArgumentHelp("With --swift: write the Swift to this file (left untouched when it holds the same text) instead of stdout.", valueName: "file"))
    var swiftOutput: String?

    @Option(name: .customLong("swift-namespace"), help: ArgumentHelp("With --swift: an enumeration to declare the spins in.", valueName: "name"))
    var swiftNamespace: String?

    @Option(name: .customLong("max-states"), parsing: .unconditional, help: "With --check: stop after storing this many states (status incomplete).")
    var maxStates: Int = 10_000_000

    @Option(name: .customLong("max-memory"), parsing: .unconditional, help: ArgumentHelp("With --check: stop (status incomplete, [#MemoryLimit]) before the stored states would take more than this: bytes, or a number with K, M or G (1024-based), at least 1M.", valueName: "size"))
    var maxMemory: String?

    @Option(name: .customLong("bitstate"), parsing: .unconditional, help: ArgumentHelp("With --check: keep the states reached as 2^BITS bits (SPIN's supertrace, three bits a state), 8 to 40: far more states in the same memory, but a collision may hide one, so the result is at best incomplete, with the estimated coverage.", valueName: "bits"))
    var bitstate: Int?

    @Flag(name: .customLong("hash-compact"), help: "With --check: keep each state reached as a 64-bit signature of it instead of the whole state (SPIN's hash compaction): less memory for states of many bytes; the search is otherwise the full one, and the result says how likely a state was missed (under n(n-1)/2 / 2^64 for n states). Properties are not checked (status incomplete).")
    var hashCompact = false

    @Option(name: .customLong("workers"), parsing: .unconditional, help: ArgumentHelp("With --check: the threads the search runs on (default: the machine's cores); the result is the same whatever the number.", valueName: "n"))
    var workers: Int?

    /// The most `--workers`: the shards of the parallel search are numbered in 8 bits.
    static let maximumWorkers = 64

    @Option(name: .customLong("max-move-steps"), parsing: .unconditional, help: "With --check: the most steps the spins may take to settle after one move; more, or the spins coming back to the same state within a move, is a finding (livelock, [#NeverSettles]).")
    var maxMoveSteps: Int = 100_000

    @Option(name: .customLong("max-move-runs"), parsing: .unconditional, help: "With --check: the most runs of one move of one state, one per combination of the outcomes of its choices; more stops the check (status incomplete, [#MoveRunLimit]).")
    var maxMoveRuns: Int = 10_000

    @Option(name: .customLong("max-configurations"), parsing: .unconditional, help: "The most configurations (sets of states active together) a spin with nested or parallel states may have (default 65536); more is [#TooManyConfigurations].")
    var maxConfigurations: Int = Configurations.limit

    @Option(name: .customLong("max-payloads"), parsing: .unconditional, help: "With --check: the most payloads one input may have (its fields' values multiplied); an input with more is refused before the search ([#TooManyPayloads]).")
    var maxPayloads: Int = 65_536

    @Option(help: ArgumentHelp("With --check: write the first finding's counterexample here, as a JSON Lines trace that --replay runs again; with --replay of a SPIN trail, the trail's.", valueName: "file"))
    var counterexample: String?

    @Option(help: ArgumentHelp("With --check: write every finding's counterexample into this directory (made if missing), one JSON Lines trace each, named by its number and finding: 1-invariant-Spin.name.jsonl, 2-deadlock.jsonl, …", valueName: "dir"))
    var counterexamples: String?

    @Option(help: ArgumentHelp("Also write the run as one self-contained HTML page (the diagram lit step by step, the data, the events); with --check, the first finding's counterexample; with --replay, the replayed trace. Needs Graphviz's dot.", valueName: "file"))
    var html: String?

    @Option(help: "The trace format: text or jsonl.")
    var format: TraceFormat = .text

    @Option(name: .customLong("max-steps"), parsing: .unconditional, help: "Stop after this many reduced events, all spins together.")
    var maxSteps: Int = 100_000

    @Option(name: .customLong("max-time"), help: ArgumentHelp("Stop when the run's time reaches this (300ms, 1.5s, 2m, 24h).", valueName: "duration"))
    var maxTime: String = "24h"

    @Option(name: .customLong("livelock-repeats"), parsing: .unconditional, help: "Report a livelock when the same cycle of states repeats this many times without time passing (0: never).")
    var livelockRepeats: Int = 100

    @Option(name: .customLong("max-queue"), parsing: .unconditional, help: "Stop when an event arrives at a spin that already has this many events waiting.")
    var maxQueue: Int = 1_000_000

    @Option(name: .customLong("max-alias-nodes"), parsing: .unconditional, help: "The most YAML nodes aliases may expand to (alias bombs).")
    var maxAliasNodes: Int = 1_000_000

    @Option(name: .customLong("max-depth"), parsing: .unconditional, help: "The deepest nesting of YAML mappings and sequences in a spec (default 512); with --check, the most moves explored from the start (default: no limit).")
    var maxDepth: Int?

    @Option(name: .customLong("max-spec-bytes"), parsing: .unconditional, help: "The largest spec file accepted, in bytes.")
    var maxSpecBytes: Int = 64 * 1024 * 1024

    @Option(name: .customLong("max-events-bytes"), parsing: .unconditional, help: "The largest --events file accepted, in bytes.")
    var maxEventsBytes: Int = 64 * 1024 * 1024

    @Option(name: .customLong("max-string-bytes"), parsing: .unconditional, help: "The longest string an expression may make, in bytes.")
    var maxStringBytes: Int = SpecRunOptions.defaultMaxStringBytes

    @Option(name: .customLong("diagnostic-style"), help: ArgumentHelp("How a spec's diagnostics are written: full (the source line with a caret, the hint) or compiler (one line each, the hint as a note: line, as build tools and editors read them).", valueName: "full|compiler"))
    var diagnosticStyle: DiagnosticRenderer.Style = .full

    @Option(name: .customLong("max-diagnostics"), parsing: .unconditional, help: "The most diagnostics printed per spec, errors first (0: all).")
    var maxDiagnostics: Int = DiagnosticRenderer.defaultLimit

    @Option(help: ArgumentHelp("Re-run the spec and compare with this recorded jsonl trace, or with the counterexample of this SPIN trail of the spec's model (a .trail file); exit 5 at the first difference.", valueName: "trace"))
    var replay: String?

    @Option(help: ArgumentHelp(
        "Stop as soon as this condition holds on a spin's state, the initial state included (e.g. 'left == right'; 'Feature.attempts > 1' names the spin).",
        valueName: "expr"))
    var until: String?

    @Option(help: ArgumentHelp(
        "Explain a diagnostic group (the NAME in [#NAME] at the end of a message), with a wrong and a right example; 'list' lists the groups.",
        valueName: "name"))
    var explain: String?

    @Option(parsing: .unconditional, help: "The seed of random choices; the same seed gives the same run (default 1, or the seed a --replay trace records).")
    var seed: UInt64?

    @Flag(help: "Use the wall clock instead of virtual time.")
    var realtime = false

    @Option(name: .customLong("event"), help: ArgumentHelp("Emit an input event at time 0 (repeatable), with an optional JSON payload.", valueName: "name[=json]"))
    var inputEvents: [String] = []

    @Option(name: .customLong("events"), help: ArgumentHelp("A file of events, one per line: [TIME] NAME [JSON].", valueName: "file"))
    var eventsFile: String?

    @Flag(help: "Read events from stdin (NAME [JSON] per line) and show each new state.")
    var interactive = false

    @Flag(help: "Print the summary only.")
    var quiet = false

    @Option(help: ArgumentHelp("The spin that receives --event, --events, --interactive events and --until.", valueName: "name"))
    var spin: String?

    mutating func validate() throws {
        func invalid(_ origin: String?, _ group: DiagnosticGroup, _ values: KeyValuePairs<String, any CustomStringConvertible>) -> ValidationError {
            ValidationError(UsageError(origin, group, values).description)
        }
        if explain != nil {
            guard specs.isEmpty else { throw invalid(nil, .exclusiveOptions, ["options": "--explain and spec files"]) }
            return
        }
        let modes = [validateOnly, dot, mermaid, check, promela, swift].filter { $0 }.count
        guard modes <= 1 else {
            throw invalid(nil, .exclusiveOptions, ["options": "--validate, --dot, --mermaid, --check, --promela and --swift"])
        }
        if let swiftNamespace, let why = SwiftExportOptions.problem(withNamespace: swiftNamespace) {
            let hint = "give a Swift type name: a letter or '_', then letters, digits or '_' (not a keyword)"
            throw ValidationError(UsageError("--swift-namespace", .notGeneratable, ["what": "namespace '\(swiftNamespace)'", "why": why], suggestion: hint).description)
        }
        if !swift, swiftNamespace != nil || swiftAccess != nil || swiftConfig != nil || swiftOutput != nil {
            throw invalid(nil, .exclusiveOptions, ["options": "--swift-access, --swift-namespace, --swift-config or --swift-output and a run without --swift"])
        }
        if eventsFile == "-", interactive {
            throw invalid(nil, .exclusiveOptions, ["options": "--interactive and --events - (both read stdin)"])
        }
        if check {
            guard replay == nil, !interactive, inputEvents.isEmpty, eventsFile == nil, until == nil, !realtime else {
                throw invalid(nil, .exclusiveOptions, ["options": "--check and --replay, --interactive, --event, --events, --until or --realtime"])
            }
        } else if counterexample != nil, replay == nil {
            throw invalid(nil, .exclusiveOptions, ["options": "--counterexample and a run without --check or --replay"])
        }
        if counterexamples != nil, !check {
            throw invalid(nil, .exclusiveOptions, ["options": "--counterexamples and a run without --check"])
        }
        if validateOnly {
            guard !specs.isEmpty else { throw invalid(nil, .specFileCount, ["expected": "at least one spec file with --validate", "count": 0]) }
        } else {
            guard specs.count == 1 else {
                throw invalid(nil, .specFileCount, ["expected": "one spec file (several only with --validate)", "count": specs.count])
            }
        }
        let atLeastOne: [(option: String, value: Int)] = [
            ("--max-steps", maxSteps), ("--max-queue", maxQueue), ("--max-alias-nodes", maxAliasNodes),
            ("--max-spec-bytes", maxSpecBytes), ("--max-events-bytes", maxEventsBytes), ("--max-string-bytes", maxStringBytes),
            ("--max-states", maxStates), ("--max-move-steps", maxMoveSteps),
            ("--max-move-runs", maxMoveRuns), ("--max-payloads", maxPayloads), ("--max-configurations", maxConfigurations),
        ]
        for (option, value) in atLeastOne where value < 1 {
            throw invalid(nil, .optionOutOfRange, ["option": option, "bound": "at least 1"])
        }
        // With --check, 0 moves explores the start alone (its invariants and the start move).
        if let maxDepth, maxDepth < (check ? 0 : 1) {
            throw invalid(nil, .optionOutOfRange, ["option": "--max-depth", "bound": check ? "at least 0 with --check" : "at least 1"])
        }
        if let maxMemory {
            guard let bytes = ByteSizeText.parse(maxMemory) else { throw invalid("--max-memory", .invalidSize, ["text": maxMemory]) }
            guard bytes >= Self.minimumMaxMemory else {
                throw invalid(nil, .optionOutOfRange, ["option": "--max-memory", "bound": "at least 1M"])
            }
        }
        if let bitstate, !CheckOptions.bitstateRange.contains(bitstate) {
            throw invalid(nil, .optionOutOfRange, ["option": "--bitstate", "bound": "from \(CheckOptions.bitstateRange.lowerBound) to \(CheckOptions.bitstateRange.upperBound)"])
        }
        if let workers, !(1...Self.maximumWorkers).contains(workers) {
            throw invalid(nil, .optionOutOfRange, ["option": "--workers", "bound": "from 1 to \(Self.maximumWorkers)"])
        }
        if hashCompact, bitstate != nil {
            throw invalid(nil, .exclusiveOptions, ["options": "--hash-compact and --bitstate"])
        }
        guard livelockRepeats >= 0 else { throw invalid(nil, .optionOutOfRange, ["option": "--livelock-repeats", "bound": "0 (off) or more"]) }
        guard maxDiagnostics >= 0 else { throw invalid(nil, .optionOutOfRange, ["option": "--max-diagnostics", "bound": "0 (all) or more"]) }
        if html != nil {
            guard !validateOnly, !dot, !mermaid, !promela else {
                throw invalid(nil, .exclusiveOptions, ["options": "--html and --validate, --dot, --mermaid or --promela"])
            }
        }
        if replay != nil {
            guard !validateOnly, !dot, !mermaid, !interactive else {
                throw invalid(nil, .exclusiveOptions, ["options": "--replay and --validate, --dot, --mermaid or --interactive"])
            }
        }
        guard DurationText.parse(maxTime) != nil else {
            throw invalid("--max-time", .invalidDuration, ["text": maxTime])
        }
    }

    /// The cores this process may run on, at most `maximumWorkers`.
    static var cores: Int { min(maximumWorkers, CheckOptions.cores) }

    func run() async throws {
        if let explain {
            throw ExitCode(Self.explain(explain))
        }
        if validateOnly {
            throw ExitCode(Validator(strict: strict, limits: specLimits).validate(specs))
        }
        guard let path = specs.first else { throw ExitCode.validationFailure }
        let spec = specLimits.load(path)
        guard let model = spec.model, !spec.fails(strict: strict) else {
            throw ExitCode(1)
        }
        if dot || mermaid {
            let text = dot ? DiagramExporter.dot(model, labels: labels) : DiagramExporter.mermaid(model, labels: labels)
            OutputWriter.standardOutput.write(text.hasSuffix("\n") ? text : text + "\n")
            return
        }
        guard let compiled = spec.compiled else { throw ExitCode(1) }
        if promela {
            switch PromelaExporter.promela(compiled) {
            case .success(let text):
                OutputWriter.standardOutput.write(text)
                return
            case .failure(let problems):
                OutputWriter.standardError.write(specLimits.renderer(for: spec).render(problems))
                throw ExitCode(1)
            }
        }
        if swift {
            throw ExitCode(writeSwift(compiled, spec: spec, path: path))
        }
        let viewer = html.map { HTMLViewer(path: $0, specPath: path, model: model) }
        if check {
            var session = CheckSession(
                spec: spec, compiled: compiled, format: format, colored: colored, quiet: quiet,
                options: CheckOptions(
                    maxStates: maxStates, maxDepth: maxDepth, maxMoveSteps: maxMoveSteps, maxMoveRuns: maxMoveRuns,
                    maxPayloads: maxPayloads, maxMemoryBytes: maxMemory.flatMap(ByteSizeText.parse), bitstateBits: bitstate,
                    hashCompaction: hashCompact, workers: workers ?? Self.cores),
                maxStringBytes: maxStringBytes, counterexamplePath: counterexample, counterexamplesDirectory: counterexamples)
            session.html = viewer
            throw ExitCode(session.run())
        }
        // A SPIN trail of the spec's model is read as its counterexample, then replayed.
        let replayLines = try replay.flatMap { try trailLines($0, spec: spec, compiled: compiled) }
        var session = RunSession(
            compiled: compiled, format: format, colored: colored, quiet: quiet, seed: seed,
            limits: RunLimits(maxSteps: maxSteps, maxTimeMilliseconds: DurationText.parse(maxTime), livelockRepeats: livelockRepeats, maxQueueLength: maxQueue),
            maxTimeText: maxTime, realtime: realtime, spin: spin, until: until, maxEventsBytes: maxEventsBytes, maxStringBytes: maxStringBytes)
        session.html = viewer
        // `--events -` is stdin: typed at a terminal, it is read line by line as the run goes, as
        // --interactive reads (time stands still while a line is awaited); a pipe or a file is
        // read whole, as an events file.
        var eventsFile = self.eventsFile
        var interactive = self.interactive
        if eventsFile == "-", EventsFile.standardInputIsTerminal {
            interactive = true
            eventsFile = nil
        }
        let status = await session.run(
            eventOptions: inputEvents, eventsFile: eventsFile, interactive: interactive, replay: replay, replayLines: replayLines)
        throw ExitCode(status)
    }

    /// With `--replay FILE`: the counterexample's lines when FILE is a SPIN trail of the spec's
    /// model (written to `--counterexample` too), nil when it is not a trail; what went wrong is
    /// printed, and the exit status thrown.
    private func trailLines(_ replay: String, spec: SpinSpec, compiled: CompiledSpec) throws -> Replay.RecordedLines? {
        let trail = SpinTrail(path: replay, compiled: compiled, spin: ExecutableLookup.executable("spin"))
        switch trail.read(writingTo: counterexample) {
        case .success(.trail(let lines)):
            return lines
        case .success(.notATrail):
            guard counterexample == nil else {
                let error = UsageError(nil, .exclusiveOptions, ["options": "--counterexample and --replay of a JSON Lines trace"])
                OutputWriter.standardError.line("Error: \(error)")
                throw ExitCode(RunSession.usageStatus)
            }
            return nil
        case .failure(.notExportable(let problems)):
            // The spec has no model to follow a trail on: why, at its places, as --promela says.
            OutputWriter.standardError.write(specLimits.renderer(for: spec).render(problems))
            throw ExitCode(1)
        case .failure(.usage(let error)):
            OutputWriter.standardError.line("Error: \(error)")
            throw ExitCode(RunSession.usageStatus)
        case .failure(.spin(let error)):
            OutputWriter.standardError.line("Error: \(error)")
            throw ExitCode(1)
        }
    }

    /// `--explain NAME` prints the group's explanation (0); `--explain list` lists every group (0);
    /// an unknown name is a usage error (64), with the nearest name as a hint.
    static func explain(_ name: String) -> Int32 {
        if name == "list" {
            OutputWriter.standardOutput.write(DiagnosticGroup.list)
            return 0
        }
        guard let group = DiagnosticGroup.named(name) else {
            let error = UsageError("--explain", .unknownDiagnosticGroup, ["name": name], suggestion: DiagnosticGroup.suggestion(for: name))
            OutputWriter.standardError.line("Error: \(error)")
            return RunSession.usageStatus
        }
        OutputWriter.standardOutput.write(group.explanation)
        return 0
    }

    var specLimits: SpecLimits {
        // With --check, --max-depth is the exploration's; the YAML nesting keeps its default.
        SpecLimits(
            yaml: YAMLLimits(maxNodes: maxAliasNodes, maxDepth: check ? 512 : (maxDepth ?? 512), maxBytes: maxSpecBytes),
            maxConfigurations: maxConfigurations, maxDiagnostics: maxDiagnostics, diagnosticStyle: diagnosticStyle)
    }

    /// Text is colored only on a terminal and when `NO_COLOR` is unset (https://no-color.org).
    private var colored: Bool {
        guard format == .text, OutputWriter.standardOutput.isTerminal else { return false }
        return Environment.value("NO_COLOR") == nil
    }
}
