/// Sends (`{ send: E, with: {…}, delay: D, id: X }`) and cancels (`{ cancel: X }`) written as what
/// the language already runs, checks and exports (docs/statecharts.md, rule 20).
///
/// Each pending place, a *channel* (an id and an event; a send without an id is a channel of its
/// own), is data of the state, in fields no spec can name (`__send0`, `__send0_amount`, …; names
/// with two leading underscores are the language's own) that no trace, diagram or snapshot shows:
/// - `__sendN` counts the channel's sends modulo two and says whether one is pending: 0 or 1 when
///   none is, 2 or 3 when one is. A send makes it `3 - __sendN % 2` (pending, and different from
///   what it was, so that a send that replaces a pending one, or follows a cancel of it in the
///   same step, restarts its timer); a cancel makes it `__sendN % 2`.
/// - `__sendN_F` holds payload field F as the send evaluated it; `__sendN_delay` the delay, when the
///   channel's sends do not all write the same duration literal.
/// - a feedback rule `send(X)` (or `send(E)` without an id): `changes: __sendN`, `when: __sendN >=
///   2`, `after: D`, `emit: E` with the payload fields: a change to pending arms it, any other
///   change (a cancel) disarms it, and it emits E once, as an input arrives, after the delay.
///
/// So a pending send survives leaving the state that sent it, is checked state for `--check` (the
/// fields and the rule's timer), and replaces an earlier pending send of its channel (SCXML would
/// deliver both). The blocks keep their `send` and `cancel` for diagrams; the assignments they
/// stand for follow the block's own `set`.
package enum Sends {
    /// A counter's value that says a send is pending, as the checker restores it (`StateCodec`).
    package static let pending = SpinValue.int(2)

    /// For a send's rule, the name of the counter it watches; nil for any other rule.
    package static func counterField(of rule: FeedbackRuleDeclaration) -> String? {
        guard isRuleName(rule.name.text), case .changes(let watched) = rule.trigger else { return nil }
        return watched.text
    }

    /// Whether `name` is the name of a send's rule (`send(X)`).
    package static func isRuleName(_ name: String) -> Bool {
        name.hasPrefix("send(") && name.hasSuffix(")")
    }

    /// The spin with its sends and cancels written as fields, assignments and rules, and the
    /// problems of its sends (an unknown event or payload field, a missing payload value, a cancel
    /// of an id no send has).
    static func desugared(_ spin: SpinDeclaration) -> (spin: SpinDeclaration, diagnostics: [Diagnostic]) {
        var plan = SendPlan(spin: spin)
        plan.collect()
        guard plan.hasActions else { return (spin, []) }
        plan.makeChannels()
        let rows = spin.transitions.map(plan.rewritten(row:))
        let tree = spin.stateTree.map { $0.map(plan.rewritten(state:)) }
        let initial = spin.initialTransition.map(plan.rewritten(initial:))
        let result = SpinDeclaration(
            name: spin.name, location: spin.location, summary: spin.summary, states: spin.states, initialTransition: initial,
            finals: spin.finals, data: spin.data + plan.fields, events: spin.events, inputs: spin.inputs, transitions: rows,
            feedbacks: spin.feedbacks + plan.rules, render: spin.render, script: spin.script, stateTree: tree,
            invariants: spin.invariants, properties: spin.properties, fairness: spin.fairness, isParallel: spin.isParallel)
        return (result, plan.diagnostics)
    }
}

/// The channels of a spin's sends, the fields and rules they need, and the assignments each send
/// and cancel stands for.
private struct SendPlan {
    /// An id and an event: where one send may be pending.
    struct Channel {
        let index: Int
        let event: Name
        let id: Name?
        /// The event's declaration; nil when it has none (reported).
        let declaration: EventDeclaration?
        /// Each send of the channel, in document order.
        var sends: [SendDeclaration] = []
        /// The duration literal every send writes, when they all write the same one (or none).
        var fixedDelay: ExpressionText?
        var hasFixedDelay = true

        var field: String { Name.languagePrefix + "send\(index)" }
        func field(_ payload: String) -> String { field + "_" + payload }
        var delayField: String { field + "_delay" }
    }

    let spin: SpinDeclaration
    var channels: [Channel] = []
    /// Channel by key (`id` or the send's place, then the event).
    var channelIndex: [String: Int] = [:]
    var cancels: [Name] = []
    var fields: [DataFieldDeclaration] = []
    var rules: [FeedbackDeclaration] = []
    var diagnostics: [Diagnostic] = []

    init(spin: SpinDeclaration) {
        self.spin = spin
    }

    var hasActions: Bool { !channels.isEmpty || !cancels.isEmpty }

    static func key(of send: SendDeclaration) -> String {
        let place = send.id.map { "id:" + $0.text } ?? "at:\(send.event.location.line):\(send.event.location.column)"
        return place + "\u{0}" + send.event.text
    }

    // MARK: Collecting

    /// Every send and cancel of the spin, in document order: rows, then states, then the spin's
    /// initial transition.
    mutating func collect() {
        for row in spin.transitions {
            if let cancel = row.cancel { cancels.append(cancel) }
            if let send = row.send { add(send) }
            if let conditional = row.conditional { collect(conditional.then + conditional.otherwise) }
        }
        var pending = Array((spin.stateTree ?? []).reversed())
        while let state = pending.popLast() {
            collect(state.entry + state.exit)
            if let actions = state.initialTransition?.actions { collect([actions]) }
            pending.append(contentsOf: state.children.reversed())
        }
        if let actions = spin.initialTransition?.actions { collect([actions]) }
    }

    private mutating func collect(_ blocks: [ActionBlockDeclaration]) {
        var pending = Array(blocks.reversed())
        while let block = pending.popLast() {
            if let cancel = block.cancel { cancels.append(cancel) }
            if let send = block.send { add(send) }
            if let conditional = block.conditional { pending.append(contentsOf: (conditional.then + conditional.otherwise).reversed()) }
        }
    }

    private mutating func add(_ send: SendDeclaration) {
        let key = Self.key(of: send)
        if let index = channelIndex[key] {
            channels[index].sends.append(send)
            return
        }
        let declaration = spin.events.first { $0.name.text == send.event.text }
        channelIndex[key] = channels.count
        channels.append(Channel(index: channels.count, event: send.event, id: send.id, declaration: declaration, sends: [send]))
    }

    // MARK: Fields and rules

    /// The fields and rule of each channel, and the problems of its sends.
    mutating func makeChannels() {
        let ids = Set(channels.compactMap { $0.id?.text })
        for cancel in cancels where !ids.contains(cancel.text) {
            diagnostics.append(Diagnostic(
                .unknownSendID, at: cancel.location, ["id": cancel],
                suggestion: Suggestion.hint(for: cancel.text, in: ids.sorted())))
        }
        var ruleNames: Set<String> = []
        for index in channels.indices {
            var channel = channels[index]
            guard let declaration = channel.declaration else {
                let send = channel.sends[0]
                diagnostics.append(Diagnostic(
                    .unknownEvent, at: send.event.location, ["event": send.event],
                    suggestion: Suggestion.hint(for: send.event.text, in: spin.events.map(\.name.text))))
                continue
            }
            for send in channel.sends { checkPayload(send, of: declaration) }
            let delays = channel.sends.map(\.delay)
            if let first = delays.first, let written = first {
                channel.hasFixedDelay = delays.allSatisfy { $0?.text == written.text }
                    && DurationParser.parse(written.text.filter { !$0.isWhitespace }) != .invalid
                channel.fixedDelay = written
            } else {
                channel.hasFixedDelay = delays.allSatisfy { $0 == nil }
            }
            channels[index] = channel

            let at = channel.sends[0].event.location
            func name(_ text: String) -> Name { Name(text, at: at) }
            fields.append(DataFieldDeclaration(
                name: name(channel.field), type: .int, initial: InitialValue(text: "0", isQuoted: false, at: at),
                range: RangeDeclaration(
                    low: InitialValue(text: "0", isQuoted: false, at: at), high: InitialValue(text: "3", isQuoted: false, at: at), at: at)))
            for field in declaration.fields {
                fields.append(DataFieldDeclaration(name: name(channel.field(field.name.text)), type: field.type, initial: nil))
            }
            if !channel.hasFixedDelay {
                fields.append(DataFieldDeclaration(
                    name: name(channel.delayField), type: .duration, initial: InitialValue(text: "0ms", isQuoted: false, at: at)))
            }
            var ruleName = "send(" + (channel.id?.text ?? channel.event.text) + ")"
            if ruleNames.contains(ruleName) { ruleName = "send(" + (channel.id?.text ?? channel.event.text) + "#\(index))" }
            ruleNames.insert(ruleName)
            let delay = channel.hasFixedDelay ? channel.fixedDelay : ExpressionText(channel.delayField, at: at)
            let payload = declaration.fields.map { Assignment(field: $0.name, value: ExpressionText(channel.field($0.name.text), at: at)) }
            rules.append(FeedbackDeclaration(name: name(ruleName), cases: [
                FeedbackRuleDeclaration(
                    name: name(ruleName), location: at, trigger: .changes(ExpressionText(channel.field, at: at)),
                    condition: ExpressionText(channel.field + " >= 2", at: at), delay: delay, period: nil, strategy: .cancel,
                    action: .emit(EmitDeclaration(event: channel.event, payload: payload))),
            ]))
        }
        // In document order, as the rest of a spec's problems are.
        diagnostics = diagnostics.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }

    /// A value for every payload field of the event, and no other.
    private mutating func checkPayload(_ send: SendDeclaration, of event: EventDeclaration) {
        let names = event.fields.map(\.name.text)
        for assignment in send.payload where !names.contains(assignment.field.text) {
            diagnostics.append(Diagnostic(
                .unknownPayloadField, at: assignment.field.location, ["event": event.name, "field": assignment.field],
                suggestion: Suggestion.hint(for: assignment.field.text, in: names)))
        }
        let given = Set(send.payload.map(\.field.text))
        let missing = names.filter { !given.contains($0) }
        guard !missing.isEmpty else { return }
        diagnostics.append(Diagnostic(.missingPayloadValues, at: send.event.location, [
            "event": event.name, "fields": missing.map { "'\($0)'" }.joined(separator: ", "),
            "pairs": missing.map { "\($0): …" }.joined(separator: ", "),
        ]))
    }

    // MARK: Rewriting

    /// The assignments a block's cancel and send stand for, in that order.
    func assignments(send: SendDeclaration?, cancel: Name?) -> [Assignment] {
        var added: [Assignment] = []
        if let cancel {
            for channel in channels where channel.id?.text == cancel.text && channel.declaration != nil {
                added.append(Assignment(
                    field: Name(channel.field, at: cancel.location), value: ExpressionText(channel.field + " % 2", at: cancel.location)))
            }
        }
        if let send, let index = channelIndex[Self.key(of: send)], channels[index].declaration != nil {
            let channel = channels[index]
            let at = send.event.location
            let declared = Set(channel.declaration?.fields.map(\.name.text) ?? [])
            for assignment in send.payload where declared.contains(assignment.field.text) {
                added.append(Assignment(field: Name(channel.field(assignment.field.text), at: assignment.field.location), value: assignment.value))
            }
            if !channel.hasFixedDelay {
                added.append(Assignment(field: Name(channel.delayField, at: at), value: send.delay ?? ExpressionText("0ms", at: at)))
            }
            added.append(Assignment(field: Name(channel.field, at: at), value: ExpressionText("3 - " + channel.field + " % 2", at: at)))
        }
        return added
    }

    /// A row with the assignments of its own cancel and send after its `set`, and those of the
    /// sends and cancels of its conditional action in their blocks.
    func rewritten(row: TransitionDeclaration) -> TransitionDeclaration {
        let added = assignments(send: row.send, cancel: row.cancel)
        let rewritten = added.isEmpty ? row : row.appending(assignments: added)
        guard let conditional = row.conditional, let keys = row.statechartKeys else { return rewritten }
        return TransitionDeclaration(
            location: row.location, sources: row.writtenSources, event: row.event, moreEvents: row.moreEvents,
            guardExpression: row.guardExpression, target: row.target, assignments: rewritten.writtenAssignments,
            statechartKeys: RowStatechartKeys(
                isInternal: keys.isInternal, targetsHistory: keys.targetsHistory, historyKind: keys.historyKind, emit: keys.emit,
                propagate: keys.propagate, conditional: self.rewritten(conditional), after: keys.after, send: keys.send, cancel: keys.cancel))
    }

    func rewritten(_ block: ActionBlockDeclaration) -> ActionBlockDeclaration {
        let added = assignments(send: block.send, cancel: block.cancel)
        return ActionBlockDeclaration(
            location: block.location, assignments: block.assignments + added, emit: block.emit, propagate: block.propagate,
            conditional: block.conditional.map(rewritten), send: block.send, cancel: block.cancel)
    }

    func rewritten(_ conditional: ConditionalActionDeclaration) -> ConditionalActionDeclaration {
        ConditionalActionDeclaration(
            condition: conditional.condition, then: conditional.then.map(rewritten), otherwise: conditional.otherwise.map(rewritten))
    }

    func rewritten(initial: InitialDeclaration) -> InitialDeclaration {
        InitialDeclaration(targets: initial.targets, actions: initial.actions.map(rewritten), location: initial.location)
    }

    func rewritten(state: StateDeclaration) -> StateDeclaration {
        StateDeclaration(
            name: state.name, location: state.location, kind: state.kind, children: state.children.map(rewritten(state:)),
            initialTransition: state.initialTransition.map(rewritten(initial:)), history: state.history,
            entry: state.entry.map(rewritten), exit: state.exit.map(rewritten), finals: state.finals, deferred: state.deferred)
    }
}
