import SpinDSLFrontEnd
import SpinDSLRunner

/// The breadth-first exploration of `spinrun --check` (docs/checking.md).
///
/// A state is a settled run (`StateCodec`); a move is the start, an input with a payload from its
/// domain, or time moving to the next deadline, followed by the spins settling, with each
/// `choose` made on the way one branch per outcome. States are numbered in the order they are
/// reached, so the numbers of one breadth-first level follow each other, and each state remembers
/// the state and the move it was first reached by: the path back to the start is a shortest one.
final class Explorer {
    let compiled: CompiledSpec
    let program: MachineProgram
    let codec: StateCodec
    let options: CheckOptions
    let maxStringBytes: Int
    @exclusivity(unchecked) var machine: RunMachine
    @exclusivity(unchecked) private(set) var store: StateStore?
    /// The parallel search's states (`--workers`, `Explorer+Parallel.swift`); nil for one worker.
    @exclusivity(unchecked) var sharded: ShardedStore?
    /// In a worker of the parallel search: the successors found in this level, per shard
    /// (`insert` sends them there instead of storing them); nil otherwise.
    @exclusivity(unchecked) var outboxes: [SuccessorOutbox]?
    /// In a worker: the vector of the state being expanded, to tell a move back to it.
    @exclusivity(unchecked) var expanding: [UInt8] = []
    /// Whether no spin has a feedback: a move is then one input reduced by one reducer table,
    /// explored without the machine (`expandReducerOnly`).
    let isReducerOnly: Bool
    /// The spins' states and stop flags of the state being expanded, and a copy of one spin's data
    /// to restore after each move (reducer-only specs).
    private var states: [SpecState]
    private var stopped: [Bool]
    private var saved: [SpinValue] = []
    /// Reducer-only specs: the rows fired and the control states reached, flat (spin by spin,
    /// from `rowBase` and `stateBase`), merged into `coverage` at the end.
    var rowsFired: [Bool] = []
    var statesReached: [Bool] = []
    private let rowBase: [Int]
    private let stateBase: [Int]
    /// Per spin, the inputs with every payload of their domains.
    private let inputs: [[SpecEvent]]
    /// Whether an input has more payloads than `CheckOptions.maxPayloads`: nothing is explored.
    private let tooManyPayloads: Bool
    /// Per spin, whether it must reach a final state (it has some) or may settle anywhere (it has
    /// none and no inputs).
    private let mustFinish: [Bool]
    var coverage: MachineCoverage
    /// The states and moves, kept when a spin has properties (nil otherwise).
    private(set) var graph: StateGraph?
    private let fair: FairInputs

    // Unchecked: only this class's own methods touch them, one call at a time, and the checks
    // cost more than a move of a small spec.
    @exclusivity(unchecked) var transitions = 0
    @exclusivity(unchecked) var deadEnds = 0
    private(set) var findings: [Finding] = []
    /// The key of each of `findings`, in order (a worker's findings are merged by them).
    private(set) var findingOrder: [FindingKey] = []
    private var findingKeys: Set<FindingKey> = []
    @exclusivity(unchecked) var deepest = 0
    @exclusivity(unchecked) var limit: CheckLimit?
    private let started = ContinuousClock.now

    /// A finding, with where it was reached: from state `parent` (or the start) by move `move`;
    /// a property's: its lasso, the moves and where the cycle begins among them.
    struct Finding {
        let kind: CheckViolation.Kind
        let parent: UInt32
        let move: UInt32
        let depth: Int
        var lasso: (labels: [UInt32], cycleStart: Int)? = nil
    }

    enum FindingKey: Hashable {
        case invariant(spin: String, name: String)
        /// A run-time error, by its place and kind (not its values: one row overflowing with
        /// different values is one finding).
        case error(SourceLocation, DiagnosticGroup)
        case deadEnd
        case livelock
        case property(spin: Int, index: Int)
    }

    init(_ compiled: CompiledSpec, options: CheckOptions, maxStringBytes: Int) {
        self.compiled = compiled
        self.maxStringBytes = maxStringBytes
        program = MachineProgram(compiled, script: false, maxStringBytes: maxStringBytes)
        codec = StateCodec(program)
        self.options = options
        machine = Self.moveMachine(program, oracle: .enumerating(), options: options)
        coverage = MachineCoverage(compiled.model)
        fair = FairInputs(compiled.model)
        // A bitstate or compacted search keeps no state's number for a revisit: no graph, no
        // properties.
        graph = options.storesEveryState && compiled.model.spins.contains { !$0.properties.isEmpty } ? StateGraph() : nil
        let tooManyPayloads = compiled.model.spins.contains { spin in
            spin.events.contains { $0.isInput && Self.hasTooManyPayloads($0, limit: options.maxPayloads) }
        }
        self.tooManyPayloads = tooManyPayloads
        inputs = tooManyPayloads ? [] : compiled.model.spins.map(Self.inputEvents)
        mustFinish = compiled.model.spins.map(\.mustFinish)
        // A statechart's step may be followed by internal events: not one reducer step.
        isReducerOnly = options.allowsReducerOnlyPath && program.spins.allSatisfy { !$0.hasSlots && !$0.isStatechart }
            && codec.isFixedLength
        states = compiled.model.spins.map { SpecState(control: $0.initialState, data: $0.initialData) }
        stopped = compiled.model.spins.map { _ in false }
        var rowBase: [Int] = [], stateBase: [Int] = []
        var rows = 0, controls = 0
        for spin in compiled.model.spins {
            rowBase.append(rows)
            stateBase.append(controls)
            rows &+= spin.transitions.count
            controls &+= spin.controlCount
        }
        self.rowBase = rowBase
        self.stateBase = stateBase
        if isReducerOnly {
            rowsFired = [Bool](repeating: false, count: rows)
            statesReached = [Bool](repeating: false, count: controls)
        }
    }

    /// A machine that runs moves as the exploration does: bounded by `maxMoveSteps`, looking for
    /// rings. Every run of a move (exploring it, and making it again for a counterexample:
    /// `CounterexampleRun`) is made by one of these, so that each ends, and enumerates its
    /// choices, the same way.
    static func moveMachine(_ program: MachineProgram, oracle: ChoiceOracle, options: CheckOptions) -> RunMachine {
        var machine = RunMachine(program, oracle: oracle)
        machine.moveStepLimit = options.maxMoveSteps
        machine.detectsRings = true
        return machine
    }

    // MARK: The search

    func run() -> CheckResult {
        // An input with more payloads than allowed is refused before anything is made of it
        // (`SpecChecker.problems` reports which).
        if tooManyPayloads {
            limit = .maxPayloads
            return result()
        }
        if options.workers > 1, canSearchInParallel { return runInParallel(workers: options.workers) }
        machine.coverage = coverage
        exploreStart()
        guard let store else {
            coverage = machine.coverage ?? coverage
            return result()
        }
        var levelEnd = store.count
        var depth = 0
        var id = 0
        var current: [UInt8] = []
        while id < store.count, limit == nil {
            if id == levelEnd {
                depth &+= 1
                levelEnd = store.count
                // A bitstate or compacted search keeps the vectors of the levels it has yet to
                // expand only.
                store.release(below: id)
            }
            if let maxDepth = options.maxDepth, depth >= maxDepth {
                if hasMoves(id) { limit = .maxDepth }
                id &+= 1
                continue
            }
            let vector = store.vector(id)
            current.removeAll(keepingCapacity: true)
            current.append(contentsOf: vector)
            if isReducerOnly {
                expandReducerOnly(id, vector: current, depth: depth)
            } else {
                expand(id, vector: current, depth: depth)
            }
            id &+= 1
            if id & 0xFFFF == 0, let progress = options.progress {
                progress(CheckProgress(
                    states: store.count, frontier: store.count &- id, depth: depth, transitions: transitions,
                    seconds: elapsed, memoryBytes: store.memoryBytes))
            }
        }
        if limit == nil, graph != nil { checkProperties() }
        return finish()
    }

    /// The result, with the coverage of the rows and states a reducer-only search marked.
    func finish() -> CheckResult {
        coverage = machine.coverage ?? coverage
        for (spin, model) in program.model.spins.enumerated() where isReducerOnly {
            for row in model.transitions.indices where rowsFired[rowBase[spin] &+ row] { coverage.rowFired(spin: spin, row: row) }
            for control in 0..<model.controlCount where statesReached[stateBase[spin] &+ control] {
                coverage.stateReached(spin: spin, control: control)
            }
        }
        return result()
    }

    var elapsed: Double {
        let duration = ContinuousClock.now - started
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The start, once per combination of the choices made while the spins start
    /// (`RunMachine.forEachRun`, which a counterexample's first move is found by too).
    func exploreStart() {
        var start = Self.moveMachine(program, oracle: .enumerating(), options: options)
        start.coverage = machine.coverage
        let complete = start.forEachRun(of: [.start], maxRuns: options.maxMoveRuns) { label, _, fresh in
            machine.coverage = fresh.coverage
            if fresh.ended != .revisited, let reached = record(fresh, parent: StateStore.noParent, move: label, depth: 0) {
                graph?.addStart(reached, label: label)
            }
            return limit == nil
        }
        if !complete { limit = .maxMoveRuns }
    }

    /// Explores every move of state `id`.
    func expand(_ id: Int, vector: [UInt8], depth: Int) {
        var move: UInt32 = 0
        var changes = false
        let unchanged = UInt32(id)
        vector.withUnsafeBytes { bytes in
            codec.unpack(bytes, into: &machine)
        }
        if machine.allStopped { return }
        let stopped = machine.spins.map(\.stopped)
        for template in moveKinds() {
            machine.oracle.reset()
            var runs = 0
            repeat {
                if runs >= options.maxMoveRuns {
                    limit = .maxMoveRuns
                    return
                }
                runs &+= 1
                vector.withUnsafeBytes { bytes in codec.unpack(bytes, into: &machine) }
                machine.oracle.rewind()
                machine.make(template)
                if machine.ended == .revisited {
                    // Covered by the runs that took other outcomes where it came back from.
                } else if let reachedID = record(machine, parent: unchanged, move: move, depth: depth &+ 1) {
                    if reachedID == id {
                        // A move back to the same state changes nothing.
                    } else {
                        changes = true
                        if graph != nil { graph?.addEdge(from: id, to: reachedID, move: move, input: fairNumber(template)) }
                    }
                } else {
                    changes = true
                }
                move &+= 1
                if limit != nil { return }
            } while machine.oracle.advance()
        }
        if !changes { noteDeadEnd(id, stopped: stopped, depth: depth) }
    }

    /// `expand` for a spec whose spins have no feedback: a move is an input reduced by its spin's
    /// table, then the invariants and the final states, exactly as the machine would run it (no
    /// queue, task or timer can be involved), without unpacking into the machine or packing it.
    func expandReducerOnly(_ id: Int, vector: [UInt8], depth: Int) {
        // Worked on as locals (moved out and back): the class's properties would be checked for
        // exclusive access on every use.
        var states = self.states, stopped = self.stopped, saved = self.saved
        var rowsFired = self.rowsFired, statesReached = self.statesReached
        self.states = []
        self.stopped = []
        self.saved = []
        self.rowsFired = []
        self.statesReached = []
        defer {
            self.states = states
            self.stopped = stopped
            self.saved = saved
            self.rowsFired = rowsFired
            self.statesReached = statesReached
        }
        vector.withUnsafeBytes { bytes in
            let base = codec.padded(bytes)
            for index in states.indices {
                stopped[index] = codec.getSpin(index, from: base, into: &states[index])
            }
        }
        if !stopped.contains(false) { return }
        var move: UInt32 = 0
        var changes = false
        let invariants = program.invariants
        let maxStringBytes = program.maxStringBytes
        for (spin, events) in inputs.enumerated() where !stopped[spin] {
            let program = self.program.spins[spin]
            let control = states[spin].control
            let rows = rowBase[spin], controls = stateBase[spin]
            saved.removeAll(keepingCapacity: true)
            saved.append(contentsOf: states[spin].data)
            for eventIndex in events.indices {
                defer { move &+= 1 }
                var row = -1
                let changed = program.table.reduce(&states[spin], events[eventIndex], maxStringBytes: maxStringBytes, firedRow: &row)
                if row >= 0, !rowsFired[rows &+ row] { rowsFired[rows &+ row] = true }
                let reached = controls &+ states[spin].control
                if reached < statesReached.count, !statesReached[reached] { statesReached[reached] = true }
                if noteReducerFinding(states, spin: spin, invariants: invariants, parent: id, move: move, depth: depth &+ 1) {
                    changes = true
                } else if changed {
                    changes = true
                    storeReducerStep(
                        states, stopped: stopped, spin: spin, spinProgram: program, input: events[eventIndex].kind,
                        parent: id, move: move, depth: depth &+ 1)
                    if limit != nil { return }
                }
                if changed || states[spin].hasFault { Self.undoStep(of: &states[spin], control: control, data: saved) }
            }
        }
        if !changes { noteDeadEnd(id, stopped: stopped, depth: depth) }
    }

    /// Notes what spin `spin`'s reducer-only step broke, if anything: a run-time error, else an
    /// invariant that does not hold or cannot be evaluated. Returns whether it noted one (the
    /// move ends there, as the machine's run would).
    @inline(__always)
    private func noteReducerFinding(
        _ states: [SpecState], spin: Int, invariants: InvariantCheck, parent id: Int, move: UInt32, depth: Int
    ) -> Bool {
        if states[spin].hasFault, let fault = states[spin].fault {
            transitions &+= 1
            note(.error(fault), key: .error(fault.location, fault.group), parent: UInt32(id), move: move, depth: depth)
            return true
        }
        guard !invariants.isEmpty, let outcome = invariants.check(states[spin], spin: spin) else { return false }
        transitions &+= 1
        switch outcome {
        case .violated(let failure):
            note(.invariant(failure), key: .invariant(spin: failure.spin, name: failure.name), parent: UInt32(id), move: move, depth: depth)
        case .fault(let fault):
            note(.error(fault), key: .error(fault.location, fault.group), parent: UInt32(id), move: move, depth: depth)
        }
        return true
    }

    /// Stores the state the spins are in after spin `spin`'s reducer-only step (which stops it
    /// when it reaches a final state) as the machine would pack it, with its edge in the graph.
    @inline(__always)
    private func storeReducerStep(
        _ states: [SpecState], stopped: [Bool], spin: Int, spinProgram: MachineProgram.SpinProgram, input kind: Int,
        parent id: Int, move: UInt32, depth: Int
    ) {
        let after = states[spin].control
        let isFinal = after >= 0 && after < spinProgram.isFinal.count && spinProgram.isFinal[after]
        codec.beginFixed()
        for index in states.indices {
            codec.putSpin(index, state: states[index], stopped: index == spin ? isFinal : stopped[index])
        }
        let reached = insert(codec.fixedVector, parent: UInt32(id), move: move, depth: depth)
        if graph != nil, let reached {
            graph?.addEdge(from: id, to: reached, move: move, input: fair.number(spin: spin, kind: kind))
        }
    }

    /// Puts a spin's state back as it was before a reducer-only step (`data` is its data then),
    /// for the next input of the same state.
    @inline(__always)
    private static func undoStep(of state: inout SpecState, control: Int, data saved: [SpinValue]) {
        state.control = control
        if state.hasFault { state.fault = nil }
        state.data.withUnsafeMutableBufferPointer { data in
            for slot in data.indices { data[slot] = saved[slot] }
        }
    }

    /// Notes state `id` as a dead end (no move changes it) when a spin that must reach a final
    /// state has not stopped there (`stopped`, per spin).
    private func noteDeadEnd(_ id: Int, stopped: [Bool], depth: Int) {
        let waiting = stopped.indices.filter { mustFinish[$0] && !stopped[$0] }
        guard !waiting.isEmpty else { return }
        deadEnds &+= 1
        let names = waiting.map { program.model.spins[$0].name.text }
        note(.deadEnd(waiting: names), key: .deadEnd, parent: UInt32(id), move: UInt32.max, depth: depth)
    }

    /// The moves of the state in `machine`, in the order they are numbered: each input of each
    /// spin that has not stopped (spins in document order, inputs and payloads in order), then
    /// time, when a task sleeps.
    func moveKinds() -> [CheckMove.Kind] {
        moveKinds(of: machine)
    }

    /// The moves of the settled run `machine`: each input of a spin that has not stopped, with
    /// each payload, then time moving on when a task sleeps.
    func moveKinds(of machine: RunMachine) -> [CheckMove.Kind] {
        var kinds: [CheckMove.Kind] = []
        for (spin, events) in inputs.enumerated() where !machine.spins[spin].stopped {
            for event in events { kinds.append(.input(spin: spin, event: event)) }
        }
        if !machine.sleepers.isEmpty { kinds.append(.advance) }
        return kinds
    }

    /// Whether state `id` has any move (a state past `--max-depth` that has none cuts nothing).
    func hasMoves(_ id: Int) -> Bool {
        codec.unpack(storedVector(id), into: &machine)
        return !machine.allStopped && !moveKinds().isEmpty
    }


    /// The fair input `move` is, or `StateGraph.noFairInput`.
    private func fairNumber(_ move: CheckMove.Kind) -> Int32 {
        if case .input(let spin, let event) = move { return fair.number(spin: spin, kind: event.kind) }
        return StateGraph.noFairInput
    }

    /// Stores the settled state of `run`, or notes the violation it ended with. Returns the
    /// state's number (nil for a violation or when a limit stopped the search).
    @discardableResult
    private func record(_ run: RunMachine, parent: UInt32, move: UInt32, depth: Int) -> Int? {
        if let end = run.ended {
            // The callers skip a revisited run (what follows it is other runs'): nothing to note.
            if end == .revisited { return nil }
            transitions &+= 1
            switch end {
            case .invariant(let failure):
                note(.invariant(failure), key: .invariant(spin: failure.spin, name: failure.name), parent: parent, move: move, depth: depth)
            case .fault(let fault):
                note(.error(fault), key: .error(fault.location, fault.group), parent: parent, move: move, depth: depth)
            case .revisited:
                break
            case .stepLimit, .queueFull:
                // A ring found before the bound is named with its length and where it was found.
                let steps = run.ringLength == nil ? options.maxMoveSteps : run.moveSteps
                note(.livelock(steps: steps, ringLength: run.ringLength), key: .livelock, parent: parent, move: move, depth: depth)
            }
            return nil
        }
        return insert(codec.pack(run), parent: parent, move: move, depth: depth)
    }

    /// Stores `vector`, reached from `parent` by move `move` at `depth`; returns its number.
    private func insert(_ vector: UnsafeRawBufferPointer, parent: UInt32, move: UInt32, depth: Int) -> Int? {
        if outboxes != nil { return send(vector, parent: parent, move: move) }
        // The parallel search's start, found one by one, goes to its shards; everything else to
        // the one store. What is new, a limit and a transition are counted alike for both.
        let inserted: (id: Int, isNew: Bool)
        if let sharded {
            guard let found = sharded.insert(vector, parent: parent, move: move) else {
                limit = sharded.reachedMemoryLimit ? .maxMemory : .memory
                return nil
            }
            inserted = found
        } else {
            if store == nil {
                var bitstate: BitstateSet?
                if let bits = options.bitstateBits {
                    bitstate = BitstateSet(bits: bits)
                    if bitstate == nil {
                        limit = .memory
                        return nil
                    }
                }
                store = StateStore(
                    fixedLength: codec.isFixedLength ? codec.fixedBytes : 0, memoryLimit: options.maxMemoryBytes ?? Int.max, bitstate: bitstate,
                    compact: options.hashCompaction && bitstate == nil ? CompactSet() : nil)
            }
            guard let store else { return nil }
            guard let found = store.insert(vector, parent: parent, move: move) else {
                limit = store.reachedMemoryLimit ? .maxMemory : .memory
                return nil
            }
            inserted = found
        }
        if inserted.isNew {
            deepest = max(deepest, depth)
            if (sharded?.count ?? store?.count ?? 0) >= options.maxStates { limit = .maxStates }
        }
        if parent == StateStore.noParent || inserted.id != Int(parent) { transitions &+= 1 }
        return inserted.id
    }

    private func note(_ kind: CheckViolation.Kind, key: FindingKey, parent: UInt32, move: UInt32, depth: Int) {
        // A move that fails ends the run there: the state does not stutter for the properties.
        if case .deadEnd = kind {} else if parent != StateStore.noParent, move != UInt32.max { graph?.markCut(Int(parent)) }
        guard !findingKeys.contains(key) else { return }
        findingKeys.insert(key)
        findings.append(Finding(kind: kind, parent: parent, move: move, depth: depth))
        findingOrder.append(key)
    }

    /// Drops the findings a worker's level found, once taken (its keys stay: a key found again
    /// was taken already).
    func forgetFindings() {
        findings.removeAll()
        findingOrder.removeAll()
    }

    /// Takes a worker's finding, in the order found, unless one of its key was taken before.
    func adopt(_ finding: Finding, key: FindingKey) {
        guard findingKeys.insert(key).inserted else { return }
        findings.append(finding)
        findingOrder.append(key)
    }

    // MARK: Properties

    /// Checks every property of every spin on the explored graph (docs/checking.md,
    /// "Properties"): each finding a lasso, or the fault of an atom.
    private func checkProperties() {
        guard var graph, let store else { return }
        graph.finish(states: store.count)
        self.graph = graph
        let spins = program.model.spins
        for (spinIndex, spin) in spins.enumerated() {
            for (propertyIndex, property) in spin.properties.enumerated() {
                // Compiled once per property, for every state the search asks about.
                let atoms = property.atoms.map(CompiledExpression.init)
                let evaluate: (Int) -> Result<UInt64, SpecFault> = { [self] id in
                    self.atoms(atoms, spin: spinIndex, state: id)
                }
                var search = PropertySearch(graph: graph, states: store.count, automaton: property.negation, fair: fair, evaluate: evaluate)
                switch search.run() {
                case .holds:
                    break
                case .tooLarge:
                    limit = .memory
                    return
                case .fault(let fault, let id):
                    var depth = 0
                    var walk = UInt32(id)
                    while walk != StateStore.noParent {
                        walk = store.parent(of: Int(walk)).parent
                        depth &+= 1
                    }
                    let (parent, move) = store.parent(of: id)
                    note(.error(fault), key: .error(fault.location, fault.group), parent: parent, move: move, depth: max(0, depth &- 1))
                case .violated(let lasso):
                    guard findingKeys.insert(.property(spin: spinIndex, index: propertyIndex)).inserted else { continue }
                    // The start's run, then each move's number among its state's runs.
                    var labels = [graph.starts.indices.contains(lasso.start) ? graph.starts[lasso.start].label : 0]
                    // The cycle's first move follows the start and the stem's moves (with an
                    // empty stem, the start's alone).
                    var cycleStart = 1
                    for (position, edge) in (lasso.stem + lasso.cycle).enumerated() {
                        let label = graph.move[edge]
                        if label != StateGraph.stutter { labels.append(label) }
                        if position &+ 1 == lasso.stem.count { cycleStart = labels.count }
                    }
                    let failure = PropertyFailure(
                        spin: spin.name.text, name: property.name.text, location: property.name.location, formula: property.text)
                    findings.append(Finding(
                        kind: .property(failure), parent: StateStore.noParent, move: UInt32.max, depth: labels.count &- 1,
                        lasso: (labels, cycleStart)))
                }
            }
        }
    }

    /// The values of a property's atoms in state `id`, bit i for atom i.
    private func atoms(_ atoms: [CompiledExpression], spin: Int, state id: Int) -> Result<UInt64, SpecFault> {
        guard let store else { return .success(0) }
        codec.unpack(store.vector(id), into: &machine)
        let state = machine.spins[spin].state
        var bits: UInt64 = 0
        for (index, atom) in atoms.enumerated() where index < 64 {
            do throws(EvaluationError) {
                if try atom.evaluateBool(state.context(program.maxStringBytes)) { bits |= 1 << UInt64(index) }
            } catch {
                return .failure(SpecFault(error))
            }
        }
        return .success(bits)
    }
}
