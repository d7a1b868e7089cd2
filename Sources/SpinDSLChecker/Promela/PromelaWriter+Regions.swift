import SpinDSLFrontEnd
import SpinDSLRunner

/// A parallel state's step written region by region (`RegionStep`; docs/checking.md,
/// "Statecharts, flattened"): each region's choice from its own configuration into `g<region>`
/// (0: none of its own, it falls to the outer rows, whose choice is in `sN_go`), which targeted
/// transition leaving the parallel state is taken if one is (`sN_gx`: the region's number plus
/// one, 255 for the outer row, 0 for none), then the microstep in the planner's order — history
/// records and exit actions of the regions last to first, the rows' actions in the choices' order
/// (`sN_gf`: the outer row is taken once, at the first region that falls to it), the entry actions
/// of the regions first to last — and the configuration moved by the sum of the regions'
/// differences (`sN_gd`). The temporaries are back at 0 after the step.
extension PromelaWriter {
    /// The steps of a statechart spin's parallel states that are written region by region.
    func regionSteps(_ spin: Int, chart: Statechart) -> [RegionStep] {
        // An action reading the configuration needs its whole moment, which a region's part of
        // the step does not know: such a spin's steps are written whole.
        if chart.actionsReadActive { return [] }
        let spinModel = model.spins[spin]
        var steps: [RegionStep] = []
        for parallel in RegionStep.parallels(tree: spinModel.tree, events: spinModel.events) {
            for kind in 0..<chart.columns {
                if let step = RegionStep.make(
                    chart: chart, configurations: spinModel.configurations, tree: spinModel.tree, events: spinModel.events,
                    parallel: parallel, event: kind),
                   !step.outer.isEmpty || step.locals.contains(where: { $0.contains { !$0.isEmpty } }) {
                    steps.append(step)
                }
            }
        }
        return steps
    }

    /// The regions' temporaries of spin `spin`: the outer choice, the leaving transition, the
    /// outer row taken, the configuration's difference.
    static func regionTemporaries(_ spin: Int) -> (outer: String, leaving: String, taken: String, difference: String) {
        let prefix = prefix(spin)
        return ("\(prefix)go", "\(prefix)gx", "\(prefix)gf", "\(prefix)gd")
    }

    /// Whether spin `spin` has a parallel state whose steps may be written region by region (it
    /// then has the regions' temporaries).
    func hasRegionSteps(_ spin: Int) -> Bool {
        !RegionStep.parallels(tree: model.spins[spin].tree, events: model.spins[spin].events).isEmpty
    }

    /// Whether `variable` is one of `values`: runs of numbers as ranges.
    static func valuesTest(_ variable: String, _ values: [Int]) -> String {
        var runs: [ClosedRange<Int>] = []
        for value in values.sorted() {
            if let last = runs.last, last.upperBound &+ 1 == value {
                runs[runs.count &- 1] = last.lowerBound...value
            } else if runs.last?.contains(value) != true {
                runs.append(value...value)
            }
        }
        guard !runs.isEmpty else { return "0" }
        let parts = runs.map { run in
            run.count == 1 ? "\(variable) == \(run.lowerBound)" : "(\(run.lowerBound) <= \(variable) && \(variable) <= \(run.upperBound))"
        }
        return parts.count == 1 && runs[0].count == 1 ? parts[0] : "(" + parts.joined(separator: " || ") + ")"
    }

    /// `+ 2` or `- 2`: a difference added.
    static func signed(_ value: Int) -> String {
        value < 0 ? "- \(0 &- value)" : "+ \(value)"
    }

    /// Whether region `region`'s own configuration is `local`.
    private func localTest(_ step: RegionStep, region: Int, local: Int, spin: Int) -> String {
        var value = "\(Self.prefix(spin))state"
        if step.first != 0 { value = "(\(value) - \(step.first))" }
        if step.weights[region] != 1 { value += " / \(step.weights[region])" }
        if step.weights[region] &* step.counts[region] <= step.last &- step.first { value += " % \(step.counts[region])" }
        return "(\(value) == \(local))"
    }

    /// One branch of an `if` of the region step: `prefix` and `variable` among `values` (or
    /// `prefix` alone), and the lines it runs (at indentation 0). Branches of the same test prefix
    /// and lines are written as one.
    private struct Branch {
        var prefix: String
        var variable: String
        var values: [Int]
        var lines: [String]

        var test: String {
            variable.isEmpty ? prefix : prefix + PromelaWriter.valuesTest(variable, values)
        }
    }

    /// Writes `branches` as one `if` (nothing when there are none), branches that do the same
    /// merged.
    private mutating func branches(_ branches: [Branch]) {
        var merged: [Branch] = []
        for branch in branches where !branch.lines.isEmpty {
            if !branch.variable.isEmpty,
               let index = merged.firstIndex(where: { $0.prefix == branch.prefix && $0.variable == branch.variable && $0.lines == branch.lines }) {
                merged[index].values += branch.values
            } else {
                merged.append(branch)
            }
        }
        guard !merged.isEmpty else { return }
        line("if")
        for branch in merged {
            line(":: \(branch.test) ->")
            indent += 1
            for text in branch.lines { text.isEmpty ? line() : line(text) }
            indent -= 1
        }
        line(":: else")
        line("fi;")
    }

    /// The test prefix of a region's choice that is dropped when a transition leaves the parallel
    /// state.
    private func localPrefix(_ step: RegionStep, spin: Int) -> String {
        step.leaves ? "\(Self.regionTemporaries(spin).leaving) == 0 && " : ""
    }

    /// The transitions that leave the parallel state, each as a branch's test, and the choice.
    private func leavingChoices(_ step: RegionStep, spin: Int) -> [(prefix: String, variable: String, value: Int, choice: RegionStep.Choice)] {
        let temporaries = Self.regionTemporaries(spin)
        var found: [(prefix: String, variable: String, value: Int, choice: RegionStep.Choice)] = []
        for (position, choice) in step.outer.enumerated() where choice.kind == .leaving {
            found.append(("\(temporaries.leaving) == 255 && ", temporaries.outer, position &+ 1, choice))
        }
        for region in step.regions.indices {
            for (id, choice) in step.choices[region].enumerated() where choice.kind == .leaving {
                found.append(("\(temporaries.leaving) == \(region &+ 1) && ", "g\(region)", id &+ 1, choice))
            }
        }
        return found
    }

    /// The branch of `step`: the event in the parallel state's configurations.
    mutating func regionBranch(_ step: RegionStep, spin: Int, chart: Statechart, event: [String]) {
        let temporaries = Self.regionTemporaries(spin)
        let leaves = step.leaves
        let localPrefix = localPrefix(step, spin: spin)
        // Each region's choice, and the outer rows', all read before any action runs: one
        // conditional expression each.
        if !step.outer.isEmpty {
            let chain = choiceExpression(step.outer.indices.map { ($0, step.outer[$0].candidate) }[...], spin: spin, chart: chart, event: event)
            line("\(temporaries.outer) = \(chain);")
        }
        for region in step.regions.indices {
            var value = "0"
            for local in step.locals[region].indices.reversed() where !step.locals[region][local].isEmpty {
                let ids = step.locals[region][local]
                let chain = choiceExpression(ids.map { ($0, step.choices[region][$0].candidate) }[...], spin: spin, chart: chart, event: event)
                value = "(\(localTest(step, region: region, local: local, spin: spin)) -> \(chain) : \(value))"
            }
            line("g\(region) = \(value);")
        }
        if leaves { leavingScan(step, from: 0, spin: spin) }

        // Exit actions, the regions last to first, then those above.
        exitPhase(step, records: false, spin: spin, chart: chart, event: event)

        // The rows' actions, in the choices' order: the regions first to last.
        var outerRows: [Branch] = []
        for (position, choice) in step.outer.enumerated() {
            let body = captured { $0.actionBlock(Int(choice.row), spin: spin, chart: chart, event: event) }
            let prefix = choice.kind == .untargeted ? "" : "\(temporaries.leaving) == 255 && "
            outerRows.append(Branch(prefix: prefix, variable: temporaries.outer, values: [position &+ 1], lines: body))
        }
        let outerTaken: [String] = outerRows.allSatisfy(\.lines.isEmpty) ? [] : captured { writer in
            writer.line("\(temporaries.taken) = 1;")
            writer.branches(outerRows)
        }
        for region in step.regions.indices {
            var rows: [Branch] = []
            for (id, choice) in step.choices[region].enumerated() {
                var body = captured { $0.actionBlock(Int(choice.row), spin: spin, chart: chart, event: event) }
                let prefix: String
                switch choice.kind {
                case .untargeted:
                    prefix = ""
                case .local:
                    prefix = localPrefix
                    if choice.historyState == nil, let ending = choice.endings.first, ending.configuration != 0 {
                        body.append("\(temporaries.difference) = \(temporaries.difference) \(Self.signed(ending.configuration));")
                    }
                case .leaving:
                    prefix = "\(temporaries.leaving) == \(region &+ 1) && "
                }
                rows.append(Branch(prefix: prefix, variable: "g\(region)", values: [id &+ 1], lines: body))
            }
            rows.append(Branch(
                prefix: "g\(region) == 0 && \(temporaries.outer) != 0 && \(temporaries.taken) == 0", variable: "", values: [], lines: outerTaken))
            branches(rows)
        }

        // Entry actions, the regions first to last; or those of the transition leaving.
        for region in step.regions.indices {
            var entries: [Branch] = []
            for (id, choice) in step.choices[region].enumerated() where choice.kind == .local {
                let body = captured { $0.ending(choice, absolute: false, spin: spin, chart: chart, event: event) }
                entries.append(Branch(prefix: localPrefix, variable: "g\(region)", values: [id &+ 1], lines: body))
            }
            branches(entries)
        }
        if leaves {
            branches(leavingChoices(step, spin: spin).map { leaving in
                Branch(prefix: leaving.prefix, variable: leaving.variable, values: [leaving.value],
                       lines: captured { $0.ending(leaving.choice, absolute: true, spin: spin, chart: chart, event: event) })
            })
        }
        // History records last: a history target reads the record from before the step, as the
        // reducer does (`ReducerTable.planIndex`), and no action reads one.
        exitPhase(step, records: true, spin: spin, chart: chart, event: event)
        let state = "\(Self.prefix(spin))state"
        line("if :: \(temporaries.difference) != 0 -> changed = 1; \(state) = \(state) + \(temporaries.difference) :: else fi;")
        line("\(temporaries.outer) = 0; \(temporaries.leaving) = 0; \(temporaries.taken) = 0; \(temporaries.difference) = 0")
    }

    /// What the transitions taken do before the rows' actions: the exit actions (the regions last
    /// to first, then those above the parallel state), or the history records they write.
    private mutating func exitPhase(_ step: RegionStep, records: Bool, spin: Int, chart: Statechart, event: [String]) {
        let temporaries = Self.regionTemporaries(spin)
        let localPrefix = localPrefix(step, spin: spin)
        func kept(_ part: RegionStep.Part) -> RegionStep.Part {
            records ? RegionStep.Part(writes: part.writes) : RegionStep.Part(blocks: part.blocks)
        }
        for region in step.regions.indices.reversed() {
            var exits: [Branch] = []
            for (id, choice) in step.choices[region].enumerated() where choice.kind == .local {
                let body = captured { $0.part(kept(choice.before), spin: spin, chart: chart, event: event) }
                exits.append(Branch(prefix: localPrefix, variable: "g\(region)", values: [id &+ 1], lines: body))
            }
            if step.leaves {
                for (local, part) in step.regionExits[region].enumerated() {
                    guard let part else { continue }
                    let body = captured { $0.part(kept(part), spin: spin, chart: chart, event: event) }
                    let test = "\(temporaries.leaving) != 0 && \(localTest(step, region: region, local: local, spin: spin))"
                    exits.append(Branch(prefix: test, variable: "", values: [], lines: body))
                }
            }
            branches(exits)
        }
        guard step.leaves else { return }
        branches(leavingChoices(step, spin: spin).map { leaving in
            Branch(prefix: leaving.prefix, variable: leaving.variable, values: [leaving.value],
                   lines: captured { $0.part(kept(leaving.choice.before), spin: spin, chart: chart, event: event) })
        })
    }

    /// The number (position plus one) of the first of `choices` whose guard holds, 0 when none
    /// does, as a conditional expression.
    private func choiceExpression(_ choices: ArraySlice<(id: Int, candidate: Int)>, spin: Int, chart: Statechart, event: [String]) -> String {
        guard let choice = choices.first else { return "0" }
        let guardText = candidateGuard(choice.candidate, spin: spin, chart: chart, event: event)
        if guardText == "1" { return "\(choice.id &+ 1)" }
        return "((\(guardText)) -> \(choice.id &+ 1) : \(choiceExpression(choices.dropFirst(), spin: spin, chart: chart, event: event)))"
    }

    /// Which targeted transition leaving the parallel state is taken: the first region whose
    /// choice is targeted decides (its own: none leaves; one leaving: that one); with none, the
    /// outer row the regions without a choice fall to. Regions after the last that may leave
    /// decide nothing.
    private mutating func leavingScan(_ step: RegionStep, from region: Int, spin: Int) {
        let temporaries = Self.regionTemporaries(spin)
        let targeted = step.outer.indices.filter { step.outer[$0].kind == .leaving }.map { $0 &+ 1 }
        guard region < step.regions.count else {
            guard !targeted.isEmpty else { return }
            let falls = step.regions.indices.contains { step.locals[$0].allSatisfy(\.isEmpty) }
                ? "" : " && (" + step.regions.indices.map { "g\($0) == 0" }.joined(separator: " || ") + ")"
            line("if :: \(Self.valuesTest(temporaries.outer, targeted))\(falls) -> \(temporaries.leaving) = 255 :: else fi;")
            return
        }
        let choices = step.choices[region]
        let local = choices.indices.filter { choices[$0].kind == .local }.map { $0 &+ 1 }
        let leaving = choices.indices.filter { choices[$0].kind == .leaving }.map { $0 &+ 1 }
        let later = !targeted.isEmpty || step.choices[(region &+ 1)...].contains { $0.contains { $0.kind == .leaving } }
        if local.isEmpty && leaving.isEmpty {
            leavingScan(step, from: region &+ 1, spin: spin)
            return
        }
        guard later else {
            if !leaving.isEmpty { line("if :: \(Self.valuesTest("g\(region)", leaving)) -> \(temporaries.leaving) = \(region &+ 1) :: else fi;") }
            return
        }
        line("if")
        if !local.isEmpty { line(":: \(Self.valuesTest("g\(region)", local)) -> skip") }
        if !leaving.isEmpty { line(":: \(Self.valuesTest("g\(region)", leaving)) -> \(temporaries.leaving) = \(region &+ 1)") }
        line(":: else ->")
        indent += 1
        leavingScan(step, from: region &+ 1, spin: spin)
        indent -= 1
        line("fi;")
    }

    /// History records, action blocks and parity flips.
    private mutating func part(_ part: RegionStep.Part, spin: Int, chart: Statechart, event: [String]) {
        for write in part.writes {
            guard let state = chart.planner.historySlots.firstIndex(of: write.slot) else { continue }
            let variable = Self.historyVariable(spin, state)
            line("changed = changed || (\(variable) != \(write.value)); \(variable) = \(write.value);")
        }
        for block in part.blocks { actionBlock(Int(block), spin: spin, chart: chart, event: event) }
        for state in part.flipped {
            let variable = Self.parityVariable(spin, state)
            line("\(variable) = 1 - \(variable); changed = 1;")
        }
    }

    /// A choice's entry actions and parities, and the configuration: for a history target, the
    /// ending its record selects (as `take`), the actions written once when every record has
    /// the same.
    private mutating func ending(_ choice: RegionStep.Choice, absolute: Bool, spin: Int, chart: Statechart, event: [String]) {
        let difference = Self.regionTemporaries(spin).difference
        func configuration(_ ending: RegionStep.Ending) -> String? {
            if absolute { return "\(difference) = \(ending.configuration) - \(Self.prefix(spin))state;" }
            return ending.configuration == 0 ? nil : "\(difference) = \(difference) \(Self.signed(ending.configuration));"
        }
        guard let state = choice.historyState, choice.endings.count > 1, let first = choice.endings.first else {
            // Without a history target a local transition's difference is added with its row.
            if let first = choice.endings.first {
                part(first.part, spin: spin, chart: chart, event: event)
                if absolute, let text = configuration(first) { line(text) }
            }
            return
        }
        let shared = choice.endings.allSatisfy { $0.part == first.part }
        if shared { part(first.part, spin: spin, chart: chart, event: event) }
        if shared, choice.endings.allSatisfy({ $0.configuration == first.configuration }) {
            if let text = configuration(first) { line(text) }
            return
        }
        let variable = Self.historyVariable(spin, state)
        line("if")
        for record in 1..<choice.endings.count {
            line(":: \(variable) == \(record) -> /* restores record \(record) */")
            indent += 1
            if !shared { part(choice.endings[record].part, spin: spin, chart: chart, event: event) }
            line(configuration(choice.endings[record]) ?? "skip")
            indent -= 1
        }
        line(":: else -> /* nothing recorded: the default entry */")
        indent += 1
        if !shared { part(first.part, spin: spin, chart: chart, event: event) }
        line(configuration(first) ?? "skip")
        indent -= 1
        line("fi;")
    }
}
