import SpinDSLFrontEnd
import SpinDSLRunner

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
