/// A spin's rows resolved: one model per event a row's `on` matches, with its sources, target,
/// guard, assignments and statechart keys.
extension SpecResolver {
    /// Appends to `transitions` the models of the row at `position` of `written`: one for each
    /// event of its `on`, in the order written (a row `on: [a, b]` stands for a row on `a` and,
    /// right after it, the same row on `b`); none when the row has errors.
    ///
    /// The row is given by its address in `written`, which the caller keeps alive: each part is read
    /// from there as it is needed. Passed as a value, the whole row (204 bytes) was copied, and its
    /// names and texts retained, for each of a large table's rows.
    mutating func resolveTransition(
        _ row: UnsafePointer<TransitionDeclaration>, at position: Int, of written: WrittenTransitions, in environment: SpinEnvironment,
        into transitions: inout [TransitionModel]
    ) {
        let errorsBefore = errorCount
        var sources: [Int]?
        switch row.pointee.writtenSources {
        case .any:
            break
        case .one(let name):
            // What `compactMap` below gives for one name, with the array shared.
            sources = resolveState(name, in: environment.spin, states: environment.states).map { singleSource($0) } ?? []
        case .list(let names):
            sources = names.compactMap { resolveState($0, in: environment.spin, states: environment.states) }
        }
        var target: Int?
        if let name = row.pointee.target {
            target = resolveState(name, in: environment.spin, states: environment.states)
        }
        let first = transitions.count
        // The usual row: on one event named exactly, or eventless (on the pseudo-event one past
        // the spin's events).
        var single: Int?
        if let name = row.pointee.event {
            if row.pointee.moreEvents.isEmpty, case .exact(let event) = environment.descriptors.match(name.text) { single = event }
        } else {
            single = environment.events.count
        }
        if let event = single {
            if let model = resolveTransition(
                row, on: event, reportingChecks: true, sources: sources, target: target, at: position, of: written, in: environment
            ) {
                transitions.append(model)
            }
        } else {
            // Each event `on` matches, once, in the order its names are written; the events a
            // descriptor matches in declaration order.
            let names = row.pointee.events
            var matched = Set<Int>()
            var reportingChecks = true
            for (index, name) in names.enumerated() {
                if let earlier = names[..<index].first(where: { $0.text == name.text }) {
                    report(
                        .duplicateName, at: name.location,
                        ["what": "event in 'on'", "name": name, "line": earlier.location.line, "column": earlier.location.column])
                    continue
                }
                let events: [Int]
                var descriptor: Name?
                switch environment.descriptors.match(name.text) {
                case .none:
                    reportUnknownEvent(name, in: environment)
                    continue
                case .exact(let event):
                    events = [event]
                case .descriptor(let found):
                    events = found
                    descriptor = name
                }
                for event in events where matched.insert(event).inserted {
                    if let model = resolveTransition(
                        row, on: event, matchedBy: descriptor,
                        reportingChecks: reportingChecks, sources: sources, target: target, at: position, of: written, in: environment
                    ) {
                        transitions.append(model)
                    }
                    reportingChecks = false
                }
            }
        }
        if errorCount != errorsBefore { transitions.removeSubrange(first...) }
    }

    /// The model of the row on `event`, one of the events its `on` matches (`events.count`: an
    /// eventless row), `matchedBy` the descriptor that matched it when that matches more than the
    /// one event of its name: its guard, values and actions are checked with that event's
    /// payload. Nil when something of it does not resolve. What does not depend on the event (an unknown field, a
    /// misplaced `internal`) is reported for the row's first event only (`reportingChecks`).
    private mutating func resolveTransition(
        _ row: UnsafePointer<TransitionDeclaration>, on event: Int, matchedBy descriptor: Name? = nil, reportingChecks: Bool,
        sources: [Int]?, target: Int?, at position: Int, of written: WrittenTransitions, in environment: SpinEnvironment
    ) -> TransitionModel? {
        let errorsBefore = errorCount
        var guardExpression: RowExpression?
        if let text = row.pointee.guardExpression {
            guardExpression = rowExpression(text, on: event, in: environment, expecting: .bool, key: "when")
        }
        var statechart: RowStatechartModel?
        if let keys = row.pointee.statechartKeys {
            statechart = resolveRowStatechartKeys(
                keys, row: row, sources: sources, target: target, event: event, reportingChecks: reportingChecks, in: environment)
        }
        let assignments = resolveAssignments(row.pointee.writtenAssignments, on: event, in: environment, reportingChecks: reportingChecks)
        guard errorCount == errorsBefore else { return nil }
        return TransitionModel(
            written: written, position: position, sources: sources, event: event, descriptor: descriptor,
            guardExpression: guardExpression, target: target, assignments: assignments, statechart: statechart)
    }

    /// `set: { field: value, 'array[i]': value }`, in order, on `event`; names that are no data
    /// field are reported when `reportingChecks` (a row of several sources is resolved for each).
    mutating func resolveAssignments(
        _ written: some Sequence<Assignment>, on event: Int?, in environment: SpinEnvironment, reportingChecks: Bool
    ) -> TransitionAssignments {
        var assignments = TransitionAssignments()
        for assignment in written {
            let key = assignment.field
            if let slot = environment.fieldNames[key.text] {
                if let value = rowExpression(assignment.value, on: event, in: environment, expecting: environment.fields[slot].type, key: key.text) {
                    assignments.append(slot: slot, value: value)
                }
            } else if key.text.contains("[") {
                resolveElementAssignment(assignment, on: event, in: environment, reportingChecks: reportingChecks, into: &assignments)
            } else if reportingChecks {
                if let array = environment.scope(event: event).scope.array(named: key.text) {
                    report(.arrayWithoutIndex, at: key.location, ["name": key, "count": array.count, "last": array.count &- 1])
                } else {
                    report(
                        .unknownDataField, at: key.location, ["field": key],
                        suggestion: Suggestion.hint(for: key.text, in: environment.fields.map(\.name.text)))
                }
            }
        }
        return assignments
    }

    /// `'array[i]': value`: at an index known now, the element's field; at one computed at run
    /// time, an assignment of every element (`ArrayField.written`).
    private mutating func resolveElementAssignment(
        _ assignment: Assignment, on event: Int?, in environment: SpinEnvironment, reportingChecks: Bool,
        into assignments: inout TransitionAssignments
    ) {
        let key = assignment.field
        let scope = environment.scope(event: event).scope
        let (parsed, problems) = ExpressionParser.parse(key.text, at: key.location)
        guard let parsed, case .index(let name, let indexSyntax) = parsed.kind else {
            if reportingChecks {
                if problems.isEmpty {
                    report(.unknownDataField, at: key.location, ["field": key], suggestion: Suggestion.hint(for: key.text, in: scope.namesInScope))
                } else {
                    append(problems)
                }
            }
            return
        }
        guard let array = scope.array(named: name) else {
            if reportingChecks {
                if scope.dataField(named: name) != nil {
                    report(.notAnArray, at: key.location, ["name": name])
                } else {
                    report(.unknownDataField, at: key.location, ["field": name], suggestion: Suggestion.hint(for: name, in: scope.namesInScope))
                }
            }
            return
        }
        var checker = ExpressionChecker(scope: scope)
        let checkedIndex = checker.check(indexSyntax, expecting: .int)
        if reportingChecks { append(checker.diagnostics) }
        guard let index = checkedIndex else { return }
        if case .constant(.int(let value)) = index.kind {
            guard value >= 0, value < Int64(array.count) else {
                if reportingChecks {
                    report(.indexOutsideArray, at: indexSyntax.location, ["index": value, "count": array.count, "array": name, "last": array.count &- 1])
                }
                return
            }
            let slot = array.firstSlot &+ Int(value)
            if let written = rowExpression(assignment.value, on: event, in: environment, expecting: array.type, key: key.text) {
                assignments.append(slot: slot, value: written)
            }
            return
        }
        guard index.dataFieldsRead.isDisjoint(with: array.slots) else {
            if reportingChecks { report(.indexReadsWrittenArray, at: indexSyntax.location, ["key": key, "array": name]) }
            return
        }
        guard let written = rowExpression(assignment.value, on: event, in: environment, expecting: array.type, key: key.text) else { return }
        let value = written.expression
        for element in 0..<array.count {
            let typed = array.written(element, value: value, at: index, text: parsed.text)
            let shared = SharedExpression(typed, base: assignment.value.location)
            assignments.append(slot: array.firstSlot &+ element, value: RowExpression(shared: shared, location: assignment.value.location))
        }
    }

    /// A row's history target, `internal` and actions, checked against its sources and target.
    private mutating func resolveRowStatechartKeys(
        _ keys: RowStatechartKeys, row: UnsafePointer<TransitionDeclaration>, sources: [Int]?, target: Int?, event: Int?,
        reportingChecks: Bool, in environment: SpinEnvironment
    ) -> RowStatechartModel? {
        let nodes = environment.tree.nodes
        // `history(S, deep)` names its kind; `history(S)` enters the kind S declares.
        var historyKind = keys.historyKind
        if keys.targetsHistory, historyKind == nil, let target, nodes.indices.contains(target) { historyKind = nodes[target].history }
        if reportingChecks, keys.targetsHistory, let target, let name = row.pointee.target, nodes.indices.contains(target) {
            if nodes[target].kind == .atomic, keys.historyKind != nil {
                report(.historyOnNonCompound, at: name.location, ["state": name])
            } else if historyKind == nil {
                report(.historyTargetWithoutHistory, at: name.location, ["name": name])
            }
        }
        // SCXML: a row is internal from a compound source whose target is inside it, and external
        // otherwise (`MicrostepPlanner.domain`); a warning says when `internal` has no effect,
        // once per row.
        if reportingChecks, keys.isInternal, let target, let name = row.pointee.target {
            for source in sources ?? [-1] {
                guard nodes.indices.contains(source), nodes[source].kind == .compound else {
                    let written = nodes.indices.contains(source) ? nodes[source].name.text : "any"
                    report(.internalWithoutCompoundSource, at: row.pointee.location, ["source": written])
                    break
                }
                let inside = keys.targetsHistory
                    ? environment.tree.isDescendant(target, ofOrSelf: source)
                    : environment.tree.isProperDescendant(target, of: source)
                if !inside {
                    report(.internalTargetOutside, at: name.location, ["target": name, "source": nodes[source].name])
                    break
                }
            }
        }
        var actions: ActionBlockModel?
        if keys.emit != nil || keys.propagate != nil || keys.conditional != nil {
            let declaration = ActionBlockDeclaration(
                location: row.pointee.location, assignments: [], emit: keys.emit, propagate: keys.propagate, conditional: keys.conditional)
            actions = resolveActionBlock(declaration, on: event, in: environment)
        }
        return RowStatechartModel(targetsHistory: keys.targetsHistory, historyKind: historyKind, isInternal: keys.isInternal, actions: actions)
    }

    /// `[state]`, one array shared by every row from that one state: most rows name a single
    /// source state, and many rows share it.
    private mutating func singleSource(_ state: Int) -> [Int] {
        guard state >= 0, state < singleSources.count else { return [state] }
        if let shared = singleSources[state] { return shared }
        let sources = [state]
        singleSources[state] = sources
        return sources
    }
}
