import SpinDSLFrontEnd
import SpinDSLRunner

/// Exact moves: a statechart's move may be followed by steps that undo it (an exit action raising
/// an event whose row leads back), so whether an input changes anything is known only by taking
/// it. After every move the model takes each input of the statechart spin, and time when a timer
/// is armed, on a copy (`sN_run()`), and keeps in `s0_en0`, `s0_en1`… (`en_t`) whether it changed
/// any variable or failed an assertion: the guards of the next moves. So a state where no move
/// changes anything blocks, and SPIN reports it as an invalid end state, as the checker reports a
/// dead end. The bits are a function of the state, so SPIN stores no more states than the checker.
extension PromelaWriter {
    /// An `assert` of the model; in a spec with statecharts one that a probe does not fail but
    /// records in `bad`.
    mutating func assertion(_ condition: String, _ comment: String) {
        guard hasStatechart else {
            line("assert(\(condition)); /* \(comment) */")
            return
        }
        line("assert(probing || (\(condition))); /* \(comment) */")
        line("bad = bad || !(\(condition));")
    }

    /// The probe's copy of a state variable: `copy_s0_d_x` (no other name of the model starts with
    /// `copy_`; a suffix would make the copy of field `x` the variable of a field `x_s`).
    static func copy(_ variable: String) -> String { "copy_\(variable)" }

    /// The bit of spin `spin`'s input move `index` (`Explorer.inputEvents` order).
    static func enabledVariable(_ spin: Int, _ index: Int) -> String { "\(prefix(spin))en\(index)" }

    /// The variables a move may change, with their Promela types: a statechart spin's
    /// configuration, data, history records and timers (entry parities are back at 0 after
    /// every move: `parityVariables`).
    private func stateVariables(_ spin: Int) -> [(name: String, type: String)] {
        guard let chart = chart(spin) else { return [] }
        let spinModel = model.spins[spin]
        let prefix = Self.prefix(spin)
        var variables = [("\(prefix)state", Self.configurationType(spinModel.configurations.count))]
        variables += spinModel.fields.map { (Self.field(spin, $0.name.text), Self.typeName($0)) }
        for state in spinModel.tree.nodes.indices where chart.planner.historySlots[state] >= 0 {
            variables.append((Self.historyVariable(spin, state), chart.planner.recordCount(of: state) < 256 ? "byte" : "int"))
        }
        variables += deferralVariables(spin)
        for rule in timerRules(spin) {
            variables += [("r\(rule.number)_rem", "int"), ("r\(rule.number)_rank", "byte")]
            if case .every = rule.kind { variables.append(("r\(rule.number)_alive", "bit")) }
        }
        return variables
    }

    /// A statechart spin's entry-parity variables: set back to 0 with the temporaries after every
    /// move, so that, as in the checker, two states that differ only in them are one.
    func parityVariables(_ spin: Int) -> [String] {
        guard let chart = chart(spin) else { return [] }
        return chart.parity.indices.filter { chart.parity[$0] != nil }.map { Self.parityVariable(spin, $0) }
    }

    /// Whether the statechart spin 0 has timers (then time is a move `s0_run()` tries).
    private var probesTime: Bool {
        chart(0) != nil && !timerRules(0).isEmpty
    }

    /// The probe's temporaries, the copies it restores from and
    /// the bits of the initial state, worked out by running the machine as the checker does.
    mutating func declareProbe(_ start: RunMachine) {
        line("bit probing, bad; byte mv;   /* sN_run() */")
        let codec = StateCodec(program)
        let before = Array(codec.pack(start))
        func changes(_ move: (inout RunMachine) -> Void) -> Bool {
            var run = start
            run.moveStepLimit = Self.moveStepLimit
            run.beginMove()
            move(&run)
            return run.ended != nil || Array(codec.pack(run)) != before
        }
        for spin in model.spins.indices where chart(spin) != nil {
            // Copies, 0 between moves (SPIN's breadth-first search takes no `hidden` variables).
            for variable in stateVariables(spin) { line("\(variable.type) \(Self.copy(variable.name));") }
            let stopped = start.spins[spin].stopped
            for (index, event) in Explorer.inputEvents(of: model.spins[spin]).enumerated() {
                let enabled = !stopped && changes { $0.emitInput(event, into: spin) }
                line("bit \(Self.enabledVariable(spin, index)) = \(enabled ? 1 : 0);")
            }
        }
        if probesTime {
            let enabled = !start.sleepers.isEmpty && changes { $0.advance() }
            line("bit en_t = \(enabled ? 1 : 0);")
        }
    }

    /// `inline advance()` when time is a move of a statechart, and each statechart spin's
    /// `inline sN_run()`: the move `mv` (an input's index, or the number of inputs for time), then
    /// every move again on a copy, for its bit. One loop takes them all, so that the move is
    /// written once per `d_step` (SPIN limits a `d_step`'s length).
    mutating func defineProbe() {
        if probesTime {
            line()
            line("inline advance() {")
            indent += 1
            advanceBody()
            line("skip")
            indent -= 1
            line("}")
        }
        for spin in model.spins.indices where chart(spin) != nil {
            let prefix = Self.prefix(spin)
            let events = Explorer.inputEvents(of: model.spins[spin])
            let time = spin == 0 && probesTime
            let last = events.count &- (time ? 0 : 1)
            guard last >= 0 else { continue }
            line()
            line("/* move mv, then each move on a copy: whether it changes anything, the guard of the next move */")
            line("inline \(prefix)run() {")
            indent += 1
            line("do")
            line(":: true ->")
            indent += 1
            line("if :: probing -> \(saveText(spin)) :: else fi;")
            if time {
                line("if")
                line(":: mv == \(events.count) ->")
                indent += 1
                line("if :: \(timersArmed) -> advance() :: else fi")
                indent -= 1
                line(":: else ->")
                indent += 1
            }
            if events.isEmpty {
                // Time is the only move.
                line("skip")
            } else {
                line("if")
                for (index, event) in events.enumerated() {
                    let payload = event.payload.enumerated().map { "p\($0.offset) = \(Self.literal($0.element))" }
                    line(":: mv == \(index) -> " + (["ev = \(event.kind)"] + payload).joined(separator: "; "))
                }
                line("fi;")
                line("\(prefix)move()" + (time ? "" : ";"))
            }
            if time {
                indent -= 1
                line("fi;")
            }
            line("if")
            line(":: probing ->")
            indent += 1
            line("tmp = \(changedExpression(spin));")
            line("if")
            for index in events.indices { line(":: mv == \(index) -> \(Self.enabledVariable(spin, index)) = tmp") }
            if time { line(":: mv == \(events.count) -> en_t = tmp") }
            line("fi;")
            restore(spin)
            indent -= 1
            line(":: else")
            line("fi;")
            resetTemporaries(terminated: true)
            line("if :: !probing -> probing = 1; mv = 0 :: else -> mv++ fi;")
            line("if :: mv > \(last) -> break :: else fi")
            indent -= 1
            line("od;")
            line("probing = 0; mv = 0")
            indent -= 1
            line("}")
        }
    }

    private func saveText(_ spin: Int) -> String {
        stateVariables(spin).map { "\(Self.copy($0.name)) = \($0.name)" }.joined(separator: "; ")
    }

    /// Whether a probed move failed an assertion or changed a variable.
    private func changedExpression(_ spin: Int) -> String {
        (["bad"] + stateVariables(spin).map { "\($0.name) != \(Self.copy($0.name))" }).joined(separator: " || ")
    }

    /// Puts the variables back; after a move that stopped at a failed assertion, empties the
    /// queues it left (a settled state's are empty).
    private mutating func restore(_ spin: Int) {
        line(stateVariables(spin).map { "\($0.name) = \(Self.copy($0.name)); \(Self.copy($0.name)) = 0" }.joined(separator: "; ") + ";")
        let prefix = Self.prefix(spin)
        let fields = model.spins[spin].events.map(\.fields.count).max() ?? 0
        var queues: [(name: String, length: Int, head: String, count: String)] = []
        if mayRaise(spin) { queues.append(("rq", Self.raisedQueueLength, "\(prefix)rqh", "\(prefix)rqn")) }
        if !rules[spin].isEmpty { queues.append(("q", Self.queueLength, "\(prefix)qh", "\(prefix)qn")) }
        guard !queues.isEmpty else { return }
        line("if")
        line(":: bad ->")
        indent += 1
        for queue in queues {
            line("tmp = 0;")
            line("do")
            line(":: tmp < \(queue.length) ->")
            indent += 1
            let arrays = [queue.name] + (0..<fields).map { "\(queue.name)p\($0)" }
            line(arrays.map { "\(prefix)\($0)[tmp] = 0" }.joined(separator: "; ") + "; tmp++")
            indent -= 1
            line(":: else -> break")
            line("od;")
            line("\(queue.head) = 0; \(queue.count) = 0;")
        }
        indent -= 1
        line(":: else")
        line("fi;")
    }
}
