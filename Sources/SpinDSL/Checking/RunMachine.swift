import Spin

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
    fileprivate var freeTasks: [Int] = []
    var executor: [Int] = []
    fileprivate var executorHead = 0
    var sleepers: [Sleeper] = []
    /// Virtual time in nanoseconds.
    var now: Int64 = 0
    fileprivate var nextSequence = 0
    /// Steps reduced, all spins together.
    var steps = 0
    /// Steps since `beginMove()`, and the most a move may take.
    private(set) var moveSteps = 0
    var moveStepLimit = Int.max
    /// Whether a drain that comes back to the same state ends the run as the move's bound would
    /// (`.stepLimit`) without waiting for it (the checker's moves; a run never looks).
    var detectsRings = false
    /// The ring that ended the move, if one did: its length in steps.
    private(set) var ringLength: Int?
    /// The rings looked for in the outermost drain and in a drain it runs after a step.
    private var outerRing = RingDetector()
    private var innerRing = RingDetector()
    /// The states the drains of this move's runs were in (`detectsRings`): kept across the runs
    /// that enumerate a move's choices, so a machine made for each run carries them over.
    var moveVisits = MoveVisits()
    /// Every step up to this many, all spins together, is a step; the next ends the run.
    var totalStepLimit = Int.max
    var maxQueueLength = Int.max
    var ended: End?
    var oracle: ChoiceOracle
    /// The listeners of each gear in the order they attached: (spin, slot).
    fileprivate var listeners: [[(spin: Int, slot: Int)]]
    /// What each gear keeps while no listener is attached.
    fileprivate var gearBuffers: [[GearMessage]]
    /// The effect being started (`Task.immediate`: it runs on the drainer until it first suspends
    /// or ends), if any: an effect that ends then answers into its spin's `pending`.
    private var starting: (spin: Int, token: Int)?
    /// `DrainTrampoline`: whether a drain runs, and the drains claimed meanwhile.
    private var trampolineDraining = false
    private var deferredDrains: [Int] = []
    private var deferredHead = 0
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
    private mutating func checkInvariants(_ index: Int) {
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
    /// (`SpecChecker.livelockShownSteps`): a ring is only reported once the run has gone at least
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

    private mutating func enqueueJob(_ task: Int) {
        executor.append(task)
    }

    // MARK: A spin's loop

    private mutating func startSpin(_ index: Int) {
        spins[index].started = true
        spins[index].draining = true
        let spin = program.spins[index]
        for (slot, feedback) in spin.slots.enumerated() {
            if case .gearListener(_, let gear, _) = feedback.kind, listeners.indices.contains(gear) {
                attach(gear: gear, spin: index, slot: slot)
            }
        }
        // The initial delivery is not part of a drain: a spin it wakes drains on the spot.
        deliver(index)
        // The drain after the start asks the internal-event source first.
        askInternalEvent(index)
        drain(index)
    }

    /// Whoever queues an event while nobody drains becomes the drainer.
    private mutating func claim(_ index: Int) -> Bool {
        guard !spins[index].draining, spins[index].started || spins[index].stopped else { return false }
        spins[index].draining = true
        return true
    }

    private mutating func append(_ index: Int, _ item: Queued) -> Bool {
        guard spins[index].queuedCount < maxQueueLength else {
            spins[index].stopped = true
            if ended == nil { ended = .queueFull(spin: index) }
            return false
        }
        spins[index].queue.append(item)
        return true
    }

    /// `SpinRuntime.enqueue`: an event from outside, a listener or an effect task.
    private mutating func enqueue(_ index: Int, _ event: SpecEvent, origin: Int, token: Int) {
        guard ended == nil, !spins[index].stopped else { return }
        var effect: Int?
        if token != 0 {
            guard let found = effectIndex(index, token) else { return }
            effect = found
        }
        if append(index, Queued(event: event, origin: origin, token: token)), let effect {
            spins[index].effects[effect].queued &+= 1
        }
        if claim(index) { drain(index) }
    }

    private mutating func popQueue(_ index: Int) -> Queued? {
        guard spins[index].queueHead < spins[index].queue.count else { return nil }
        let item = spins[index].queue[spins[index].queueHead]
        spins[index].queueHead &+= 1
        if spins[index].queueHead == spins[index].queue.count {
            spins[index].queue.removeAll(keepingCapacity: true)
            spins[index].queueHead = 0
        }
        return item
    }

    /// `SpinRuntime.drain`: drains never nest (`DrainTrampoline`). A drain claimed while another
    /// one runs waits, in the order claimed, until the outermost drain has finished its current
    /// step; the outermost runs the waiting drains after each of its steps.
    private mutating func drain(_ index: Int) {
        if trampolineDraining {
            deferredDrains.append(index)
            return
        }
        trampolineDraining = true
        drainSteps(index, outermost: true)
        runDeferredDrains()
        trampolineDraining = false
    }

    private mutating func runDeferredDrains() {
        while deferredHead < deferredDrains.count {
            let index = deferredDrains[deferredHead]
            deferredHead &+= 1
            drainSteps(index, outermost: false)
        }
        deferredDrains.removeAll(keepingCapacity: true)
        deferredHead = 0
    }

    /// Reduces the queue one event at a time, delivering each new state; an internal event comes
    /// before anything queued (`RuntimeStateMachine.nextStep`).
    private mutating func drainSteps(_ index: Int, outermost: Bool) {
        // A ring is a state coming back within one call of this loop: its callers wait for it.
        if detectsRings, moveSteps >= Self.ringSearchStart {
            if outermost { outerRing.reset() } else { innerRing.reset() }
        }
        let choicesBefore = oracle.made.count
        let drainNumber = detectsRings ? moveVisits.startDrain(choices: choicesBefore) : 0
        while true {
            if ended != nil { return }
            if detectsRings, oracle.made.count >= Self.revisitSearchChoices, oracle.takesFirstOutcomesFromHere,
               foundRevisit(index, outermost: outermost, drain: drainNumber, choicesBefore: choicesBefore) {
                return
            }
            if detectsRings, moveSteps >= Self.ringSearchStart, foundRing(index, outermost: outermost) { return }
            var next: Queued?
            var source: String?
            if let raised = spins[index].raised {
                spins[index].raised = nil
                next = Queued(event: raised.event, origin: Self.internalOrigin, token: 0)
                source = raised.source
            }
            if !spins[index].pending.isEmpty {
                // What the feedbacks returned joins the queue; when nothing else waits, its first
                // event is the next one anyway.
                let pending = spins[index].pending
                spins[index].pending.removeAll(keepingCapacity: true)
                var rest = pending[...]
                if spins[index].queuedCount == 0, !spins[index].stopped, source == nil {
                    next = rest.popFirst()
                }
                for item in rest {
                    if spins[index].stopped || !append(index, item) { break }
                }
            }
            if spins[index].stopped {
                teardown(index)
                return
            }
            guard let item = next ?? popQueue(index) else {
                spins[index].draining = false
                return
            }
            if item.token != 0, let effect = effectIndex(index, item.token) {
                spins[index].effects[effect].queued &-= 1
            }
            step(index, item, internalSource: source)
            askInternalEvent(index)
            if outermost, deferredHead < deferredDrains.count { runDeferredDrains() }
        }
    }

    /// The origin of an internal event's step (`Queued.origin`).
    private static let internalOrigin = -2

    /// The internal-event source's next event for spin `index`, if it has one, to be reduced
    /// before anything queued.
    private mutating func askInternalEvent(_ index: Int) {
        let spin = program.spins[index]
        guard spin.hasInternalEvents, ended == nil, let answer = spin.table.internalEvent(spins[index].state, maxStringBytes: program.maxStringBytes) else { return }
        spins[index].raised = answer
    }

    /// Reduces one event and reports it as `SpecRun` does; delivers the state if it changed.
    private mutating func step(_ index: Int, _ item: Queued, internalSource: String?) {
        let spin = program.spins[index]
        let from = spins[index].state.control
        // A trace tells the states a step re-enters, worked out from the state before it.
        let before = observer != nil && spin.mayReenter ? spins[index].state : nil
        let changed: Bool
        if spin.isStatechart {
            var fired: [Int]? = coverage == nil ? nil : []
            changed = spin.table.reduceStatechart(&spins[index].state, item.event, maxStringBytes: program.maxStringBytes, firedRows: &fired)
            for row in fired ?? [] { coverage?.rowFired(spin: index, row: row) }
        } else {
            var row = -1
            changed = spin.table.reduce(&spins[index].state, item.event, maxStringBytes: program.maxStringBytes, firedRow: &row)
            if row >= 0 { coverage?.rowFired(spin: index, row: row) }
        }
        coverage?.stateReached(spin: index, control: spins[index].state.control)
        steps &+= 1
        moveSteps &+= 1
        if let observer {
            let state = spins[index].state
            let origin: EventOrigin
            if let internalSource {
                origin = .internal(source: internalSource)
            } else if item.origin < 0 {
                origin = .input
            } else {
                origin = .feedback(index: item.origin, name: spin.slots[item.origin].name)
            }
            observer(TraceStep(
                number: steps, time: now / 1_000_000, spin: index, event: item.event, origin: origin,
                from: from, state: state, changed: changed,
                reentry: before.flatMap { spin.table.reentry(from: $0, by: item.event, maxStringBytes: program.maxStringBytes) }))
        }
        if spins[index].state.hasFault, let fault = spins[index].state.fault {
            ended = .fault(fault)
            return
        }
        checkInvariants(index)
        if ended != nil { return }
        let control = spins[index].state.control
        if control >= 0, control < spin.isFinal.count, spin.isFinal[control] {
            // The run stops the spin; this state still reaches its feedbacks.
            spins[index].stopped = true
        }
        // A run whose last spin reaches its final state on the last allowed step is final, not
        // stopped by the limit (as `SpecRun` decides).
        if (steps >= totalStepLimit && !allStopped) || moveSteps > moveStepLimit {
            ended = .stepLimit
            return
        }
        if changed, spin.hasSlots { deliver(index) }
    }

    /// Delivers the spin's state to its feedbacks in declaration order.
    private mutating func deliver(_ index: Int) {
        let spin = program.spins[index]
        let state = spins[index].state
        for (slot, feedback) in spin.slots.enumerated() {
            if ended != nil { return }
            switch feedback.kind {
            case .outbox:
                for message in state.outbox { propagate(message.gear, message.message) }
            case .latest:
                spins[index].latest = state
            case .levelCases(let cases):
                guard !state.hasFault else { continue }
                for id in cases {
                    let rule = spin.rule(id)
                    do throws(EvaluationError) {
                        guard try rule.level.holds(state) else { continue }
                    } catch {
                        queueResult(index, .failure(SpecFault(error)), slot: slot)
                        break
                    }
                    coverage?.ruleFired(spin: index, rule: id)
                    if let event = rule.constant ?? act(index, id, state: state, payload: []) {
                        queueResult(index, event, slot: slot)
                    }
                    break
                }
            case .level(let id):
                guard !state.hasFault else { continue }
                let rule = spin.rule(id)
                do throws(EvaluationError) {
                    guard try rule.level.holds(state) else { continue }
                } catch {
                    queueResult(index, .failure(SpecFault(error)), slot: slot)
                    continue
                }
                coverage?.ruleFired(spin: index, rule: id)
                if let event = rule.constant ?? act(index, id, state: state, payload: []) {
                    queueResult(index, event, slot: slot)
                }
            case .perState(let rule, let cancels):
                // `triggeredBy:`: a state whose trigger does not hold leaves the running effect
                // alone; one where it faults starts an effect that answers the fault at once.
                let value = spin.rule(rule).trigger(state)
                if case .off = value { continue }
                if cancels, spins[index].memory[slot].running != 0 {
                    cancelEffect(index, spins[index].memory[slot].running)
                    spins[index].memory[slot].running = 0
                }
                if case .fault(let fault) = value {
                    queueResult(index, .failure(fault), slot: slot)
                    continue
                }
                let token = startEffect(index, slot: slot, body: .delayed, rule: rule, state: state)
                if cancels { spins[index].memory[slot].running = token }
            case .edgeContinue(let rule):
                // `ChangeMemory`: acts when the trigger changes to holding or to a new fault.
                let watched = Self.watch(spin.rule(rule), on: state)
                let changed = spins[index].memory[slot].trigger.map { $0 != watched } ?? true
                spins[index].memory[slot].trigger = watched
                guard changed else { continue }
                switch watched.value {
                case .off: continue
                case .fault(let fault): queueResult(index, .failure(fault), slot: slot)
                case .on: _ = startEffect(index, slot: slot, body: .delayed, rule: rule, state: state)
                }
            case .risingSync(let rule):
                // `skippingRepeated:` on the trigger's value, acting inline.
                let watched = Self.watch(spin.rule(rule), on: state)
                if let last = spins[index].memory[slot].trigger, last == watched { continue }
                spins[index].memory[slot].trigger = watched
                switch watched.value {
                case .off: continue
                case .fault(let fault): queueResult(index, .failure(fault), slot: slot)
                case .on:
                    if let event = act(index, rule, state: state, payload: []) { queueResult(index, event, slot: slot) }
                }
            case .risingAsync(let rule), .periodic(let rule):
                // `skippingRepeated:`: a new value cancels the previous effect and starts one for
                // itself (for `.off` one that ends at once with nothing).
                let watched = Self.watch(spin.rule(rule), on: state)
                if let last = spins[index].memory[slot].trigger, last == watched { continue }
                spins[index].memory[slot].trigger = watched
                let value = watched.value
                if spins[index].memory[slot].running != 0 {
                    cancelEffect(index, spins[index].memory[slot].running)
                    spins[index].memory[slot].running = 0
                }
                let isPeriodic = if case .periodic = feedback.kind { true } else { false }
                switch value {
                case .off:
                    continue
                case .fault(let fault):
                    // An effect answers it at once; `PeriodicEvents` emits it, into the queue.
                    if isPeriodic {
                        enqueue(index, .failure(fault), origin: slot, token: 0)
                    } else {
                        queueResult(index, .failure(fault), slot: slot)
                    }
                case .on:
                    spins[index].memory[slot].running = startEffect(
                        index, slot: slot, body: isPeriodic ? .periodic : .delayed, rule: rule, state: state)
                }
            case .change(let rule, let immediate):
                // `skippingRepeated:` on the watched value: a change cancels the previous effect.
                let value = Self.watch(spin.rule(rule), state, maxStringBytes: program.maxStringBytes)
                if let last = spins[index].memory[slot].watched, last == value { continue }
                spins[index].memory[slot].watched = value
                if spins[index].memory[slot].running != 0 {
                    cancelEffect(index, spins[index].memory[slot].running)
                    spins[index].memory[slot].running = 0
                }
                guard changeActs(index, rule, watched: value, state: state, slot: slot) else { continue }
                spins[index].memory[slot].running = startEffect(
                    index, slot: slot, body: immediate ? .immediate : .delayed, rule: rule, state: state)
            case .changeContinue(let rule, let immediate):
                // `ChangeMemory` on the watched value, none cancelled; a faulted state is skipped.
                guard !state.hasFault else { continue }
                let value = Self.watch(spin.rule(rule), state, maxStringBytes: program.maxStringBytes)
                let changed = spins[index].memory[slot].watched.map { $0 != value } ?? true
                spins[index].memory[slot].watched = value
                guard changed else { continue }
                guard changeActs(index, rule, watched: value, state: state, slot: slot) else { continue }
                _ = startEffect(index, slot: slot, body: immediate ? .immediate : .delayed, rule: rule, state: state)
            case .gearListener:
                continue
            }
        }
    }

    /// What an edge or periodic rule watches on `state`: its trigger's value, with the entry
    /// parities of an `enter` rule whose states are entered again (`SpinBuilderForSpec`).
    /// Whether a `changes` rule acts on a change to `value` in `state`: not when the value or the
    /// rule's condition faults (the fault is its answer) or the condition does not hold.
    private mutating func changeActs(
        _ index: Int, _ rule: RuleCaseID, watched value: Result<SpinValue, SpecFault>, state: SpecState, slot: Int
    ) -> Bool {
        if case .failure(let fault) = value {
            queueResult(index, .failure(fault), slot: slot)
            return false
        }
        switch WatchedValue.acts(program.spins[index].rule(rule).model.condition, on: state, maxStringBytes: program.maxStringBytes) {
        case .failure(let fault):
            queueResult(index, .failure(fault), slot: slot)
            return false
        case .success(let holds):
            return holds
        }
    }

    private static func watch(_ rule: MachineProgram.RuleProgram, on state: SpecState) -> EntryWatch {
        let value = rule.trigger(state)
        guard let entry = rule.entry else { return EntryWatch(value: value, parities: nil) }
        return EntryWatch(value: value, flips: entry, in: state)
    }

    /// What a `changes` rule watches on `state` (`WatchedValue`).
    private static func watch(
        _ rule: MachineProgram.RuleProgram, _ state: SpecState, maxStringBytes: Int
    ) -> Result<SpinValue, SpecFault> {
        guard let watched = rule.watched else {
            return .failure(SpecFault(.internalError, at: rule.model.declaration.location, ["problem": "a 'changes' rule without its expression"]))
        }
        do throws(EvaluationError) {
            return .success(try watched.evaluate(state.context(maxStringBytes)))
        } catch {
            return .failure(SpecFault(error))
        }
    }

    /// A synchronous feedback's event, queued when the delivery ends.
    private mutating func queueResult(_ index: Int, _ event: SpecEvent, slot: Int) {
        spins[index].pending.append(Queued(event: event, origin: slot, token: 0))
    }

    /// `SpinRuntime.teardown`: the spin stopped; its effects are cancelled, its queue dropped and
    /// its listeners detached.
    private mutating func teardown(_ index: Int) {
        spins[index].pending.removeAll()
        spins[index].raised = nil
        for (slot, feedback) in program.spins[index].slots.enumerated() {
            switch feedback.kind {
            case .gearListener(_, let gear, _):
                if listeners.indices.contains(gear) {
                    listeners[gear].removeAll { $0.spin == index && $0.slot == slot }
                }
            default:
                if spins[index].memory[slot].running != 0 {
                    cancelEffect(index, spins[index].memory[slot].running)
                    spins[index].memory[slot].running = 0
                }
            }
        }
        let effects = spins[index].effects
        spins[index].effects.removeAll()
        for effect in effects { cancelTask(effect.task) }
        spins[index].queue.removeAll()
        spins[index].queueHead = 0
        spins[index].draining = false
    }

    // MARK: Actions

    /// A rule's action, run at once (`SpinBuilderForSpec.immediateAction`): the event to feed back.
    private mutating func act(_ index: Int, _ id: RuleCaseID, state: SpecState, payload: [SpinValue]) -> SpecEvent? {
        let spin = program.spins[index]
        let rule = spin.rule(id)
        coverage?.ruleFired(spin: index, rule: id)
        switch rule.model.action {
        case .emit(let emit):
            return SpinBuilderForSpec.makeEvent(emit, fields: spin.fieldTypes[emit.event], state: state, gearPayload: payload, maxStringBytes: program.maxStringBytes)
        case .choose(let branches):
            let picked = oracle.pick(spin: index, rule: id, stream: rule.stream, weights: branches.map(\.weight))
            let emit = branches[picked].emit
            return SpinBuilderForSpec.makeEvent(emit, fields: spin.fieldTypes[emit.event], state: state, gearPayload: payload, maxStringBytes: program.maxStringBytes)
        case let .propagate(gear, event, expressions):
            do throws(EvaluationError) {
                let context = EvaluationContext(data: state.data, event: payload, state: state.control, maxStringBytes: program.maxStringBytes)
                var values: [SpinValue] = []
                values.reserveCapacity(expressions.count)
                for expression in expressions { values.append(try expression.evaluate(context)) }
                propagate(gear, GearMessage(kind: event, payload: values))
                return nil
            } catch {
                return .failure(SpecFault(error))
            }
        case .render(let template):
            do throws(EvaluationError) {
                _ = try template.render(EvaluationContext(data: state.data, event: payload, state: state.control, maxStringBytes: program.maxStringBytes))
                return nil
            } catch {
                return .failure(SpecFault(error))
            }
        case .effect:
            return .failure(SpecFault(.catchWithEffect, at: rule.model.declaration.location))
        }
    }

    /// How a simulated effect starts (`SpinBuilderForSpec.asyncAction`): its outcome is picked at
    /// once, then the task waits that outcome's latency (`afterSimulate`) or answers now.
    private enum EffectStart {
        case answer(SpecEvent?)
        case wait(outcome: Int, duration: Int64)
    }

    private mutating func startSimulatedEffect(_ index: Int, _ id: RuleCaseID, state: SpecState) -> EffectStart {
        let rule = program.spins[index].rule(id)
        guard case .effect(let name, let simulate) = rule.model.action else {
            return .answer(act(index, id, state: state, payload: []))
        }
        guard let simulate else {
            return .answer(.failure(SpecFault(.effectNotBound, at: rule.model.declaration.location, ["effect": name])))
        }
        let picked = simulate.outcome.count == 1
            ? 0 : oracle.pick(spin: index, rule: id, stream: rule.stream, weights: simulate.outcome.map(\.weight))
        guard let delay = simulate.outcome[picked].delay ?? simulate.delay else {
            return .answer(outcomeEvent(index, id, outcome: picked, state: state))
        }
        switch Self.arm(delay, on: state, as: .delay, maxStringBytes: program.maxStringBytes) {
        case .failure(let fault): return .answer(.failure(fault))
        case .success(let duration): return .wait(outcome: picked, duration: duration)
        }
    }

    /// The event of a simulated effect's outcome `outcome` on `state`.
    private mutating func outcomeEvent(_ index: Int, _ id: RuleCaseID, outcome: Int, state: SpecState) -> SpecEvent? {
        let spin = program.spins[index]
        guard case .effect(_, let simulate?) = spin.rule(id).model.action, simulate.outcome.indices.contains(outcome) else { return nil }
        coverage?.ruleFired(spin: index, rule: id)
        let emit = simulate.outcome[outcome].emit
        return SpinBuilderForSpec.makeEvent(emit, fields: spin.fieldTypes[emit.event], state: state, gearPayload: [], maxStringBytes: program.maxStringBytes)
    }

    /// A timer's duration in nanoseconds, computed on `state` when it is armed.
    static func arm(
        _ timer: TimerDuration, on state: SpecState, as key: TimerDuration.Key, maxStringBytes: Int
    ) -> Result<Int64, SpecFault> {
        do throws(SpecFault) {
            return .success(MachineProgram.nanoseconds(try timer.armed(on: state, as: key, maxStringBytes: maxStringBytes)))
        } catch {
            return .failure(error)
        }
    }

    // MARK: Gears

    private mutating func attach(gear: Int, spin: Int, slot: Int) {
        listeners[gear].append((spin, slot))
        let buffered = gearBuffers[gear]
        gearBuffers[gear].removeAll()
        for message in buffered { deliverGearMessage(message, to: spin, slot: slot) }
    }

    /// `Gear.propagate`: to every listener attached now, in attach order; kept while none is.
    private mutating func propagate(_ gear: Int, _ message: GearMessage) {
        guard listeners.indices.contains(gear) else { return }
        if listeners[gear].isEmpty {
            // Only a spin that starts later can attach; once all have started, no one will.
            if spins.contains(where: { !$0.started }) {
                if gearBuffers[gear].count >= 1024 { gearBuffers[gear].removeFirst() }
                gearBuffers[gear].append(message)
            }
            return
        }
        for listener in listeners[gear] {
            deliverGearMessage(message, to: listener.spin, slot: listener.slot)
        }
    }

    private mutating func deliverGearMessage(_ message: GearMessage, to spin: Int, slot: Int) {
        guard case .gearListener(let rule, _, let event) = program.spins[spin].slots[slot].kind, message.kind == event else { return }
        let state = spins[spin].latest ?? SpecState(control: 0, data: [])
        if let event = act(spin, rule, state: state, payload: message.payload) {
            enqueue(spin, event, origin: slot, token: 0)
        }
    }

    // MARK: Effects and tasks

    private func effectIndex(_ index: Int, _ token: Int) -> Int? {
        spins[index].effects.firstIndex { $0.token == token }
    }

    /// `SpinRuntime.startEffect`: a task, started at once on the drainer (`Task.immediate`), which
    /// runs until it first suspends or ends; one that ends answers into the spin's `pending` (see
    /// `finish`). Returns its token.
    private mutating func startEffect(
        _ index: Int, slot: Int, body: MachineTask.Body, rule: RuleCaseID, state: SpecState?
    ) -> Int {
        spins[index].nextToken &+= 1
        let token = spins[index].nextToken
        guard !spins[index].stopped else { return token }
        let task = allocateTask(MachineTask(spin: index, slot: slot, token: token, body: body, rule: rule, state: state))
        spins[index].effects.append(Effect(token: token, task: task))
        let outer = starting
        starting = (index, token)
        run(task)
        starting = outer
        return token
    }

    /// `SpinRuntime.cancelEffect`: drops the effect's queued events and cancels its task.
    private mutating func cancelEffect(_ index: Int, _ token: Int) {
        guard let position = effectIndex(index, token) else { return }
        let effect = spins[index].effects.remove(at: position)
        if effect.queued > 0 {
            let head = spins[index].queueHead
            var kept = Array(spins[index].queue[head...])
            kept.removeAll { $0.token == token }
            spins[index].queue = kept
            spins[index].queueHead = 0
        }
        cancelTask(effect.task)
    }

    /// `Task.cancel()`: a sleeping task wakes at once and its sleep throws.
    private mutating func cancelTask(_ task: Int) {
        guard tasks.indices.contains(task), tasks[task] != nil else { return }
        tasks[task]?.cancelled = true
        if let sleeping = sleepers.firstIndex(where: { $0.task == task }) {
            sleepers.remove(at: sleeping)
            tasks[task]?.resumesThrowing = true
            enqueueJob(task)
        }
    }

    fileprivate mutating func allocateTask(_ task: MachineTask) -> Int {
        if let free = freeTasks.popLast() {
            tasks[free] = task
            return free
        }
        tasks.append(task)
        return tasks.count &- 1
    }

    private mutating func freeTask(_ task: Int) {
        guard tasks.indices.contains(task), tasks[task] != nil else { return }
        tasks[task] = nil
        freeTasks.append(task)
    }

    /// What `SpinClock.sleep(for:)` did.
    private enum Sleep {
        /// The task sleeps on the clock; it resumes at its phase.
        case suspended
        /// The sleep returned at once (no time to wait).
        case returned
        /// The sleep threw: the task was cancelled.
        case threw
    }

    private mutating func sleep(_ task: Int, for duration: Int64, resumingAt phase: MachineTask.Phase) -> Sleep {
        guard let current = tasks[task] else { return .threw }
        if current.cancelled { return .threw }
        nextSequence &+= 1
        if duration <= 0 { return .returned }
        let (deadline, overflow) = now.addingReportingOverflow(duration)
        sleepers.append(Sleeper(deadline: overflow ? .max : deadline, sequence: nextSequence, task: task))
        tasks[task]?.phase = phase
        return .suspended
    }

    /// Runs a task's job: from where it resumes until it sleeps or ends.
    private mutating func run(_ taskIndex: Int) {
        guard tasks.indices.contains(taskIndex), let task = tasks[taskIndex] else { return }
        let threw = task.resumesThrowing
        tasks[taskIndex]?.resumesThrowing = false
        switch task.body {
        case .immediate:
            finish(taskIndex, last: act(task.spin, task.rule, state: task.state ?? spins[task.spin].state, payload: []))
        case .delayed:
            runDelayed(taskIndex, task, threw: threw)
        case .periodic:
            runPeriodic(taskIndex, resumingFrom: task.phase, threw: threw)
        }
    }

    /// `delayed(state, [])`: the rule's `after` on the triggering state, then the action.
    private mutating func runDelayed(_ taskIndex: Int, _ task: MachineTask, threw: Bool) {
        let rule = program.spins[task.spin].rule(task.rule)
        let state = task.state ?? spins[task.spin].state
        switch task.phase {
        case .start:
            if let delay = rule.delay {
                switch Self.arm(delay, on: state, as: .delay, maxStringBytes: program.maxStringBytes) {
                case .failure(let fault): return finish(taskIndex, last: .failure(fault))
                case .success(let duration):
                    switch sleep(taskIndex, for: duration, resumingAt: .afterWait) {
                    case .suspended: return
                    case .threw: return finish(taskIndex, last: nil)
                    case .returned: break
                    }
                }
            }
        case .afterWait:
            if threw { return finish(taskIndex, last: nil) }
        case .afterSimulate:
            if threw { return finish(taskIndex, last: nil) }
            return finish(taskIndex, last: outcomeEvent(task.spin, task.rule, outcome: task.outcome, state: state))
        }
        switch startSimulatedEffect(task.spin, task.rule, state: state) {
        case .answer(let event):
            finish(taskIndex, last: event)
        case .wait(let outcome, let duration):
            tasks[taskIndex]?.outcome = outcome
            switch sleep(taskIndex, for: duration, resumingAt: .afterSimulate) {
            case .suspended: return
            case .threw: finish(taskIndex, last: nil)
            case .returned: finish(taskIndex, last: outcomeEvent(task.spin, task.rule, outcome: outcome, state: state))
            }
        }
    }

    /// `PeriodicEvents` under `EffectBody.sequence`: the first wait (`after` on the triggering
    /// state, else a period on it), then the action on the latest state and the next period (on the
    /// latest state), again and again; each event is emitted unless the task was cancelled.
    private mutating func runPeriodic(_ taskIndex: Int, resumingFrom phase: MachineTask.Phase, threw: Bool) {
        var phase = phase
        var threw = threw
        var isFirst = phase == .start
        while ended == nil, let task = tasks[taskIndex] {
            let rule = program.spins[task.spin].rule(task.rule)
            var event: SpecEvent?
            var failed = false
            switch phase {
            case .start:
                // Arm the next wait: the first on the triggering state, the others on the latest.
                let timer: TimerDuration?
                let key: TimerDuration.Key
                if isFirst, let delay = rule.delay {
                    (timer, key) = (delay, .delay)
                } else {
                    (timer, key) = (rule.period, .period)
                }
                let armedOn = isFirst ? (task.state ?? spins[task.spin].state) : (spins[task.spin].latest ?? task.state ?? spins[task.spin].state)
                isFirst = false
                guard let timer else { return finish(taskIndex, last: nil) }
                switch Self.arm(timer, on: armedOn, as: key, maxStringBytes: program.maxStringBytes) {
                case .failure(let fault):
                    event = .failure(fault)
                    failed = true
                case .success(let duration):
                    switch sleep(taskIndex, for: duration, resumingAt: .afterWait) {
                    case .suspended: return
                    case .threw: return finish(taskIndex, last: nil)
                    case .returned: phase = .afterWait
                    }
                    continue
                }
            case .afterWait:
                if threw { return finish(taskIndex, last: nil) }
                guard let state = spins[task.spin].latest else {
                    phase = .start
                    continue
                }
                switch startSimulatedEffect(task.spin, task.rule, state: state) {
                case .answer(let answer):
                    event = answer
                case .wait(let outcome, let duration):
                    tasks[taskIndex]?.outcome = outcome
                    tasks[taskIndex]?.state = state
                    switch sleep(taskIndex, for: duration, resumingAt: .afterSimulate) {
                    case .suspended: return
                    case .threw:
                        // The action gives nothing; the next period's sleep throws too.
                        phase = .start
                        continue
                    case .returned: event = outcomeEvent(task.spin, task.rule, outcome: outcome, state: state)
                    }
                }
            case .afterSimulate:
                if threw {
                    threw = false
                    phase = .start
                    continue
                }
                event = outcomeEvent(task.spin, task.rule, outcome: task.outcome, state: task.state ?? spins[task.spin].state)
            }
            threw = false
            phase = .start
            if let event {
                if tasks[taskIndex]?.cancelled ?? true { return finish(taskIndex, last: nil) }
                enqueue(task.spin, event, origin: task.slot, token: task.token)
            }
            // A duration that could not be computed ends the sequence after its failure.
            if failed { return finish(taskIndex, last: nil) }
        }
    }

    /// `SpinRuntime.finishEffect`: the effect ended; its last event is queued unless it was
    /// cancelled, and reduced at once if nobody drains.
    private mutating func finish(_ taskIndex: Int, last: SpecEvent?) {
        guard let task = tasks[taskIndex] else { return }
        freeTask(taskIndex)
        let index = task.spin
        guard let effect = effectIndex(index, task.token) else { return }
        spins[index].effects.remove(at: effect)
        if let starting, starting.spin == index, starting.token == task.token {
            // It ended while it was being started: its answer joins what the synchronous feedbacks
            // return for the state (`ImmediateAnswer`).
            if let last, !spins[index].stopped { queueResult(index, last, slot: task.slot) }
            return
        }
        guard let last, !spins[index].stopped, ended == nil else { return }
        _ = append(index, Queued(event: last, origin: task.slot, token: 0))
        if claim(index) { drain(index) }
    }
}

/// Finding a ring of steps inside a move (`detectsRings`).
extension RunMachine {
    /// Looks for a ring at the top of a pass of drain `index`: ends the run with `.stepLimit`,
    /// as the move's bound would end it later, when the machine is in a state it was in earlier
    /// in the same drain, and every choice since took its first outcome and will again.
    fileprivate mutating func foundRing(_ index: Int, outermost: Bool) -> Bool {
        guard oracle.takesFirstOutcomesFromHere else {
            // A prescribed choice may still be ahead: the same state need not do the same again.
            if outermost { outerRing.reset() } else { innerRing.reset() }
            return false
        }
        // Worked on as a local: building a snapshot reads the machine the detector is part of.
        var detector = outermost ? outerRing : innerRing
        let length = detector.observe(ringKey(), { ringSnapshot(drainingSpin: index, outermost: outermost) }, atStep: moveSteps)
        if outermost { outerRing = detector } else { innerRing = detector }
        guard let length else { return false }
        ringLength = length
        ended = .stepLimit
        return true
    }

    /// Looks for the state at the top of a pass of drain `index` (number `drain` of the run) among
    /// the states earlier runs of the move met there: ends the run with `.revisited` when one
    /// did (`MoveVisits`).
    fileprivate mutating func foundRevisit(_ index: Int, outermost: Bool, drain: Int, choicesBefore: Int) -> Bool {
        // A snapshot costs what the queues hold: a run whose queues grow is not looked at (it
        // comes back to no state while they grow; its bound, or a ring, ends it).
        let key = ringKey()
        guard key.queued &+ key.pending <= Self.revisitSearchQueue else { return false }
        let snapshot = ringSnapshot(drainingSpin: index, outermost: outermost, includingJobs: true)
        guard moveVisits.metBefore(snapshot, drain: drain, choicesBefore: choicesBefore) else { return false }
        ended = .revisited
        return true
    }

    /// Counts that two equal snapshots share, taken without building one: a drain whose queue
    /// grows (no ring) then costs one comparison a pass, not a snapshot of the whole queue.
    private func ringKey() -> RingDetector.Key {
        var key = RingDetector.Key()
        for run in spins {
            key.queued &+= run.queuedCount
            key.pending &+= run.pending.count
            key.effects &+= run.effects.count
            key.controls = key.controls &* 31 &+ run.state.control
        }
        key.sleepers = sleepers.count
        return key
    }

    /// The machine's state as `RingSnapshot` compares it; with the executor's jobs (and the
    /// tasks only they hold) when `includingJobs`.
    private func ringSnapshot(drainingSpin: Int, outermost: Bool, includingJobs: Bool = false) -> RingSnapshot {
        // Each spin's tokens, and the tasks, numbered in the order they are met.
        var tokenNumbers = [[Int: Int]](repeating: [:], count: spins.count)
        func number(token: Int, in spin: Int) -> Int {
            guard token != 0, tokenNumbers.indices.contains(spin) else { return token }
            if let known = tokenNumbers[spin][token] { return known }
            let next = tokenNumbers[spin].count &+ 1
            tokenNumbers[spin][token] = next
            return next
        }
        var taskNumbers: [Int: Int] = [:]
        var liveTasks: [MachineTask?] = []
        func number(task: Int) -> Int {
            if let known = taskNumbers[task] { return known }
            let next = liveTasks.count
            taskNumbers[task] = next
            liveTasks.append(tasks.indices.contains(task) ? tasks[task] : nil)
            return next
        }
        var snapshotSpins: [RingSnapshot.Spin] = []
        snapshotSpins.reserveCapacity(spins.count)
        for index in spins.indices {
            let run = spins[index]
            func queued(_ item: Queued) -> Queued {
                Queued(event: item.event, origin: item.origin, token: number(token: item.token, in: index))
            }
            let effects = run.effects.map { Effect(token: number(token: $0.token, in: index), queued: $0.queued, task: number(task: $0.task)) }
            let memory = run.memory.map { memory in
                var numbered = memory
                numbered.running = number(token: memory.running, in: index)
                return numbered
            }
            snapshotSpins.append(RingSnapshot.Spin(
                state: run.state, queue: run.queue.dropFirst(run.queueHead).map(queued), raised: run.raised?.event,
                raisedSource: run.raised?.source, pending: run.pending.map(queued), started: run.started,
                draining: run.draining, stopped: run.stopped, effects: effects, latest: run.latest, memory: memory))
        }
        // A sleeper's sequence number by its rank: only their order is read.
        var ranks = [Int](repeating: 0, count: sleepers.count)
        for (rank, position) in sleepers.indices.sorted(by: { sleepers[$0].sequence < sleepers[$1].sequence }).enumerated() {
            ranks[position] = rank
        }
        let snapshotSleepers = sleepers.indices.map { position in
            Sleeper(deadline: sleepers[position].deadline, sequence: ranks[position], task: number(task: sleepers[position].task))
        }
        // A cancelled task's job ends it with nothing (its sleep throws): only the others count.
        let jobs = includingJobs
            ? executor[min(executorHead, executor.count)...].filter { tasks.indices.contains($0) && tasks[$0]?.cancelled == false }.map { number(task: $0) }
            : []
        for position in liveTasks.indices {
            guard let task = liveTasks[position] else { continue }
            liveTasks[position]?.token = number(token: task.token, in: task.spin)
        }
        var flatListeners: [Int] = []
        for gear in listeners {
            flatListeners.append(gear.count)
            for listener in gear { flatListeners += [listener.spin, listener.slot] }
        }
        return RingSnapshot(
            spins: snapshotSpins, tasks: liveTasks, sleepers: snapshotSleepers, now: now,
            startingSpin: starting?.spin ?? -1, startingToken: starting.map { number(token: $0.token, in: $0.spin) } ?? 0,
            trampolineDraining: trampolineDraining, deferredDrains: Array(deferredDrains.dropFirst(deferredHead)),
            listeners: flatListeners, gearBuffers: gearBuffers, jobs: jobs, drainingSpin: drainingSpin, outermost: outermost)
    }
}

/// Setting a machine to a settled state that `StateCodec` unpacks.
extension RunMachine {
    /// Empties every queue, task, sleeper and memory (keeping their storage), at time 0, every spin
    /// started and settled; the caller then sets the states and the sleeping tasks.
    mutating func resetForState() {
        for index in spins.indices {
            spins[index].queue.removeAll(keepingCapacity: true)
            spins[index].queueHead = 0
            spins[index].pending.removeAll(keepingCapacity: true)
            spins[index].raised = nil
            spins[index].started = true
            spins[index].draining = false
            spins[index].stopped = false
            spins[index].effects.removeAll(keepingCapacity: true)
            spins[index].nextToken = 0
            for slot in spins[index].memory.indices { spins[index].memory[slot] = SlotMemory() }
        }
        tasks.removeAll(keepingCapacity: true)
        freeTasks.removeAll(keepingCapacity: true)
        executor.removeAll(keepingCapacity: true)
        executorHead = 0
        sleepers.removeAll(keepingCapacity: true)
        trampolineDraining = false
        starting = nil
        deferredDrains.removeAll(keepingCapacity: true)
        deferredHead = 0
        now = 0
        nextSequence = 0
        steps = 0
        ended = nil
        ringLength = nil
        for gear in gearBuffers.indices { gearBuffers[gear].removeAll() }
    }

    /// A task asleep until `deadline`, after the sleepers restored before it.
    mutating func restoreSleepingTask(
        spin: Int, slot: Int, body: MachineTask.Body, rule: RuleCaseID, phase: MachineTask.Phase,
        state: SpecState?, outcome: Int, deadline: Int64, isRunning: Bool
    ) {
        spins[spin].nextToken &+= 1
        let token = spins[spin].nextToken
        var task = MachineTask(spin: spin, slot: slot, token: token, body: body, rule: rule, state: state)
        task.phase = phase
        task.outcome = outcome
        let index = allocateTask(task)
        spins[spin].effects.append(Effect(token: token, task: index))
        nextSequence &+= 1
        sleepers.append(Sleeper(deadline: deadline, sequence: nextSequence, task: index))
        if isRunning { spins[spin].memory[slot].running = token }
    }

    /// The feedbacks' memories and the gears' listeners as the spins' states give them: every
    /// state reached every feedback, so each remembers what the current state makes it remember.
    mutating func deriveMemories() {
        for gear in listeners.indices { listeners[gear].removeAll(keepingCapacity: true) }
        for index in spins.indices {
            let state = spins[index].state
            spins[index].latest = state
            guard !spins[index].stopped else { continue }
            let spin = program.spins[index]
            for (slot, feedback) in spin.slots.enumerated() {
                switch feedback.kind {
                case .edgeContinue(let rule), .risingSync(let rule), .risingAsync(let rule), .periodic(let rule):
                    spins[index].memory[slot].trigger = Self.watch(spin.rule(rule), on: state)
                case .change(let rule, _), .changeContinue(let rule, _):
                    spins[index].memory[slot].watched = Self.watch(spin.rule(rule), state, maxStringBytes: program.maxStringBytes)
                case .gearListener(_, let gear, _):
                    if listeners.indices.contains(gear) { listeners[gear].append((index, slot)) }
                case .outbox, .latest, .levelCases, .level, .perState:
                    break
                }
            }
        }
    }
}

/// Which rows and rule cases fired, per spin (coverage of an exploration).
struct MachineCoverage: Sendable {
    var rows: [[Bool]]
    var rules: [[[Bool]]]
    /// Per spin, whether each control state was reached (active), after any step.
    var states: [[Bool]]
    /// Per spin with nested or parallel states, its configurations: a control state is then a
    /// configuration, whose active states are reached. Nil for a flat spin (a control state is a
    /// state).
    private let configurations: [Configurations?]

    init(_ model: SpecModel) {
        rows = model.spins.map { [Bool](repeating: false, count: $0.transitions.count) }
        rules = model.spins.map { spin in spin.feedbacks.map { [Bool](repeating: false, count: $0.cases.count) } }
        configurations = model.spins.map { $0.tree.isFlat ? nil : $0.configurations }
        states = model.spins.map { [Bool](repeating: false, count: max(1, $0.states.count)) }
        for (index, spin) in model.spins.enumerated() { stateReached(spin: index, control: spin.initialState) }
    }

    mutating func stateReached(spin: Int, control: Int) {
        guard states.indices.contains(spin) else { return }
        guard let configurations = configurations[spin] else {
            if states[spin].indices.contains(control) { states[spin][control] = true }
            return
        }
        guard control >= 0, control < configurations.count else { return }
        for state in configurations.activeStates(control) where states[spin].indices.contains(Int(state)) {
            states[spin][Int(state)] = true
        }
    }

    /// Marks what `other` (of the same spec) marked: the parallel search's workers' coverage.
    mutating func formUnion(_ other: MachineCoverage) {
        func union(_ mine: inout [[Bool]], _ theirs: [[Bool]]) {
            for (spin, marks) in theirs.enumerated() where mine.indices.contains(spin) {
                for (index, mark) in marks.enumerated() where mark && mine[spin].indices.contains(index) { mine[spin][index] = true }
            }
        }
        union(&rows, other.rows)
        union(&states, other.states)
        for (spin, rules) in other.rules.enumerated() where self.rules.indices.contains(spin) {
            union(&self.rules[spin], rules)
        }
    }

    mutating func rowFired(spin: Int, row: Int) {
        if rows.indices.contains(spin), rows[spin].indices.contains(row) { rows[spin][row] = true }
    }

    mutating func ruleFired(spin: Int, rule: RuleCaseID) {
        guard rules.indices.contains(spin), rules[spin].indices.contains(rule.rule),
              rules[spin][rule.rule].indices.contains(rule.caseIndex) else { return }
        rules[spin][rule.rule][rule.caseIndex] = true
    }
}
