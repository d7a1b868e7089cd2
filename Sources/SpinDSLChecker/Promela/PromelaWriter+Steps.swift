import SpinDSLFrontEnd
import SpinDSLRunner

/// A flat spin's step on `ev`: its rows, invariants and feedbacks.
extension PromelaWriter {
    /// Reduces `ev` (payload in p0, p1…) on `spin`: the rows of its control state and event, the
    /// first whose guard holds (a statechart's candidates, `statechartCells`); then the
    /// invariants, and the feedbacks when the state changed.
    mutating func step(_ spin: Int) {
        if inlined.contains(spin) {
            line("\(Self.prefix(spin))step();")
            return
        }
        let spinModel = model.spins[spin]
        let prefix = Self.prefix(spin)
        for rule in rules[spin] {
            if let holds = holdsExpression(rule, spin: spin) { line("old\(rule.number) = \(holds);") }
            for (index, variable) in parities(rule, spin: spin).enumerated() { line("op\(rule.number)_\(index) = \(variable);") }
        }
        line("changed = 0;")
        let chart = chart(spin)
        if chart != nil {
            line("n++;")
            assertion("n <= \(Self.moveStepLimit)", "a move of \(spinModel.name.text) that never settles")
        }
        if let deferral = chart?.deferral { deferring(spin, deferral) }
        line("if")
        if let chart {
            statechartCells(spin, chart: chart)
        } else {
            for (kind, event) in spinModel.events.enumerated() {
                let names = Self.eventNames(kind, spinModel)
                for control in 0..<spinModel.controlCount {
                    let candidates = spinModel.transitions.filter { $0.event == kind && $0.applies(in: control) }
                    guard !candidates.isEmpty else { continue }
                    line(":: ev == \(kind) && \(prefix)state == \(control) -> /* \(event.name.text) */")
                    indent += 1
                    chain(candidates[...], spin: spin, event: names)
                    indent -= 1
                }
            }
        }
        line(":: else -> skip")
        line("fi;")
        for invariant in spinModel.invariants {
            if let condition = expression(invariant.condition, spin: spin, event: []) {
                assertion(condition, "invariant \(invariant.name.text)")
            }
        }
        let raises = mayRaise(spin)
        guard !rules[spin].isEmpty || raises else { return }
        line("if")
        line(":: \(isFinal(spin)) -> /* final: the spin stops */")
        indent += 1
        if !rules[spin].isEmpty { line("\(prefix)qn = 0; \(prefix)qh = 0;") }
        if raises { clearRaised(spin) }
        for rule in rules[spin] {
            if case .after = rule.kind { disarm(rule, among: timerRules(spin)) }
            if case .every = rule.kind {
                disarm(rule, among: timerRules(spin))
                line("r\(rule.number)_alive = 0;")
            }
        }
        indent -= 1
        if !rules[spin].isEmpty {
            line(":: !\(isFinal(spin)) && changed ->")
            indent += 1
            deliver(spin)
            indent -= 1
        }
        line(":: else")
        line("fi;")
    }

    func timerRules(_ spin: Int) -> [Rule] {
        rules[spin].filter { if case .after = $0.kind { true } else if case .every = $0.kind { true } else { false } }
    }

    /// The first row of `candidates` whose guard holds.
    private mutating func chain(_ candidates: ArraySlice<TransitionModel>, spin: Int, event: [String]) {
        guard let row = candidates.first else {
            line("skip")
            return
        }
        let guardText = row.guardExpression.flatMap { expression($0.expression, spin: spin, event: event) } ?? "1"
        line("if")
        line(":: \(guardText) ->")
        indent += 1
        body(row, spin: spin, event: event)
        indent -= 1
        line(":: else ->")
        indent += 1
        chain(candidates.dropFirst(), spin: spin, event: event)
        indent -= 1
        line("fi")
    }

    /// A row's assignments in order (each checked against its field's range), then its target.
    private mutating func body(_ row: TransitionModel, spin: Int, event: [String]) {
        let prefix = Self.prefix(spin)
        assign(row.assignments, spin: spin, event: event)
        if let target = row.target {
            line("if :: \(prefix)state != \(target) -> changed = 1; \(prefix)state = \(target) :: else fi;")
        }
        line("skip")
    }

    /// Assignments in order, each checked against its field's range.
    mutating func assign(_ assignments: TransitionAssignments, spin: Int, event: [String]) {
        let spinModel = model.spins[spin]
        for (slot, value) in assignments where spinModel.fields.indices.contains(slot) {
            let field = spinModel.fields[slot]
            let text = expression(value.expression, spin: spin, event: event) ?? "0"
            line("tmp = \(text);")
            if case .int(let range) = field.range {
                assertion("\(range.lowerBound) <= tmp && tmp <= \(range.upperBound)", "range of \(field.name.text)")
            }
            let variable = Self.field(spin, field.name.text)
            // Two statements, not an `if` (six): SPIN limits a d_step's statements.
            line("changed = changed || (tmp != \(variable)); \(variable) = tmp;")
        }
    }

    /// Whether assignments in order change a field or leave its range, each later one reading
    /// the values `overrides` gives the fields assigned before it.
    func assignmentChanges(_ assignments: TransitionAssignments, spin: Int, event: [String], overrides: inout [Int: String]) -> [String] {
        let spinModel = model.spins[spin]
        var changes: [String] = []
        for (slot, value) in assignments where spinModel.fields.indices.contains(slot) {
            let field = spinModel.fields[slot]
            let text = expression(value.expression, spin: spin, event: event, overrides: overrides) ?? "0"
            changes.append("(\(text) != \(Self.field(spin, field.name.text)))")
            if case .int(let range) = field.range {
                changes.append("!(\(range.lowerBound) <= \(text) && \(text) <= \(range.upperBound))")
            }
            overrides[slot] = text
        }
        return changes
    }
}
