extension DiagnosticCatalog {
    /// The entries of the faults that end a run.
    static let runFaults: KeyValuePairs<DiagnosticGroup, DiagnosticEntry> = [
        .integerOverflow: .error(
            "integer overflow in '{expression}'",
            explanation: "An int operation went beyond the 64-bit range. The spin stops with status error (exit 3 from spinrun) rather than wrap around silently; bound the value with a guard or clamp.",
            wrong: Example.tickOnce(data: "count: 9223372036854775807", set: "count: count + 1"),
            right: Example.tickOnce(data: "count: 9223372036854775807", set: "count: 'min(count, 9223372036854775806) + 1'"),
            origin: .run),
        .divisionByZero: .error(
            "division by zero in '{expression}'",
            explanation: "An int was divided by zero. The spin stops with status error (exit 3); guard the row so that the divisor is not zero. (A double divided by zero is infinity, not a fault.)",
            wrong: Example.tickOnce(data: "count: 10\n  divisor: 0", set: "count: count / divisor"),
            right: Example.tickOnce(data: "count: 10\n  divisor: 0", set: "count: 'divisor == 0 ? 0 : count / divisor'"),
            origin: .run),
        .indexOutOfRange: .error(
            "index {index} in '{expression}' is outside the {count} elements of the array",
            explanation: "An index computed at run time is not between 0 and the array's size minus one. The spin stops with status error (exit 3), and --check reports the move as a finding with its counterexample; guard the row, or give the index field a range.",
            wrong: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: 0\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, set: { 'flags[next]': true, next: next + 1 } }\nfeedbacks:\n  again: { emit: raise }",
            right: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: 0\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, when: next < 2, set: { 'flags[next]': true, next: next + 1 } }\nfeedbacks:\n  again: { when: next < 2, emit: raise }",
            origin: .run),
        .moduloByZero: .error(
            "modulo by zero in '{expression}'",
            explanation: "An int remainder by zero. The spin stops with status error (exit 3); guard the row so that the divisor is not zero.",
            wrong: Example.tickOnce(data: "count: 10\n  divisor: 0", set: "count: count % divisor"),
            right: Example.tickOnce(data: "count: 10\n  divisor: 0", set: "count: 'divisor == 0 ? 0 : count % divisor'"),
            origin: .run),
        .stringTooLong: .error(
            "a string of {size} bytes in '{expression}' is longer than the limit of {limit} bytes",
            hint: "raise the limit if strings really grow this long: spinrun --max-string-bytes N (SpecRunOptions.maxStringBytes)",
            explanation: "A string concatenation would make a string longer than the limit (16 MiB by default), so the spin stops with a run-time error at the '+' instead of allocating it. A string that doubles on every step reaches any amount of memory in a few dozen steps; the limit turns that into an error that names the expression.",
            wrong: "spin: Echo\ndata:\n  s: \"ab\"\nevents: [grow]\ntransitions:\n  - { on: grow, set: { s: s + s } }\nfeedbacks:\n  again: { emit: grow }",
            right: "spin: Echo\ndata:\n  s: \"ab\"\nevents: [grow]\ntransitions:\n  - { on: grow, when: length(s) < 1000, set: { s: s + s } }\nfeedbacks:\n  again: { when: length(s) < 1000, emit: grow }",
            origin: .run),
        .nanToInt: .error(
            "cannot convert nan to int in '{expression}'",
            explanation: "int(x) of a double that is not a number (such as 0.0 / 0.0) has no value. The spin stops with status error (exit 3).",
            wrong: Example.tickOnce(data: "count: 0\n  ratio: 0.0", set: "count: int(ratio / ratio)"),
            right: Example.tickOnce(data: "count: 0\n  ratio: 0.0", set: "count: 'ratio == 0 ? 0 : int(ratio / ratio)'"),
            origin: .run),
        .intConversionOverflow: .error(
            "{value} does not fit in a 64-bit integer in '{expression}'",
            explanation: "int(x) of a double beyond the 64-bit range (or infinite) has no int value. The spin stops with status error (exit 3).",
            wrong: Example.tickOnce(data: "count: 0\n  ratio: 1e30", set: "count: int(ratio)"),
            right: Example.tickOnce(data: "count: 0\n  ratio: 1e30", set: "count: 'int(min(ratio, 1e18))'"),
            origin: .run),
        .durationOutOfRange: .error(
            "duration out of range in '{expression}'",
            explanation: "A duration is a whole number of milliseconds in 64 bits (about 292 million years either way). The result went beyond that, or a duration scaled by a double came out NaN or infinite. The spin stops with status error (exit 3).",
            wrong: Example.tickOnce(data: "delay: 1s\n  factor: 1e300", set: "delay: delay * factor"),
            right: Example.tickOnce(data: "delay: 1s\n  factor: 1e300", set: "delay: 'min(delay * min(factor, 1000.0), 1h)'"),
            origin: .run),
        .invalidTimerDuration: .error(
            "'{key}' is {value} in '{expression}': {requirement}",
            explanation: "A computed 'after' or 'every' is evaluated when its timer is armed. A delay below 0ms, or a period below 1ms (which would repeat without time passing), stops the spin with status error (exit 3).",
            wrong: "spin: Retry\ndata:\n  delay: 0s\nevents: [tick]\nfeedbacks:\n  ticker: { when: true, every: delay, emit: tick }",
            right: "spin: Retry\ndata:\n  delay: 1s\n  ticks: 0\nevents: [tick]\ntransitions:\n  - { on: tick, set: { ticks: ticks + 1 } }\nfeedbacks:\n  ticker: { when: ticks < 3, every: delay, emit: tick }",
            origin: .run),
        .effectNotBound: .error(
            "effect '{effect}' is not bound and has no 'simulate'",
            explanation: "The named effect ran, but no host program binds it and the spec has no 'simulate' to stand in (spinrun binds none). The spin stops with status error (exit 3).",
            wrong: Example.loader(simulate: nil),
            right: Example.loader(simulate: "{ after: 100ms, emit: loaded }"),
            origin: .run),
        .valueOutOfRange: .error(
            "{value} is outside the range {range} of data field '{field}'",
            explanation: "A row assigned a value outside the field's 'range'. The location is the row's value; the spin stops with status error (exit 3), and spinrun --check reports the shortest way there. Guard the row, or widen the range.",
            wrong: Example.tickOnce(data: "count: { type: int, initial: 9, range: [0, 9] }", set: "count: count + 1"),
            right: Example.tickOnce(data: "count: { type: int, initial: 9, range: [0, 9] }", set: "count: 'count < 9 ? count + 1 : 0'"),
            origin: .run),
        .propertyViolated: .error(
            "property '{name}' of spin '{spin}' does not hold: {formula}",
            explanation: "spinrun --check found a run that breaks a property (the spin's 'properties'): for a property about every state (always P) a path to a state where it fails; for one that waits for something (eventually, leadsTo, until) a lasso, a stem then a cycle repeated for ever in which it never comes. Inputs named in the spin's 'fairness' are scheduled fairly: a cycle that starves one of them is not a counterexample. The check ends with status violated (exit 6); --counterexample writes the run, the cycle's steps marked, and --replay runs it again.",
            wrong: "spinrun --check Tests/SpinrunTests/Fixtures/peterson-unfair.yaml",
            right: "spinrun --check Specs/peterson.yaml",
            origin: .command),
        .invariantViolated: .error(
            "invariant '{name}' of spin '{spin}' does not hold: {condition}",
            explanation: "An invariant (the spin's 'invariants') was false after a step, or in the initial state. The location is the invariant's name. A run ends with status invariant (exit 6); spinrun --check reports the shortest run that breaks it.",
            wrong: Example.tickOnce(data: "count: 0", set: "count: count + 1") + "\ninvariants:\n  stillZero: count == 0",
            right: Example.tickOnce(data: "count: 0", set: "count: count + 1") + "\ninvariants:\n  small: count <= 1",
            origin: .run),
        .effectFailed: .error(
            "effect '{effect}' failed: {error}",
            explanation: "The host's effect threw an error. The spin stops with status error (exit 3).",
            wrong: "A host program binds 'fetchPage' to a closure that throws.",
            right: "The closure catches the failure and answers with an event the spec declares, such as 'pageFailed'.",
            origin: .unreproducible("it needs a host program's effect")),
        .effectTimeout: .error(
            "effect '{effect}' did not answer within {timeout}",
            explanation: "The host's effect did not answer within its time limit. The spin stops with status error (exit 3).",
            wrong: "A host program binds 'fetchPage' to a closure that never returns.",
            right: "The closure answers, or times out itself and answers with an event such as 'pageFailed'.",
            origin: .unreproducible("it needs a host program's effect")),
        .effectAnswerUnknownEvent: .error(
            "effect '{effect}' answered with unknown event '{event}'",
            explanation: "The host's effect answered with an event the spin does not declare. The spin stops with status error (exit 3).",
            wrong: "A host program's 'fetchPage' answers HostEvent(\"pageLoad\") in a spin that declares 'pageLoaded'.",
            right: "It answers HostEvent(\"pageLoaded\", [\"count\": .int(20)]).",
            origin: .unreproducible("it needs a host program's effect")),
        .effectAnswerInvalidField: .error(
            "effect '{effect}' answered '{event}' without a valid '{field}' ({type})",
            explanation: "The host's effect answered with an event whose payload misses a declared field or holds a value of another type. The spin stops with status error (exit 3).",
            wrong: "A host program's 'fetchPage' answers HostEvent(\"pageLoaded\", [\"count\": .string(\"20\")]) where count is an int.",
            right: "It answers HostEvent(\"pageLoaded\", [\"count\": .int(20)]).",
            origin: .unreproducible("it needs a host program's effect")),
        .effectAnswerUnknownField: .error(
            "effect '{effect}' answered '{event}' with unknown field '{field}'",
            explanation: "The host's effect answered with a payload field the event does not declare. The spin stops with status error (exit 3).",
            wrong: "A host program's 'fetchPage' answers HostEvent(\"pageLoaded\", [\"count\": .int(20), \"total\": .int(100)]).",
            right: "It answers with the declared fields only, or the spec declares 'total' too.",
            origin: .unreproducible("it needs a host program's effect")),
        .internalError: .error(
            "internal error: {problem}",
            explanation: "SpinDSL broke one of its own rules (an expression evaluated as a type the checker did not give it). This is a bug: please report it with the spec.",
            wrong: "No spec causes this on purpose.",
            right: "Report the spec that did.",
            origin: .unreproducible("it is a bug of SpinDSL")),
    ]

    /// The entries of the limits that stop a run.
    static let runLimits: KeyValuePairs<DiagnosticGroup, DiagnosticEntry> = [
        .stepLimit: .error(
            "stopped by the step limit: {steps} (--max-steps); a spec that never settles runs until this limit",
            explanation: "The run reduced as many events as the step limit allows (100000 by default, all spins together) without ending: feedbacks keep emitting. spinrun exits 4.",
            wrong: "spin: Counter\ndata:\n  count: 0\nevents: [tick]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }\nfeedbacks:\n  ticker: { emit: tick }",
            right: "spin: Counter\ndata:\n  count: 0\nevents: [tick]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }\nfeedbacks:\n  ticker: { when: count < 10, emit: tick }",
            origin: .run),
        .timeLimit: .error(
            "stopped by the time limit: {limit} (--max-time)",
            explanation: "The run's (virtual) time reached the time limit (24h by default) with timers still pending. spinrun exits 4.",
            wrong: "spin: Clock\ndata:\n  ticks: 0\nevents: [tick]\ntransitions:\n  - { on: tick, set: { ticks: ticks + 1 } }\nfeedbacks:\n  ticker: { when: true, every: 1h, emit: tick }",
            right: "spin: Clock\ndata:\n  ticks: 0\nevents: [tick]\ntransitions:\n  - { on: tick, set: { ticks: ticks + 1 } }\nfeedbacks:\n  ticker: { when: ticks < 3, every: 1h, emit: tick }",
            origin: .run),
        .queueLimit: .error(
            "stopped by the queue limit: {spin} had {count} waiting (--max-queue); feedbacks that emit faster than the spin reduces fill its queue until this limit",
            explanation: "An event arrived at a spin that already had as many events waiting as the queue limit allows: feedback rules emit more events per state than the spin reduces. spinrun exits 4.",
            wrong: "spin: Runaway\ndata:\n  count: 0\nevents: [increase]\ntransitions:\n  - { on: increase, set: { count: count + 1 } }\nfeedbacks:\n  first: { emit: increase }\n  second: { emit: increase }",
            right: "spin: Runaway\ndata:\n  count: 0\nevents: [increase]\ntransitions:\n  - { on: increase, set: { count: count + 1 } }\nfeedbacks:\n  first: { when: count < 10, emit: increase }",
            origin: .run),
        .livelock: .error(
            "livelock at {time}ms: a cycle of {steps} repeated {count} with no time passing (--livelock-repeats): {cycle}",
            explanation: "The same cycle of states repeated many times (100 by default) without virtual time passing: the spins bounce events among themselves forever. spinrun exits 4 and prints the cycle.",
            wrong: "spin: Switch\nstates: [off, on]\nevents: [flip]\ntransitions:\n  - { from: off, on: flip, to: on }\n  - { from: on, on: flip, to: off }\nfeedbacks:\n  flipper: { emit: flip }",
            right: "spin: Switch\nstates: [off, on]\ndata:\n  flips: 0\nevents: [flip]\ntransitions:\n  - { from: off, on: flip, to: on, set: { flips: flips + 1 } }\n  - { from: on, on: flip, to: off, set: { flips: flips + 1 } }\nfeedbacks:\n  flipper: { when: flips < 10, emit: flip }",
            origin: .run),
    ]
}
