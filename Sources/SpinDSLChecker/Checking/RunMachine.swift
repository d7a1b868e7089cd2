import Spin
import SpinDSLFrontEnd
import SpinDSLRunner

/// A synchronous, deterministic model of a `SpecRun` on the virtual clock: every spin's state,
/// queue and feedback memories, the effect tasks of every spin on one serial executor, the clock's
/// sleepers, and the gears between the spins — run by one thread, with no task and no lock.
///
/// It does what the runtime does, in the same order (docs/semantics.md, `SpinRuntime`,
/// `SpinBuilderForSpec`): a spin's drain reduces its queue, delivers each new state to the feedbacks
/// in declaration order (what they return joins the queue when the delivery ends; an effect task
/// starts at once and runs until it first suspends, and one that ends then answers as a
/// synchronous feedback does); after every step, and after the start, a statechart's
/// internal-event source is asked for its next event (an eventless step or the oldest raised
/// event), which is reduced before anything queued (`Spin.withInternalEvents`); a gear delivers
/// to its listeners at once (a spin that is not draining drains on the spot); woken tasks run one
/// at a time in the order they woke; the clock wakes one sleeper at a time (deadline, then the
/// order they went to sleep) and waits until nothing runs. Choices (`choose`, simulated outcomes)
/// are the oracle's.
///
/// `spinrun --check` explores with it; the differential tests hold it equal to `SpecRun`.
struct RunMachine {
    /// An event waiting in a spin's queue.
    struct Queued: Hashable {
        var event: SpecEvent
        /// -1 for an input, else the feedback slot that emitted it.
        var origin: Int
        /// The effect that emitted it, or 0.
        var token: Int
    }

    /// A running effect of a spin (the runtime's `EffectRecord`).
    struct Effect: Hashable {
        var token: Int
        /// How many of its events wait in the queue.
        var queued = 0
        /// Its task.
        var task: Int
    }

    /// What a feedback slot remembers between states.
    struct SlotMemory: Hashable {
        /// The effect a feedback that cancels would cancel, or 0.
        var running = 0
        /// An edge or periodic rule's trigger on the previous state (`skippingRepeated:`,
        /// `ChangeMemory`), nil before the first; with the entry parities of an `enter` rule that
        /// watches them (`EntryWatch`).
        var trigger: EntryWatch?
        /// A `changes` rule's value on the previous state (a fault is a value too).
        var watched: Result<SpinValue, SpecFault>?
    }

    /// A spin's loop.
    struct SpinRun {
        var state: SpecState
        var queue: [Queued] = []
        var queueHead = 0
        /// The internal-event source's answer, reduced before anything queued.
        var raised: (event: SpecEvent, source: String)?
        /// What synchronous feedbacks returned during the current delivery.
        var pending: [Queued] = []
        var started = false
        var draining = false
        var stopped = false
        var effects: [Effect] = []
        var nextToken = 0
        /// The latest state delivered to the feedbacks.
        var latest: SpecState?
        var memory: [SlotMemory]

        var queuedCount: Int { queue.count &- queueHead }
    }

    /// A task asleep on the clock.
    struct Sleeper: Hashable {
        var deadline: Int64
        var sequence: Int
        var task: Int
    }

    /// Why the run ended before settling (the status a run would end with).
    enum End: Sendable, Equatable {
        case fault(SpecFault)
        case invariant(InvariantFailure)
        /// More steps than the machine's limit without settling (a run's `max-steps`, or the
        /// checker's bound on the steps of one move).
        case stepLimit
        /// An event arrived at spin `spin` whose queue was full.
        case queueFull(spin: Int)
        /// A checker's run of a move met, in one drain, a state another run of the move met there
        /// (`MoveVisits`): what follows was run from there. Only machines that detect rings end
        /// so; a run never does.
        case revisited
    }

    let program: MachineProgram
    var spins: [SpinRun]
    var tasks: [MachineTask?] = []
    var freeTasks: [Int] = []
    var executor: [Int] = []
    var executorHead = 0
    var sleepers: [Sleeper] = []
    /// Virtual time in nanoseconds.
    var now: Int64 = 0
    var nextSequence = 0
    /// Steps reduced, all spins together.
    var steps = 0
    /// Steps since `beginMove()`, and the most a move may take.
    var moveSteps = 0
    var moveStepLimit = Int.max
    /// Whether a drain that comes back to the same state ends the run as the move's bound would
    /// (`.stepLimit`) without waiting for it (the checker's moves; a run never looks).
    var detectsRings = false
    /// The ring that ended the move, if one did: its length in steps.
    var ringLength: Int?
    /// The rings looked for in the outermost drain and in a drain it runs after a step.
    var outerRing = RingDetector()
    var innerRing = RingDetector()
    /// The states the drains of this move's runs were in (`detectsRings`): kept across the runs
    /// that enumerate a move's choices, so a machine made for each run carries them over.
    var moveVisits = MoveVisits()
    /// Every step up to this many, all spins together, is a step; the next ends the run.
    var totalStepLimit = Int.max
    var maxQueueLength = Int.max
    var ended: End?
    var oracle: ChoiceOracle
    /// The listeners of each gear in the order they attached: (spin, slot).
    var listeners: [[(spin: Int, slot: Int)]]
    /// What each gear keeps while no listener is attached.
    var gearBuffers: [[GearMessage]]
    /// The effect being started (`Task.immediate`: it runs on the drainer until it first suspends
    /// or ends), if any: an effect that ends then answers into its spin's `pending`.
    var starting: (spin: Int, token: Int)?
    /// `DrainTrampoline`: whether a drain runs, and the drains claimed meanwhile.
    var trampolineDraining = false
    var deferredDrains: [Int] = []
    var deferredHead = 0
    /// Receives each step (a counterexample's trace, a simulated run's).
    var observer: ((TraceStep) -> Void)?
    /// Coverage: per spin, whether each row and each rule case (rule, case) fired.
    var coverage: MachineCoverage?

    init(_ program: MachineProgram, oracle: ChoiceOracle) {
        self.program = program
        self.oracle = oracle
        spins = program.spins.map { spin in
            SpinRun(state: spin.initialState, memory: [SlotMemory](repeating: SlotMemory(), count: spin.slots.count))
        }
        listeners = program.model.gears.map { _ in [] }
        gearBuffers = program.model.gears.map { _ in [] }
    }

    // MARK: Driving the run

    /// Starts the spins in document order, as `SpecRun.run()` does, and runs until nothing runs.
    mutating func start() {
        // Invariants hold from the start, as `SpecRun.run()` checks them: a spin whose initial
        // state breaks one ends the run before any spin starts.
        for index in spins.indices where ended == nil {
            checkInvariants(index)
        }
        for index in spins.indices where ended == nil {
            startSpin(index)
        }
        settle()
    }

    /// Ends the run if spin `index`'s state breaks an invariant, or one cannot be evaluated.
    mutating func checkInvariants(_ index: Int) {
        guard !program.invariants.isEmpty, let outcome = program.invariants.check(spins[index].state, spin: index) else { return }
        switch outcome {
        case .violated(let failure): ended = .invariant(failure)
        case .fault(let fault): ended = .fault(fault)
        }
    }

    /// An input from outside, as `SpinRuntime.emit(_:)`, then runs until nothing runs.
    mutating func emitInput(_ event: SpecEvent, into spin: Int) {
        enqueue(spin, event, origin: -1, token: 0)
        settle()
    }

    /// The earliest deadline of a sleeping task.
    var nextDeadline: Int64? {
        sleepers.lazy.map(\.deadline).min()
    }

    /// Moves time to the next deadline and wakes every task asleep until then, one at a time,
    /// each followed by running until nothing runs (`VirtualClock.advanceToNextDeadline()`).
    /// Returns false when nothing sleeps.
    @discardableResult
    mutating func advance() -> Bool {
        guard let deadline = nextDeadline else { return false }
        while ended == nil, let index = earliestSleeper(notAfter: deadline) {
            let sleeper = sleepers.remove(at: index)
            if now < sleeper.deadline { now = sleeper.deadline }
            enqueueJob(sleeper.task)
            settle()
        }
        if now < deadline { now = deadline }
        return true
    }

    /// Counts the steps of one move from here.
    mutating func beginMove() {
        moveSteps = 0
        ringLength = nil
        outerRing.reset()
        innerRing.reset()
        if detectsRings { moveVisits.beginRun(keeping: oracle.changedPosition) }
    }

    /// The steps a move takes before its drains look for a ring (`detectsRings`).
    ///
    /// Below it a move pays one comparison a pass and nothing else: the moves of the examples
    /// and of the generated specs settle in a few dozen steps, far below. Past it every pass of
    /// a drain takes a snapshot of the machine, so rings are found within a few hundred steps of
    /// it (at most twice the steps before the ring started, plus one turn of the ring, in
    /// passes), instead of at the bound a hundred times further (100,000). It is also the
    /// length of a livelock's counterexample after its last move
    /// (`CounterexampleRun.unsettledShownSteps`): a ring is only reported once the run has gone at least
    /// as far as the counterexample shows.
    static let ringSearchStart = 1_000

    /// The choices a run of a move makes before its drains look for states earlier runs met
    /// (`MoveVisits`): a move with fewer is run once per combination, at no cost per step, and
    /// ordinary moves make one or two.
    static let revisitSearchChoices = 4

    /// The most events all queues may hold (waiting and pending) for a pass to look for states
    /// earlier runs met: a snapshot copies them.
    static let revisitSearchQueue = 64

    /// Whether every spin has stopped (reached a final state).
    var allStopped: Bool {
        spins.allSatisfy(\.stopped)
    }

    private func earliestSleeper(notAfter target: Int64) -> Int? {
        var best: Int?
        for index in sleepers.indices where sleepers[index].deadline <= target {
            if let current = best,
               (sleepers[current].deadline, sleepers[current].sequence) < (sleepers[index].deadline, sleepers[index].sequence) {
                continue
            }
            best = index
        }
        return best
    }

    /// Runs the executor's jobs until none is left (the clock's "settled").
    mutating func settle() {
        while ended == nil, executorHead < executor.count {
            let task = executor[executorHead]
            executorHead &+= 1
            run(task)
        }
        if executorHead >= executor.count {
            executor.removeAll(keepingCapacity: true)
            executorHead = 0
        }
    }

    mutating func enqueueJob(_ task: Int) {
        executor.append(task)
    }
}
