import BenchKit
import Foundation

// spinbench run [--quick]    the in-process figures (toggle, counter, levels, async, timers)
// spinbench write KIND N P   writes the spec of a workload (toggle|counter|levels|large) to P
// spinbench load P           load + validate + compile of P: seconds and peak memory
// spinbench phases P         the same, split into reading, checking and compiling
// spinbench scan P           a raw libyaml event scan of P: seconds
// spinbench check P [RUNS]   spinrun --check of P, best of RUNS (3): seconds, states, bytes per state
// spinbench profile [core|async|async-start] N   one run for a profiler (see docs/performance.md)
// Output lines are `NAME VALUE UNIT`.

let arguments = Array(CommandLine.arguments.dropFirst())
let quick = arguments.contains("--quick")
// Five runs even in quick mode: the quick runs are short (milliseconds), so a run disturbed by
// another process weighs more, and more runs cost little.
let repeats = 5

func emit(_ name: String, _ value: Double, _ unit: String) {
    print("\(name) \(String(format: value >= 100 ? "%.0f" : "%.4g", value)) \(unit)")
    fflush(nil)
}

/// The best (smallest) of `repeats` timings.
func best(_ body: () -> Double) -> Double {
    (0..<repeats).map { _ in body() }.min()!
}

func bestAsync(_ body: () async -> Double) async -> Double {
    var times: [Double] = []
    for _ in 0..<repeats { times.append(await body()) }
    return times.min()!
}

/// Steps per second of a runtime's whole run (start() drains every synchronous step).
/// `start` is passed in from the call site, where the state and event types are concrete, so that
/// the inlinable drain is specialized there; called from this generic function it would not be.
func runtimeFigure<S, E>(_ steps: Int, _ make: () -> SpinRuntime<S, E>, start: (SpinRuntime<S, E>) -> Void, check: (SpinRuntime<S, E>) -> Bool) -> Double {
    var reduced = 0
    let seconds = best {
        let runtime = make()
        let seconds = time { start(runtime) }
        precondition(check(runtime), "wrong final state after \(runtime.stepCount) steps")
        precondition(steps == 0 || runtime.stepCount == steps, "\(runtime.stepCount) steps, expected \(steps)")
        reduced = runtime.stepCount
        runtime.stop()
        return seconds
    }
    return Double(reduced) / seconds
}

func fourWays(
    _ name: String, n: Int, steps: Int, handwritten: (Int) -> Int,
    core: @escaping (Int) -> () -> Double, specText: String
) {
    let handN = n * 100
    let handSteps = handwritten(handN)
    let hand = best { time { blackHole(handwritten(handN)) } }
    emit("\(name).handwritten", Double(handSteps) / hand, "steps/s")
    emit("\(name).core", core(n)(), "steps/s")
    let compiled = compile(specText)
    emit("\(name).compiled", runtimeFigure(steps, { compiledRuntime(compiled) }, start: { $0.start() }, check: { $0.state.fault == nil }), "steps/s")
}

import Spin
import SpinDSL

switch arguments.first {
case "run":
    let n = quick ? 200_000 : 1_000_000
    fourWays("toggle", n: n, steps: n, handwritten: handwrittenToggle, core: { n in
        { runtimeFigure(n, { coreToggleRuntime(n) }, start: { $0.start() }, check: { $0.state.count == n }) }
    }, specText: BenchSpecs.toggle(n))
    fourWays("counter", n: n, steps: n + 1, handwritten: handwrittenCounter, core: { n in
        { runtimeFigure(n + 1, { coreCounterRuntime(n) }, start: { $0.start() }, check: { $0.state.count == n }) }
    }, specText: BenchSpecs.counter(n))
    let half = n / 2
    fourWays("levels", n: half, steps: 0, handwritten: handwrittenLevels, core: { n in
        { runtimeFigure(0, { coreLevelsRuntime(n) }, start: { $0.start() }, check: { $0.state.left == n && $0.state.right == n }) }
    }, specText: BenchSpecs.levels(half))

    // The same behaviour written flat and as a statechart (issue 17: nested at most 1.5 x flat).
    let flatToggle = compile(BenchSpecs.toggle(n))
    emit("statechart.flat", runtimeFigure(n, { compiledRuntime(flatToggle) }, start: { $0.start() }, check: { $0.state.fault == nil }), "steps/s")
    let nestedToggle = compile(BenchSpecs.nestedToggle(n))
    emit("statechart.nested", runtimeFigure(n, { compiledRuntime(nestedToggle) }, start: { $0.start() }, check: { $0.state.fault == nil }), "steps/s")

    let asyncN = quick ? 50_000 : 200_000
    let core = await bestAsync { await asyncCoreToggle(asyncN) }
    emit("async.core", Double(asyncN) / core, "steps/s")
    let stream = await bestAsync { await asyncStreamToggle(asyncN) }
    emit("async.asyncstream", Double(asyncN) / stream, "steps/s")
    let inline = await bestAsync { await asyncStreamInlineToggle(asyncN) }
    emit("async.asyncstream.inline", Double(asyncN) / inline, "steps/s")

    let timersN = quick ? 20_000 : 100_000
    let timers = await bestAsync { await virtualTimers(timersN) }
    emit("timers.virtual", Double(timersN) / timers, "timers/s")
case "profile":
    // One run for a profiler (`perf record -g`): the compiled toggle, with `core` the toggle
    // hand-written on the core, with `async` the core's async toggle, with `nested` the compiled
    // toggle written as a statechart.
    if arguments.dropFirst().first == "core" {
        let n = Int(arguments.dropFirst(2).first ?? "") ?? 100_000
        let runtime = coreToggleRuntime(n)
        runtime.start()
        print("steps \(runtime.stepCount)")
    } else if arguments.dropFirst().first == "async-start" {
        // The async toggle run by `start()` alone, without awaiting: callgrind cannot follow the
        // async main once it waits (valgrind dies in libdispatch's main-thread handling).
        let n = Int(arguments.dropFirst(2).first ?? "") ?? 100_000
        let runtime = asyncCoreToggleRuntime(n)
        runtime.start()
        print("steps \(runtime.stepCount)")
    } else if arguments.dropFirst().first == "async" {
        let n = Int(arguments.dropFirst(2).first ?? "") ?? 100_000
        let seconds = await asyncCoreToggle(n)
        print("steps \(n) in \(seconds) s")
    } else if arguments.dropFirst().first == "nested" {
        let n = Int(arguments.dropFirst(2).first ?? "") ?? 100_000
        let runtime = compiledRuntime(compile(BenchSpecs.nestedToggle(n)))
        runtime.start()
        print("steps \(runtime.stepCount)")
    } else {
        let n = Int(arguments.dropFirst().first ?? "") ?? 100_000
        let runtime = compiledRuntime(compile(BenchSpecs.toggle(n)))
        runtime.start()
        print("steps \(runtime.stepCount)")
    }
case "steps":
    // The number of steps of a workload's compiled run (levels has no closed form).
    let kind = arguments[1], n = Int(arguments[2])!
    let text = kind == "levels" ? BenchSpecs.levels(n) : kind == "counter" ? BenchSpecs.counter(n) : BenchSpecs.toggle(n)
    let runtime = compiledRuntime(compile(text))
    runtime.start()
    print(runtime.stepCount)
case "write":
    let kind = arguments[1], n = Int(arguments[2])!, path = arguments[3]
    let text: String
    switch kind {
    case "toggle": text = BenchSpecs.toggle(n)
    case "counter": text = BenchSpecs.counter(n)
    case "levels": text = BenchSpecs.levels(n)
    default: text = BenchSpecs.large(transitions: n)
    }
    try! text.write(toFile: path, atomically: true, encoding: .utf8)
case "load":
    let path = arguments[1]
    var compiled: CompiledSpec?
    let seconds = time { compiled = loadAndCompile(path: path) }
    blackHole(compiled)
    print("\(seconds) \(peakMemoryMiB())")
case "phases":
    // Where a load's time and memory go, in a fresh process: reading (YAML to document, twice, the
    // second on a warm heap), checking (the rest of SpinSpec.load), compiling.
    let path = arguments[1]
    var read: SpecLoadResult?
    let readSeconds = time { read = SpecLoader().load(contentsOf: path) }
    let readPeak = peakMemoryMiB()
    read = nil
    let rereadSeconds = time { read = SpecLoader().load(contentsOf: path) }
    blackHole(read)
    read = nil
    var spec: SpinSpec?
    let loadSeconds = time { spec = SpinSpec.load(contentsOf: path) }
    let loadPeak = peakMemoryMiB()
    var compiled: CompiledSpec?
    let compileSeconds = time { compiled = spec?.compiled }
    blackHole(compiled)
    print("read \(readSeconds) s (warm \(rereadSeconds) s), peak \(readPeak) MiB")
    print("check \(loadSeconds - rereadSeconds) s, peak \(loadPeak) MiB")
    print("compile \(compileSeconds) s, peak \(peakMemoryMiB()) MiB")
case "check":
    // spinrun --check --workers WORKERS (one) in process, best of RUNS (three): the
    // exploration's seconds (its own timer, as SPIN's pan reports its search), the states, and
    // the bytes held per state.
    let path = arguments[1]
    let runs = arguments.count > 2 ? max(1, Int(arguments[2]) ?? 3) : 3
    let workers = arguments.count > 3 ? max(1, Int(arguments[3]) ?? 1) : 1
    let compiled = loadAndCompile(path: path)
    var result: CheckResult?
    for _ in 0..<runs {
        let run = SpecChecker(compiled).check(CheckOptions(workers: workers))
        if result == nil || run.seconds < result!.seconds { result = run }
    }
    guard let result, result.status == .ok else { exit(1) }
    print("\(result.seconds) \(result.states) \(result.bytesPerState)")
case "bitstate":
    // spinrun --check --bitstate BITS --max-states N in process, once: seconds, states stored,
    // estimated coverage and hash factor.
    guard arguments.count >= 4, let bits = Int(arguments[2]), let maxStates = Int(arguments[3]) else { exit(64) }
    let compiled = loadAndCompile(path: arguments[1])
    let result = SpecChecker(compiled).check(CheckOptions(maxStates: maxStates, bitstateBits: bits))
    guard let figures = result.bitstate else { exit(1) }
    print("\(result.seconds) \(result.states) \(figures.coverage) \(figures.hashFactor)")
case "scan":
    let path = arguments[1]
    var events = 0
    let seconds = best { time { events = libyamlScan(path: path) } }
    precondition(events > 0)
    print("\(seconds)")
default:
    print("usage: spinbench run [--quick] | write KIND N PATH | load PATH | phases PATH | scan PATH | check PATH [RUNS] | bitstate PATH BITS MAXSTATES")
    exit(64)
}
