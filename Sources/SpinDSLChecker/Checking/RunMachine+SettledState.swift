import SpinDSLFrontEnd
import SpinDSLRunner

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
