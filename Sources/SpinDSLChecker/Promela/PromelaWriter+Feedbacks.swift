import SpinDSLFrontEnd
import SpinDSLRunner

/// The feedback rules in the model: level rules, rising edges and their timers, and the queue of
/// the events they emit.
extension PromelaWriter {
    /// Whether a rule's trigger holds in the current state (nil for level rules).
    func holdsExpression(_ rule: Rule, spin: Int) -> String? {
        let id: RuleCaseID
        switch rule.kind {
        case .level: return nil
        case .risingSync(let rule), .after(let rule, _), .every(let rule, _): id = rule
        }
        let model = program.spins[spin].rule(id).model
        var parts: [String] = []
        switch model.trigger {
        case .becomes(let expression): parts.append(self.expression(expression, spin: spin, event: []) ?? "0")
        case .when(let expression): parts.append(self.expression(expression, spin: spin, event: []) ?? "0")
        case .enter(let states), .inStates(let states):
            parts.append(statesTest(spin, states))
        case .everyState: parts.append("1")
        default: parts.append("0")
        }
        if let condition = model.condition { parts.append(expression(condition, spin: spin, event: []) ?? "0") }
        return "(" + parts.joined(separator: " && ") + ")"
    }

    /// The entry parity variables an edge rule watches besides its trigger (`EntryWatch`).
    func parities(_ rule: Rule, spin: Int) -> [String] {
        switch rule.kind {
        case .level: return []
        case .risingSync(let id), .after(let id, _), .every(let id, _): return watchedParities(spin, id)
        }
    }

    /// Whether an edge rule's watched value changed to one where its trigger holds: the trigger
    /// started to hold, or one of its states was entered again while it held.
    private func rising(_ rule: Rule, spin: Int) -> String {
        let holds = holdsExpression(rule, spin: spin) ?? "0"
        let parities = parities(rule, spin: spin)
        guard !parities.isEmpty else { return "!old\(rule.number) && \(holds)" }
        let entered = parities.enumerated().map { "\($0.element) != op\(rule.number)_\($0.offset)" }
        return "\(holds) && (!old\(rule.number) || " + entered.joined(separator: " || ") + ")"
    }

    /// The new state reaches the feedbacks in declaration order.
    mutating func deliver(_ spin: Int) {
        let timers = timerRules(spin)
        for rule in rules[spin] {
            switch rule.kind {
            case .level(let cases):
                levelCases(cases[...], spin: spin)
            case .risingSync(let id):
                line("if :: \(rising(rule, spin: spin)) ->")
                indent += 1
                push(spin, id, event: [])
                indent -= 1
                line(":: else fi;")
            case .after(_, let units), .every(_, let units):
                let holds = holdsExpression(rule, spin: spin) ?? "0"
                line("if")
                line(":: \(rising(rule, spin: spin)) ->")
                indent += 1
                arm(rule, units: units, among: timers)
                indent -= 1
                line(":: old\(rule.number) && !\(holds) ->")
                indent += 1
                disarm(rule, among: timers)
                if case .every = rule.kind { line("r\(rule.number)_alive = 0;") }
                indent -= 1
                line(":: else")
                line("fi;")
            }
        }
    }

    private mutating func levelCases(_ cases: ArraySlice<RuleCaseID>, spin: Int) {
        guard let first = cases.first else {
            line("skip;")
            return
        }
        let rule = program.spins[spin].rule(first).model
        var parts: [String] = []
        switch rule.trigger {
        case .when(let expression): parts.append(self.expression(expression, spin: spin, event: []) ?? "0")
        case .inStates(let states):
            parts.append(statesTest(spin, states))
        default: break
        }
        if let condition = rule.condition { parts.append(expression(condition, spin: spin, event: []) ?? "0") }
        line("if")
        line(":: \(parts.isEmpty ? "1" : parts.joined(separator: " && ")) ->")
        indent += 1
        push(spin, first, event: [])
        indent -= 1
        line(":: else ->")
        indent += 1
        levelCases(cases.dropFirst(), spin: spin)
        indent -= 1
        line("fi;")
    }

    /// Appends the event rule `id` emits (its payload evaluated now) to the spin's queue.
    mutating func push(_ spin: Int, _ id: RuleCaseID, event: [String]) {
        guard case .emit(let emit) = program.spins[spin].rule(id).model.action else { return }
        let prefix = Self.prefix(spin)
        let slot = "(\(prefix)qh + \(prefix)qn) % \(Self.queueLength)"
        assertion("\(prefix)qn < \(Self.queueLength)", "the queue of \(model.spins[spin].name.text)")
        line("\(prefix)q[\(slot)] = \(emit.event);")
        for (index, value) in emit.payload.enumerated() {
            line("\(prefix)qp\(index)[\(slot)] = \(expression(value, spin: spin, event: event) ?? "0");")
        }
        line("\(prefix)qn++;")
    }

    /// Reduces the spin's queue to the end.
    mutating func drain(_ spin: Int) {
        if chart(spin) != nil {
            statechartDrain(spin)
            return
        }
        guard !rules[spin].isEmpty else { return }
        let prefix = Self.prefix(spin)
        line("do")
        line(":: \(prefix)qn > 0 ->")
        indent += 1
        popQueue(spin)
        step(spin)
        indent -= 1
        line(":: else -> break")
        line("od;")
        line("\(prefix)qh = 0;")
    }

    /// Takes the oldest event of one of the spin's queues (`q`, the feedbacks'; `rq`, a
    /// statechart's raised events) into `ev` and the payload temporaries.
    mutating func popQueue(_ spin: Int, queue: String = "q", length: Int = PromelaWriter.queueLength) {
        let prefix = Self.prefix(spin) + queue
        let fields = model.spins[spin].events.map(\.fields.count).max() ?? 0
        line("ev = \(prefix)[\(prefix)h]; \(prefix)[\(prefix)h] = 0;")
        for index in 0..<fields {
            line("p\(index) = \(prefix)p\(index)[\(prefix)h]; \(prefix)p\(index)[\(prefix)h] = 0;")
        }
        line("\(prefix)h = (\(prefix)h + 1) % \(length); \(prefix)n--;")
    }

    // MARK: Timers

    /// Arms `rule`'s timer `units` from now, after the timers armed before it.
    mutating func arm(_ rule: Rule, units: Int64, among timers: [Rule]) {
        disarm(rule, among: timers)
        line("armed = 0;")
        for timer in timers { line("if :: r\(timer.number)_rank > 0 -> armed++ :: else fi;") }
        line("r\(rule.number)_rank = armed + 1; r\(rule.number)_rem = \(units);")
    }

    /// Disarms `rule`'s timer; the timers armed after it move up one rank.
    mutating func disarm(_ rule: Rule, among timers: [Rule]) {
        line("if")
        line(":: r\(rule.number)_rank > 0 ->")
        indent += 1
        for timer in timers where timer.number != rule.number {
            line("if :: r\(timer.number)_rank > r\(rule.number)_rank -> r\(timer.number)_rank-- :: else fi;")
        }
        line("r\(rule.number)_rank = 0; r\(rule.number)_rem = -1")
        indent -= 1
        line(":: else")
        line("fi;")
    }
}
