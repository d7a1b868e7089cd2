import SpinDSLFrontEnd
import SpinDSLRunner

/// Effects and the tasks that run them, on one serial executor and the virtual clock's sleepers.
extension RunMachine {
    func effectIndex(_ index: Int, _ token: Int) -> Int? {
        spins[index].effects.firstIndex { $0.token == token }
    }

    /// `SpinRuntime.startEffect`: a task, started at once on the drainer (`Task.immediate`), which
    /// runs until it first suspends or ends; one that ends answers into the spin's `pending` (see
    /// `finish`). Returns its token.
    mutating func startEffect(
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
    mutating func cancelEffect(_ index: Int, _ token: Int) {
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

    /// Cancels the effect that feedback `slot` keeps running (it cancels it on its next trigger),
    /// if any.
    @inline(__always)
    mutating func cancelRunning(_ index: Int, slot: Int) {
        if spins[index].memory[slot].running != 0 {
            cancelEffect(index, spins[index].memory[slot].running)
            spins[index].memory[slot].running = 0
        }
    }

    /// `Task.cancel()`: a sleeping task wakes at once and its sleep throws.
    mutating func cancelTask(_ task: Int) {
        guard tasks.indices.contains(task), tasks[task] != nil else { return }
        tasks[task]?.cancelled = true
        if let sleeping = sleepers.firstIndex(where: { $0.task == task }) {
            sleepers.remove(at: sleeping)
            tasks[task]?.resumesThrowing = true
            enqueueJob(task)
        }
    }

    mutating func allocateTask(_ task: MachineTask) -> Int {
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
    mutating func run(_ taskIndex: Int) {
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
                let timer: TimerCode?
                let key: TimerKey
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
