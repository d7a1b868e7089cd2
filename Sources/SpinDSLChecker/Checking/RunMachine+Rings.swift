import SpinDSLFrontEnd
import SpinDSLRunner

/// Finding a ring of steps inside a move (`detectsRings`).
extension RunMachine {
    /// Looks for a ring at the top of a pass of drain `index`: ends the run with `.stepLimit`,
    /// as the move's bound would end it later, when the machine is in a state it was in earlier
    /// in the same drain, and every choice since took its first outcome and will again.
    mutating func foundRing(_ index: Int, outermost: Bool) -> Bool {
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
    mutating func foundRevisit(_ index: Int, outermost: Bool, drain: Int, choicesBefore: Int) -> Bool {
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
