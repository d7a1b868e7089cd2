/// Timed rows (`{ from: S, after: 30s, to: T }`, no `on`) written as what the language already
/// runs, checks and exports: for each state and duration, an event of its own (`S.after(30s)`) and
/// a feedback rule `enter: S, after: 30s, emit: S.after(30s)`, and the rows on that event.
///
/// So the timer is armed when S is entered (again when S is exited and entered in one step),
/// disarmed when S is exited, and fires once (docs/statecharts.md, rules 13 and 17); its pending
/// time is checked state for `--check` and a timer of the Promela export, as any rule's. Rows from
/// one state with the same duration text share one timer and are tried in document order, as rows
/// on one event are (SCXML: one `<send>` whose event they all take).
///
/// Done before the spin is resolved, so that nothing after this knows timed rows apart from the
/// rows and rules they are; only the diagrams ask `isTimerName` to draw `after 30s` instead of
/// the rule and its event.
package enum TimedRows {
    /// The spin with its timed rows written as rules and rows on their events, and the problems of
    /// its timed rows (an `on` as well, a `from` that is not one state).
    static func desugared(_ spin: SpinDeclaration) -> (spin: SpinDeclaration, diagnostics: [Diagnostic]) {
        guard spin.transitions.contains(where: { $0.after != nil }) else { return (spin, []) }
        var diagnostics: [Diagnostic] = []
        var events = spin.events
        var feedbacks = spin.feedbacks
        var transitions: [TransitionDeclaration] = []
        transitions.reserveCapacity(spin.transitions.count)
        var timers: [String: Name] = [:]
        for row in spin.transitions {
            guard let after = row.after else {
                transitions.append(row)
                continue
            }
            if let event = row.event {
                diagnostics.append(Diagnostic(.timedRowWithEvent, at: event.location, ["event": event]))
                transitions.append(row)
                continue
            }
            guard case .one(let source) = row.writtenSources else {
                diagnostics.append(Diagnostic(.timedRowSource, at: row.location))
                continue
            }
            let name = timerName(state: source.text, duration: after.text)
            let event: Name
            if let existing = timers[name] {
                event = existing
            } else {
                event = Name(name, at: after.location)
                timers[name] = event
                events.append(EventDeclaration(name: event, fields: []))
                feedbacks.append(FeedbackDeclaration(name: event, cases: [
                    FeedbackRuleDeclaration(
                        name: event, location: after.location, trigger: .enter([source]), condition: nil, delay: after,
                        period: nil, strategy: .cancel, action: .emit(EmitDeclaration(event: event, payload: []))),
                ]))
            }
            transitions.append(row.on(event))
        }
        return (spin.with(events: events, feedbacks: feedbacks, transitions: transitions), diagnostics)
    }

    /// The name of the event and rule of the timed rows from `state` after `duration` (its text,
    /// without spaces): `S.after(30s)`. No declared name can be one (`(` is in none).
    static func timerName(state: String, duration: String) -> String {
        state + ".after(" + duration.filter { !$0.isWhitespace } + ")"
    }

    /// Whether `name` is a timed row's event or rule.
    package static func isTimerName(_ name: String) -> Bool {
        name.hasSuffix(")") && name.contains(".after(")
    }
}
