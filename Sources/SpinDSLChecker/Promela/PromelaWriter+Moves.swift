import SpinDSLFrontEnd
import SpinDSLRunner

/// The moves of the model's process: one `d_step` per input (with its payload) and one for time.
extension PromelaWriter {
    /// An input with a payload: enabled when its first step changes the spin (or fails).
    mutating func inputMove(_ spin: Int, _ event: SpecEvent) {
        let values = event.payload.map(Self.literal)
        // A statechart's input is enabled when its move changes anything, as `sN_run()` found.
        let enabled = chart(spin) == nil
            ? changesExpression(spin, kind: event.kind, payload: values)
            : Self.enabledVariable(spin, Explorer.inputEvents(of: model.spins[spin]).firstIndex(of: event) ?? 0)
        let name = model.spins[spin].events[event.kind].name.text
        let payloadText = values.isEmpty ? "" : "(" + values.joined(separator: ", ") + ")"
        line(":: d_step { /* \(model.spins[spin].name.text): \(name)\(payloadText) */")
        dStepSpins.append(spin)
        dStepNames.append("'\(name)\(payloadText)'")
        indent += 1
        line("!\(isFinal(spin)) && \(enabled) ->")
        let index = Explorer.inputEvents(of: model.spins[spin]).firstIndex(of: event) ?? 0
        line(PromelaMarker.input(spin: spin, index: index, words: moveWords(spin, event)))
        if chart(spin) != nil {
            line("mv = \(index);")
            line("\(Self.prefix(spin))run()")
        } else {
            line("ev = \(event.kind);")
            for (index, value) in values.enumerated() { line("p\(index) = \(value);") }
            step(spin)
            drain(spin)
            resetTemporaries()
        }
        indent -= 1
        line("}")
    }

    /// Whether the first step of input `kind` (payload `payload`) changes the spin or fails: the
    /// first matching row changes a field, moves, or leaves a range.
    private func changesExpression(_ spin: Int, kind: Int, payload: [String]) -> String {
        let spinModel = model.spins[spin]
        let prefix = Self.prefix(spin)
        var cells: [String] = []
        for control in 0..<spinModel.controlCount {
            let candidates = spinModel.transitions.filter { $0.event == kind && $0.applies(in: control) }
            guard !candidates.isEmpty else { continue }
            var alternatives: [String] = []
            var earlierFail: [String] = []
            for row in candidates {
                let guardText = row.guardExpression.flatMap { expression($0.expression, spin: spin, event: payload) } ?? "1"
                var overrides: [Int: String] = [:]
                var changes: [String] = []
                if let target = row.target, target != control { changes.append("1") }
                changes += assignmentChanges(row.assignments, spin: spin, event: payload, overrides: &overrides)
                let change = changes.isEmpty ? "0" : changes.joined(separator: " || ")
                alternatives.append("(" + (earlierFail + [guardText, "(\(change))"]).joined(separator: " && ") + ")")
                earlierFail.append("!(\(guardText))")
            }
            cells.append("(\(prefix)state == \(control) && (" + alternatives.joined(separator: " || ") + "))")
        }
        return cells.isEmpty ? "0" : "(" + cells.joined(separator: " || ") + ")"
    }

    /// Time moves to the earliest deadline; every timer due then fires, in the order armed.
    mutating func advanceMove() {
        line(":: d_step { /* time moves to the next deadline */")
        dStepSpins.append(0)
        dStepNames.append("of time")
        indent += 1
        if chart(0) != nil {
            // A statechart's: enabled when it changes anything (`s0_run()`).
            line("en_t ->")
            // The marker says by how much: the earliest deadline, which `s0_run()` finds again.
            earliestDeadline()
            line(PromelaMarker.time(unit: unit))
            line("mv = \(Explorer.inputEvents(of: model.spins[0]).count);")
            line("s0_run()")
        } else {
            line(timersArmed + " ->")
            advanceBody(marker: true)
            resetTemporaries()
        }
        indent -= 1
        line("}")
    }

    /// Whether a timer is armed.
    var timersArmed: String {
        "(" + timerRules(0).map { "r\($0.number)_rank > 0" }.joined(separator: " || ") + ")"
    }

    /// `spin`: `event`, its payload in words (`Vending.coin amount=10`), for the move's marker.
    private func moveWords(_ spin: Int, _ event: SpecEvent) -> String {
        let spinModel = model.spins[spin]
        guard spinModel.events.indices.contains(event.kind) else { return spinModel.name.text }
        let eventModel = spinModel.events[event.kind]
        let payload = zip(eventModel.fields, event.payload).map { " \($0.name.text)=\($1.formatted(as: $0.type))" }
        return "\(spinModel.name.text).\(eventModel.name.text)" + payload.joined()
    }

    /// `m` = the time left of the earliest armed timer.
    mutating func earliestDeadline() {
        line("m = 2147483647;")
        for timer in timerRules(0) { line("if :: r\(timer.number)_rank > 0 && r\(timer.number)_rem < m -> m = r\(timer.number)_rem :: else fi;") }
    }

    /// Moves time to the earliest deadline, and fires every timer due then, in the order armed;
    /// `marker`: prints the move's marker once the deadline is known (not in a statechart's
    /// `advance()`, which probing runs again).
    mutating func advanceBody(marker: Bool = false) {
        let spin = 0
        let timers = timerRules(spin)
        earliestDeadline()
        if marker { line(PromelaMarker.time(unit: unit)) }
        for timer in timers { line("if :: r\(timer.number)_rank > 0 -> r\(timer.number)_rem = r\(timer.number)_rem - m :: else fi;") }
        line("do")
        line(":: (" + timers.map { "(r\($0.number)_rank > 0 && r\($0.number)_rem == 0)" }.joined(separator: " || ") + ") ->")
        indent += 1
        line("due = 255;")
        for timer in timers {
            line("if :: r\(timer.number)_rank > 0 && r\(timer.number)_rem == 0 && r\(timer.number)_rank < due -> due = r\(timer.number)_rank :: else fi;")
        }
        line("if")
        for timer in timers {
            line(":: r\(timer.number)_rank == due ->")
            indent += 1
            disarm(timer, among: timers)
            let id: RuleCaseID
            switch timer.kind {
            case .after(let rule, _), .every(let rule, _): id = rule
            default: continue
            }
            if case .every = timer.kind { line("r\(timer.number)_alive = 1;") }
            push(spin, id, event: [])
            indent -= 1
        }
        line("fi;")
        // One drain for whichever fired; then a periodic timer that fired, and was not cancelled
        // meanwhile, waits its next period (after the timers armed during the drain).
        drain(spin)
        for timer in timers {
            guard case .every(_, let units) = timer.kind else { continue }
            line("if :: r\(timer.number)_alive ->")
            indent += 1
            arm(timer, units: units, among: timers)
            line("r\(timer.number)_alive = 0")
            indent -= 1
            line(":: else fi;")
        }
        indent -= 1
        line(":: else -> break")
        line("od;")
    }

    /// The temporaries back at 0; `terminated` ends the line with `;` (more statements follow).
    mutating func resetTemporaries(terminated: Bool = false) {
        let payloadFields = model.spins.flatMap { $0.events.map(\.fields.count) }.max() ?? 0
        var reset = ["ev = 0", "changed = 0", "tmp = 0", "due = 0", "armed = 0", "m = 0"]
        reset += (0..<payloadFields).map { "p\($0) = 0" }
        if hasStatechart { reset += ["n = 0", "bad = 0"] }
        reset += (0..<groupTemporaries).map { "g\($0) = 0" }
        for (spin, spinRules) in rules.enumerated() {
            for rule in spinRules {
                reset.append("old\(rule.number) = 0")
                reset += parities(rule, spin: spin).indices.map { "op\(rule.number)_\($0) = 0" }
            }
        }
        for spin in model.spins.indices { reset += parityVariables(spin).map { "\($0) = 0" } }
        line(reset.joined(separator: "; ") + (terminated ? ";" : ""))
    }
}
