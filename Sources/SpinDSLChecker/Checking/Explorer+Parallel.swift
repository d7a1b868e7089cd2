import SpinDSLFrontEnd
import SpinDSLRunner

/// The parallel search (`--workers N`, docs/checking.md "The parallel search"): level by level,
/// the workers expand contiguous ranges of the frontier, each with its own machine and codec,
/// sending each successor to the shard its hash names; then each shard, on its own thread, takes
/// what was sent to it in the order it was found; the new states are numbered by (parent, move)
/// (`ShardedStore`). States, transitions, findings and counterexamples are the one-worker
/// search's; a search a limit would stop inside a level is run again with one worker, so that
/// it stops where that one stops.
extension Explorer {
    /// Whether the parallel search may take this spec: every state stored whole (no bitstate,
    /// no hash compaction), no properties (their graph is built as states are found), vectors of
    /// one length (no timers) and no strings (the codec numbers the strings it meets, one table
    /// per codec).
    var canSearchInParallel: Bool {
        guard options.storesEveryState, graph == nil, codec.isFixedLength else { return false }
        return !program.model.spins.contains { spin in
            spin.fields.contains { $0.type == .string } || spin.events.contains { $0.fields.contains { $0.type == .string } }
        }
    }

    /// The search with `workers` workers.
    func runInParallel(workers count: Int) -> CheckResult {
        let sharded = ShardedStore(shards: count, fixedLength: codec.fixedBytes, memoryLimit: (options.maxMemoryBytes ?? Int.max) / count)
        self.sharded = sharded
        machine.coverage = coverage
        exploreStart()
        if limit != nil || sharded.reachedMemoryLimit { return searchedByOne() }
        var options = self.options
        options.workers = 1
        let workers = (0..<count).map { _ in Explorer(compiled, options: options, maxStringBytes: maxStringBytes) }
        for worker in workers {
            worker.sharded = sharded
            worker.outboxes = (0..<count).map { _ in SuccessorOutbox(length: codec.fixedBytes) }
            worker.machine.coverage = worker.coverage
        }
        let team = Team(workers)
        let threads = WorkerThreads(count: count)
        defer { threads.stop() }
        var levelStart = 0
        var levelEnd = sharded.count
        var depth = 0
        while levelStart < levelEnd {
            if let maxDepth = self.options.maxDepth, depth >= maxDepth {
                // As the one-worker search: cut at the first state of the level that has a move.
                for id in levelStart..<levelEnd where hasMoves(id) {
                    limit = .maxDepth
                    break
                }
                break
            }
            let chunk = (levelEnd &- levelStart &+ count &- 1) / count
            let (start, end, level) = (levelStart, levelEnd, depth)
            threads.perform { index in
                let low = min(end, start &+ index &* chunk)
                team.workers[index].expandLevel(low..<min(end, low &+ chunk), depth: level)
            }
            if workers.contains(where: { $0.limit != nil }) { return searchedByOne() }
            let fresh = Results<[Int]>(count: count)
            threads.perform { shard in
                let outboxes = team.workers.compactMap { $0.outboxes?[shard] }
                fresh[shard] = outboxes.contains(where: \.failed) ? nil : sharded.take(outboxes, into: shard)
            }
            let taken = fresh.values.compactMap { $0 }
            guard taken.count == count else { return searchedByOne() }
            sharded.number(taken)
            for worker in workers { gather(worker) }
            if sharded.count > levelEnd { deepest = max(deepest, depth &+ 1) }
            if sharded.count >= self.options.maxStates { return searchedByOne() }
            // As the one-worker search reports every 65,536 states expanded, at the level's end.
            if let progress = self.options.progress, levelEnd / 0x10000 > levelStart / 0x10000 {
                progress(CheckProgress(
                    states: sharded.count, frontier: sharded.count &- levelEnd, depth: depth &+ 1, transitions: transitions,
                    seconds: elapsed, memoryBytes: sharded.memoryBytes))
            }
            levelStart = levelEnd
            levelEnd = sharded.count
            depth &+= 1
        }
        for worker in workers {
            if let covered = worker.machine.coverage { machine.coverage?.formUnion(covered) }
            for (index, fired) in worker.rowsFired.enumerated() where fired && index < rowsFired.count { rowsFired[index] = true }
            for (index, reached) in worker.statesReached.enumerated() where reached && index < statesReached.count { statesReached[index] = true }
        }
        return finish()
    }

    /// Expands the states `ids` of the level at `depth` (a worker's part of the level).
    func expandLevel(_ ids: Range<Int>, depth: Int) {
        guard let sharded else { return }
        for id in ids {
            expanding.removeAll(keepingCapacity: true)
            expanding.append(contentsOf: sharded.vector(id))
            if isReducerOnly {
                expandReducerOnly(id, vector: expanding, depth: depth)
            } else {
                expand(id, vector: expanding, depth: depth)
            }
            if limit != nil { return }
        }
    }

    /// A worker's `insert`: a move back to the state being expanded changes nothing; any other
    /// successor is sent to its shard. Returns a number no state has but for a move back.
    func send(_ vector: UnsafeRawBufferPointer, parent: UInt32, move: UInt32) -> Int? {
        if parent != StateStore.noParent, isExpanding(vector) { return Int(parent) }
        transitions &+= 1
        guard let sharded, let outboxes else { return nil }
        let hash = StateStore.hash(vector)
        outboxes[sharded.shard(ofHash: hash)].append(vector, hash: hash, parent: parent, move: move)
        return -2
    }

    /// Whether `vector` is the one of the state being expanded.
    private func isExpanding(_ vector: UnsafeRawBufferPointer) -> Bool {
        expanding.withUnsafeBytes { here in
            guard here.count == vector.count else { return false }
            // Vectors are a few bytes: compared in place, without a call.
            var index = 0
            while index < here.count {
                if here[index] != vector[index] { return false }
                index &+= 1
            }
            return true
        }
    }

    /// Takes what `worker` counted and found in a level, and empties its outboxes.
    private func gather(_ worker: Explorer) {
        transitions &+= worker.transitions
        deadEnds &+= worker.deadEnds
        worker.transitions = 0
        worker.deadEnds = 0
        for (finding, key) in zip(worker.findings, worker.findingOrder) { adopt(finding, key: key) }
        worker.forgetFindings()
        for outbox in worker.outboxes ?? [] { outbox.removeAll() }
    }

    /// The same search with one worker, from the start: a limit stops it inside a level, where
    /// the parallel search could not stop the same way.
    private func searchedByOne() -> CheckResult {
        var options = self.options
        options.workers = 1
        return Explorer(compiled, options: options, maxStringBytes: maxStringBytes).run()
    }
}

/// The workers, handed to the threads of `WorkerThreads`: each thread works on its own.
private final class Team: @unchecked Sendable {
    let workers: [Explorer]
    init(_ workers: [Explorer]) { self.workers = workers }
}

/// One result per thread of a job, each written by its own thread: separate slots of raw memory,
/// since writing an element of an array property would access the whole array from every thread.
private final class Results<Value>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Value?>
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = UnsafeMutablePointer<Value?>.allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    subscript(index: Int) -> Value? {
        get { slots[index] }
        set { slots[index] = newValue }
    }

    /// Every slot, once the job is done.
    var values: [Value?] { Array(UnsafeBufferPointer(start: slots, count: count)) }
}
