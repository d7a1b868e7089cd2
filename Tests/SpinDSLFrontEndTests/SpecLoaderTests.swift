import Foundation
import Testing
@testable import SpinDSLFrontEnd

private let path = testSpecPath

private func name(_ text: String, _ line: Int, _ column: Int) -> Name {
    Name(text, at: at(line, column))
}

private func expr(_ text: String, _ line: Int, _ column: Int) -> ExpressionText {
    ExpressionText(text, at: at(line, column))
}

private func load(_ text: String) -> SpecLoadResult {
    SpecLoader().load(SourceFile(path: path, text: text))
}

/// Loads a spec that must be free of diagnostics and returns its document.
private func document(_ text: String) throws -> SpecDocument {
    let source = SourceFile(path: path, text: text)
    let result = SpecLoader().load(source)
    #expect(result.diagnostics.isEmpty, "\(DiagnosticRenderer(sources: [source]).render(result.diagnostics))")
    return try #require(result.document)
}

/// The rendered diagnostics of a spec that must fail to load.
private func rendered(_ text: String) -> String {
    let source = SourceFile(path: path, text: text)
    let result = SpecLoader().load(source)
    #expect(result.document == nil)
    #expect(!result.diagnostics.isEmpty)
    return DiagnosticRenderer(sources: [source]).render(result.diagnostics)
}

@Suite struct SpecLoaderDocumentTests {
    @Test func levelsExample() throws {
        let document = try document(levelsExampleSpec)
        #expect(document.path == path)
        #expect(document.gears.isEmpty)
        #expect(document.summary == nil)
        #expect(document.spins.count == 1)
        let spin = try #require(document.spins.first)
        #expect(spin.name == name("Levels", 1, 7))
        #expect(spin.location == at(1, 1))
        #expect(spin.summary == nil)
        #expect(spin.states.isEmpty)
        #expect(spin.initial == nil)
        #expect(spin.finals.isEmpty)
        #expect(spin.inputs.isEmpty)
        #expect(spin.script.isEmpty)
        #expect(spin.data == [
            DataFieldDeclaration(name: name("left", 3, 3), type: .int, initial: InitialValue(text: "10", isQuoted: false, at: at(3, 9))),
            DataFieldDeclaration(name: name("right", 4, 3), type: .int, initial: InitialValue(text: "20", isQuoted: false, at: at(4, 10))),
        ])
        #expect(spin.events == [
            EventDeclaration(name: name("increaseLeft", 5, 10), fields: []),
            EventDeclaration(name: name("decreaseLeft", 5, 24), fields: []),
            EventDeclaration(name: name("increaseRight", 5, 38), fields: []),
            EventDeclaration(name: name("decreaseRight", 5, 53), fields: []),
        ])
        #expect(spin.transitions.count == 4)
        #expect(spin.transitions.first == TransitionDeclaration(
            location: at(7, 5), source: .any, event: name("increaseLeft", 7, 11),
            guardExpression: expr("left != right", 7, 32), target: nil,
            assignments: [Assignment(field: name("left", 7, 54), value: expr("left + 1", 7, 60))]))
        #expect(spin.transitions.map(\.event?.text) == ["increaseLeft", "decreaseLeft", "increaseRight", "decreaseRight"])
        #expect(spin.transitions.map { $0.assignments.map(\.value.text) } == [["left + 1"], ["left - 1"], ["right + 1"], ["right - 1"]])
        #expect(spin.transitions.map(\.location.line) == [7, 8, 9, 10])

        #expect(spin.feedbacks.map(\.name.text) == ["leftEffect", "rightEffect"])
        #expect(spin.feedbacks.first?.name == name("leftEffect", 12, 3))
        #expect(spin.feedbacks.first?.cases == [
            FeedbackRuleDeclaration(
                name: name("leftEffect", 12, 3), location: at(13, 7), trigger: .when(expr("left < right", 13, 15)),
                condition: nil, delay: nil, period: nil, strategy: .cancel,
                action: .emit(EmitDeclaration(event: name("increaseLeft", 13, 35), payload: []))),
            FeedbackRuleDeclaration(
                name: name("leftEffect", 12, 3), location: at(14, 7), trigger: .when(expr("left > right", 14, 15)),
                condition: nil, delay: nil, period: nil, strategy: .cancel,
                action: .emit(EmitDeclaration(event: name("decreaseLeft", 14, 35), payload: []))),
        ])
        #expect(spin.feedbacks.last?.cases.map(\.action) == [
            .emit(EmitDeclaration(event: name("increaseRight", 16, 35), payload: [])),
            .emit(EmitDeclaration(event: name("decreaseRight", 17, 35), payload: [])),
        ])
        #expect(spin.render == expr("left={left} right={right}", 18, 10))
    }

    /// The first example of the language document loads cleanly, and is the one tested above.
    @Test func levelsExampleMatchesTheDocs() throws {
        let docs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/spec-format.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let start = try #require(text.range(of: "```yaml\n"))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let example = String(text[start.upperBound..<end.lowerBound])
        #expect(example == levelsExampleSpec + "\n")
        #expect(try document(example).spins.first?.feedbacks.count == 2)
    }

    @Test func turnstile() throws {
        let document = try document("""
            spin: Turnstile
            description: A coin-operated turnstile
            states: [locked, unlocked, broken]
            initial: locked
            final: broken
            data:
              credit: 0
              ratio: 0.5
              enabled: false
              label: "idle"
              word: no
              big: 1e3
              mode: { type: enum, values: [heat, cool, 'off'], initial: cool }
              limit: { type: double, initial: 30 }
              fan: { type: enum, values: [low, high] }
            events:
              coin: { amount: int }
              push: {}
              kick:
              tune: { target: { type: enum, values: [heat, cool] }, note: string }
            inputs: [coin, push]
            gears:
              bus:
                events:
                  alarm: { level: int }
                  reset:
            transitions:
              - from: locked
                on: coin
                when: event.amount >= 25
                to: unlocked
                set:
                  credit: credit + event.amount
                  label: '"paid"'
              - { from: [unlocked, locked], on: push, to: locked }
              - { from: any, on: kick, to: broken }
              - { on: tune }
            """)
        #expect(document.summary == "A coin-operated turnstile")
        #expect(document.gears == [
            GearDeclaration(name: name("bus", 23, 3), events: [
                EventDeclaration(name: name("alarm", 25, 7), fields: [
                    PayloadFieldDeclaration(name: name("level", 25, 16), type: .int, typeLocation: at(25, 23)),
                ]),
                EventDeclaration(name: name("reset", 26, 7), fields: []),
            ]),
        ])
        let spin = try #require(document.spins.first)
        #expect(spin.summary == "A coin-operated turnstile")
        #expect(spin.states == [name("locked", 3, 10), name("unlocked", 3, 18), name("broken", 3, 28)])
        #expect(spin.initial == name("locked", 4, 10))
        #expect(spin.finals == [name("broken", 5, 8)])
        #expect(spin.data.map(\.name.text) == ["credit", "ratio", "enabled", "label", "word", "big", "mode", "limit", "fan"])
        #expect(spin.data.map(\.type) == [
            .int, .double, .bool, .string, .string, .double,
            .enumeration([name("heat", 13, 32), name("cool", 13, 38), name("off", 13, 45)]),
            .double,
            .enumeration([name("low", 15, 31), name("high", 15, 36)]),
        ])
        #expect(spin.data.map(\.initial) == [
            InitialValue(text: "0", isQuoted: false, at: at(7, 11)),
            InitialValue(text: "0.5", isQuoted: false, at: at(8, 10)),
            InitialValue(text: "false", isQuoted: false, at: at(9, 12)),
            InitialValue(text: "idle", isQuoted: true, at: at(10, 10)),
            InitialValue(text: "no", isQuoted: false, at: at(11, 9)),
            InitialValue(text: "1e3", isQuoted: false, at: at(12, 8)),
            InitialValue(text: "cool", isQuoted: false, at: at(13, 61)),
            InitialValue(text: "30", isQuoted: false, at: at(14, 35)),
            // An enum without `initial` starts at its first value.
            InitialValue(text: "low", isQuoted: false, at: at(15, 31)),
        ])
        #expect(spin.events == [
            EventDeclaration(name: name("coin", 17, 3), fields: [
                PayloadFieldDeclaration(name: name("amount", 17, 11), type: .int, typeLocation: at(17, 19)),
            ]),
            EventDeclaration(name: name("push", 18, 3), fields: []),
            EventDeclaration(name: name("kick", 19, 3), fields: []),
            EventDeclaration(name: name("tune", 20, 3), fields: [
                PayloadFieldDeclaration(
                    name: name("target", 20, 11), type: .enumeration([name("heat", 20, 42), name("cool", 20, 48)]),
                    typeLocation: at(20, 27)),
                PayloadFieldDeclaration(name: name("note", 20, 57), type: .string, typeLocation: at(20, 63)),
            ]),
        ])
        #expect(spin.inputs == [name("coin", 21, 10), name("push", 21, 16)])
        #expect(spin.transitions == [
            TransitionDeclaration(
                location: at(28, 5), source: .states([name("locked", 28, 11)]), event: name("coin", 29, 9),
                guardExpression: expr("event.amount >= 25", 30, 11), target: name("unlocked", 31, 9),
                assignments: [
                    Assignment(field: name("credit", 33, 7), value: expr("credit + event.amount", 33, 15)),
                    Assignment(field: name("label", 34, 7), value: expr("\"paid\"", 34, 15)),
                ]),
            TransitionDeclaration(
                location: at(35, 5), source: .states([name("unlocked", 35, 14), name("locked", 35, 24)]),
                event: name("push", 35, 37), guardExpression: nil, target: name("locked", 35, 47), assignments: []),
            TransitionDeclaration(
                location: at(36, 5), source: .any, event: name("kick", 36, 22), guardExpression: nil,
                target: name("broken", 36, 32), assignments: []),
            TransitionDeclaration(
                location: at(37, 5), source: .any, event: name("tune", 37, 11), guardExpression: nil, target: nil,
                assignments: []),
        ])
    }

    @Test func feedbackTriggersTimingAndActions() throws {
        let document = try document("""
            spin: Machine
            states: [locked, unlocked, broken]
            gears:
              bus: { events: [alarm, reset] }
            feedbacks:
              announce: { render: "credit={credit}" }
              refund: { when: credit > 100, after: 300ms, emit: coin, with: { amount: 0 - credit } }
              timeout: { becomes: state == .unlocked, after: 1.5s, strategy: continue, emit: push }
              watch: { changes: label, strategy: cancel, propagate: bus.alarm, with: { level: credit } }
              repair:
                enter: broken
                effect: callRepair
                simulate:
                  after: 2m
                  choose:
                    - { weight: 3, emit: push }
                    - { emit: coin, with: { amount: 1 } }
              blink: { in: [locked, unlocked], when: enabled, every: 1s, choose: [{ weight: 2, emit: push }] }
              listen: { catch: bus.reset, effect: resetAll }
              fetch: { enter: [locked], every: 1h, effect: load, simulate: { emit: done, with: { ok: true } } }
              idle: { in: locked, render: idle }
            script:
              - { at: 0s, emit: coin, with: { amount: 25 } }
              - at: 1h
                emit: push
            """)
        let spin = try #require(document.spins.first)
        #expect(spin.feedbacks.map(\.name.text) == [
            "announce", "refund", "timeout", "watch", "repair", "blink", "listen", "fetch", "idle",
        ])
        let rules = spin.feedbacks.compactMap { $0.cases.count == 1 ? $0.cases.first : nil }
        #expect(rules.count == 9)
        guard rules.count == 9 else { return }

        #expect(rules[0] == FeedbackRuleDeclaration(
            name: name("announce", 6, 3), location: at(6, 13), trigger: .everyState, condition: nil, delay: nil,
            period: nil, strategy: .cancel, action: .render(expr("credit={credit}", 6, 24))))
        #expect(rules[1] == FeedbackRuleDeclaration(
            name: name("refund", 7, 3), location: at(7, 11), trigger: .when(expr("credit > 100", 7, 19)),
            condition: nil, delay: expr("300ms", 7, 40), period: nil, strategy: .cancel,
            action: .emit(EmitDeclaration(
                event: name("coin", 7, 53),
                payload: [Assignment(field: name("amount", 7, 67), value: expr("0 - credit", 7, 75))]))))
        #expect(rules[2].trigger == .becomes(expr("state == .unlocked", 8, 23)))
        #expect(rules[2].delay == expr("1.5s", 8, 50))
        #expect(rules[2].strategy == .continue)
        #expect(rules[3].trigger == .changes(expr("label", 9, 21)))
        #expect(rules[3].strategy == .cancel)
        #expect(rules[3].action == .propagate(
            gear: name("bus", 9, 57), event: name("alarm", 9, 61),
            payload: [Assignment(field: name("level", 9, 76), value: expr("credit", 9, 83))]))
        #expect(rules[4].trigger == .enter([name("broken", 11, 12)]))
        #expect(rules[4].location == at(11, 5))
        #expect(rules[4].action == .effect(name: name("callRepair", 12, 13), simulate: SimulatedEffect(
            location: at(13, 5), delay: expr("2m", 14, 14),
            outcome: .choose([
                WeightedEmit(weight: 3, weightLocation: at(16, 21), emit: EmitDeclaration(event: name("push", 16, 30), payload: [])),
                // No `weight`: 1, located at the choice.
                WeightedEmit(weight: 1, weightLocation: at(17, 11), emit: EmitDeclaration(
                    event: name("coin", 17, 19),
                    payload: [Assignment(field: name("amount", 17, 33), value: expr("1", 17, 41))])),
            ]))))
        #expect(rules[5].trigger == .inStates([name("locked", 18, 17), name("unlocked", 18, 25)]))
        #expect(rules[5].condition == expr("enabled", 18, 42))
        #expect(rules[5].period == expr("1s", 18, 58))
        #expect(rules[5].action == .choose([
            WeightedEmit(weight: 2, weightLocation: at(18, 81), emit: EmitDeclaration(event: name("push", 18, 90), payload: [])),
        ]))
        #expect(rules[6].trigger == .gearEvent(gear: name("bus", 19, 20), event: name("reset", 19, 24)))
        #expect(rules[6].action == .effect(name: name("resetAll", 19, 39), simulate: nil))
        #expect(rules[7].trigger == .enter([name("locked", 20, 20)]))
        #expect(rules[7].period == expr("1h", 20, 36))
        #expect(rules[7].action == .effect(name: name("load", 20, 48), simulate: SimulatedEffect(
            location: at(20, 54), delay: nil,
            outcome: .emit(EmitDeclaration(event: name("done", 20, 72), payload: [
                Assignment(field: name("ok", 20, 86), value: expr("true", 20, 90)),
            ])))))
        #expect(rules[8].trigger == .inStates([name("locked", 21, 15)]))
        #expect(rules[8].condition == nil)

        #expect(spin.script == [
            ScriptStep(
                location: at(23, 5), at: DurationLiteral(milliseconds: 0, at: at(23, 11)),
                emit: EmitDeclaration(
                    event: name("coin", 23, 21),
                    payload: [Assignment(field: name("amount", 23, 35), value: expr("25", 23, 43))])),
            ScriptStep(
                location: at(24, 5), at: DurationLiteral(milliseconds: 3_600_000, at: at(24, 9)),
                emit: EmitDeclaration(event: name("push", 25, 11), payload: [])),
        ])
    }

    @Test func multiSpinWithGears() throws {
        let document = try document("""
            description: Login and session
            gears:
              auth:
                events:
                  loggedIn: { user: string }
                  loggedOut: {}
            spins:
              Login:
                states: [idle, done]
                events: [submit]
                transitions:
                  - { from: idle, on: submit, to: done }
                feedbacks:
                  announce: { enter: done, propagate: auth.loggedIn, with: { user: '"ada"' } }
              Session:
                description: who is logged in
                data: { user: "" }
                events:
                  start: { user: string }
                transitions:
                  - { on: start, set: { user: event.user } }
                feedbacks:
                  listen: { catch: auth.loggedIn, emit: start, with: { user: event.user } }
            """)
        #expect(document.summary == "Login and session")
        #expect(document.gears.map(\.name) == [name("auth", 3, 3)])
        #expect(document.gears.first?.events.map(\.name.text) == ["loggedIn", "loggedOut"])
        #expect(document.spins.map(\.name) == [name("Login", 8, 3), name("Session", 15, 3)])
        #expect(document.spins.map(\.location) == [at(9, 5), at(16, 5)])
        #expect(document.spins.map(\.summary) == [nil, "who is logged in"])
        let login = try #require(document.spins.first)
        #expect(login.states.map(\.text) == ["idle", "done"])
        #expect(login.feedbacks.first?.cases.first?.action == .propagate(
            gear: name("auth", 14, 43), event: name("loggedIn", 14, 48),
            payload: [Assignment(field: name("user", 14, 66), value: expr("\"ada\"", 14, 73))]))
        let session = try #require(document.spins.last)
        #expect(session.data == [
            DataFieldDeclaration(name: name("user", 17, 13), type: .string, initial: InitialValue(text: "", isQuoted: true, at: at(17, 19))),
        ])
        #expect(session.feedbacks.first?.cases.first?.trigger == .gearEvent(
            gear: name("auth", 23, 24), event: name("loggedIn", 23, 29)))
    }

    @Test func durations() {
        #expect(DurationParser.parse("300ms") == .milliseconds(300))
        #expect(DurationParser.parse("1s") == .milliseconds(1000))
        #expect(DurationParser.parse("1.5s") == .milliseconds(1500))
        #expect(DurationParser.parse("1.500s") == .milliseconds(1500))
        #expect(DurationParser.parse("2m") == .milliseconds(120_000))
        #expect(DurationParser.parse("1h") == .milliseconds(3_600_000))
        #expect(DurationParser.parse("0s") == .milliseconds(0))
        #expect(DurationParser.parse("0.001s") == .milliseconds(1))
        #expect(DurationParser.parse("0.0000001h") == .fractional)
        #expect(DurationParser.parse("0.5ms") == .fractional)
        #expect(DurationParser.parse("0.00000000000000000000001s") == .fractional)
        #expect(DurationParser.parse("9223372036854775807ms") == .milliseconds(Int64.max))
        #expect(DurationParser.parse("9223372036854775808ms") == .invalid)
        #expect(DurationParser.parse("9223372036854775807h") == .invalid)
        #expect(DurationParser.parse("2562047788015215.5h") == .invalid)
        for text in ["", "s", "1", "-1s", "+1s", "1.s", ".5s", "1e3ms", "nan", "NaNs", "1 s", "1sec", "1S", "1.5.2s", "١s"] {
            #expect(DurationParser.parse(text) == .invalid, "\(text)")
        }
    }
}

@Suite struct SpecLoaderDiagnosticTests {
    @Test func unknownKeyWithHint() {
        #expect(rendered("""
            spin: Levels
            events: [go]
            transtions: []
            feedbacks:
              tick: { emit: go, aftr: 1s }
            """) == """
            spec.yaml:3:1: error: unknown key 'transtions' in spin 'Levels' [#UnknownKey]
                transtions: []
                ^
            hint: did you mean 'transitions'?
            spec.yaml:5:21: error: unknown key 'aftr' in feedback rule 'tick' [#UnknownKey]
                  tick: { emit: go, aftr: 1s }
                                    ^
            hint: did you mean 'after'?

            """)
    }

    @Test func unknownKeysInEveryContext() {
        #expect(rendered("""
            spins:
              A:
                data: { mode: { type: enum, values: [a], intial: a } }
                transitions: [{ on: go, fromm: a }]
                script: [{ at: 1s, emit: go, wth: {} }]
                bogus: 1
            gears:
              auth: { evnets: [x] }
            summary: x
            """) == """
            spec.yaml:3:46: error: unknown key 'intial' in data field 'mode' [#UnknownKey]
                    data: { mode: { type: enum, values: [a], intial: a } }
                                                             ^
            hint: did you mean 'initial'?
            spec.yaml:4:29: error: unknown key 'fromm' in transition [#UnknownKey]
                    transitions: [{ on: go, fromm: a }]
                                            ^
            hint: did you mean 'from'?
            spec.yaml:5:34: error: unknown key 'wth' in script step [#UnknownKey]
                    script: [{ at: 1s, emit: go, wth: {} }]
                                                 ^
            hint: did you mean 'with'?
            spec.yaml:6:5: error: unknown key 'bogus' in spin 'A' [#UnknownKey]
                    bogus: 1
                    ^
            hint: the keys allowed here are 'description', 'states', 'parallel', 'initial', 'final', 'data', 'events', 'inputs', 'transitions', 'feedbacks', 'render', 'script', 'invariants', 'properties', 'fairness'
            spec.yaml:8:11: error: unknown key 'evnets' in gear 'auth' [#UnknownKey]
                  auth: { evnets: [x] }
                          ^
            hint: did you mean 'events'?
            spec.yaml:9:1: error: unknown key 'summary' at the top level [#UnknownKey]
                summary: x
                ^
            hint: the keys allowed here are 'spins', 'gears', 'types', 'constants', 'description'

            """)
    }

    @Test func wrongKinds() {
        #expect(rendered("""
            spin: [A]
            data: [1, 2]
            states: locked
            events: go
            transitions: { on: go }
            render: { a: 1 }
            final: { a: b }
            """) == """
            spec.yaml:1:7: error: expected a string for 'spin', found a list [#WrongValueKind]
                spin: [A]
                      ^
            spec.yaml:2:7: error: expected a mapping for 'data', found a list [#WrongValueKind]
                data: [1, 2]
                      ^
            spec.yaml:3:9: error: expected a list for 'states', found a scalar [#WrongValueKind]
                states: locked
                        ^
            spec.yaml:4:9: error: expected a list or a mapping for 'events', found a scalar [#WrongValueKind]
                events: go
                        ^
            spec.yaml:5:14: error: expected a list for 'transitions', found a mapping [#WrongValueKind]
                transitions: { on: go }
                             ^
            spec.yaml:6:9: error: expected an expression for 'render', found a mapping [#WrongValueKind]
                render: { a: 1 }
                        ^
            spec.yaml:7:8: error: expected a name or a list of names for 'final', found a mapping [#WrongValueKind]
                final: { a: b }
                       ^

            """)
    }

    /// A row without `on` is an eventless row: not a problem of the loader.
    @Test func missingOnIsEventless() {
        #expect(rendered("""
            spin: A
            transitions:
              - { to: b }
              - when: x > 1
                set: { x: }
            """) == """
            spec.yaml:5:15: error: expected an expression for 'x', found nothing [#WrongValueKind]
                    set: { x: }
                              ^

            """)
    }

    @Test func twoActionsAndNoAction() {
        #expect(rendered("""
            spin: A
            feedbacks:
              both: { emit: go, render: "hi" }
              none: { when: x }
            """) == """
            spec.yaml:3:21: error: feedback rule 'both' has a second action 'render' (it already has 'emit') [#SecondAction]
                  both: { emit: go, render: "hi" }
                                    ^
            hint: a rule does exactly one thing; split it into two rules
            spec.yaml:4:9: error: feedback rule 'none' has no action: add one of emit, choose, propagate, effect, render [#RuleWithoutAction]
                  none: { when: x }
                        ^

            """)
    }

    @Test func twoTriggers() {
        #expect(rendered("""
            spin: A
            feedbacks:
              a: { when: x, becomes: y, emit: go }
              b: { in: s, changes: y, emit: go }
              c: { when: x, in: s, enter: t, emit: go }
            """) == """
            spec.yaml:3:17: error: feedback rule 'a' has a second trigger 'becomes' (it already has 'when') [#SecondTrigger]
                  a: { when: x, becomes: y, emit: go }
                                ^
            hint: use at most one of when, becomes, changes, enter, catch; only 'in' combines with 'when'
            spec.yaml:4:15: error: feedback rule 'b' has a second trigger 'changes' (it already has 'in') [#SecondTrigger]
                  b: { in: s, changes: y, emit: go }
                              ^
            hint: use at most one of when, becomes, changes, enter, catch; only 'in' combines with 'when'
            spec.yaml:5:24: error: feedback rule 'c' has a second trigger 'enter' (it already has 'when' and 'in') [#SecondTrigger]
                  c: { when: x, in: s, enter: t, emit: go }
                                       ^
            hint: use at most one of when, becomes, changes, enter, catch; only 'in' combines with 'when'

            """)
    }

    /// A script's `at` is a duration literal, checked here; `after` and `every` are duration
    /// expressions, checked with the others (`DurationTests`).
    @Test func badDurations() {
        #expect(rendered("""
            spin: A
            data:
              short: 0.5ms
            feedbacks:
              d: { every: 1s, emit: go }
            script:
              - { at: -1s, emit: go }
              - { at: 0.5ms, emit: go }
              - { at: 99999999999999999999h, emit: go }
            """) == """
            spec.yaml:3:10: error: duration '0.5ms' is not a whole number of milliseconds [#FractionalDuration]
                  short: 0.5ms
                         ^
            hint: durations are counted in whole milliseconds, e.g. 1.5s or 1500ms
            spec.yaml:5:8: error: 'every' in feedback rule 'd' needs a 'when', 'becomes', 'enter' or 'in' trigger [#EveryWithoutCondition]
                  d: { every: 1s, emit: go }
                       ^
            hint: 'every' repeats the action while the trigger holds
            spec.yaml:7:11: error: invalid duration '-1s' [#InvalidDuration]
                  - { at: -1s, emit: go }
                          ^
            hint: write a whole or decimal number (no exponent, below 2^63 milliseconds) followed by ms, s, m or h, e.g. 300ms or 1.5s
            spec.yaml:8:11: error: duration '0.5ms' is not a whole number of milliseconds [#FractionalDuration]
                  - { at: 0.5ms, emit: go }
                          ^
            hint: durations are counted in whole milliseconds, e.g. 1.5s or 1500ms
            spec.yaml:9:11: error: invalid duration '99999999999999999999h' [#InvalidDuration]
                  - { at: 99999999999999999999h, emit: go }
                          ^
            hint: write a whole or decimal number (no exponent, below 2^63 milliseconds) followed by ms, s, m or h, e.g. 300ms or 1.5s

            """)
    }

    @Test func badWeights() {
        #expect(rendered("""
            spin: A
            feedbacks:
              a: { choose: [{ weight: 0, emit: x }, { weight: 1.5, emit: y }, { weight: "2", emit: z }, { weight: 1 }] }
            """) == """
            spec.yaml:3:27: error: invalid weight '0' [#InvalidWeight]
                  a: { choose: [{ weight: 0, emit: x }, { weight: 1.5, emit: y }, { weight: "2", emit: z }, { weight: 1 }] }
                                          ^
            hint: a weight is a positive integer, e.g. 'weight: 3'
            spec.yaml:3:51: error: invalid weight '1.5' [#InvalidWeight]
                  a: { choose: [{ weight: 0, emit: x }, { weight: 1.5, emit: y }, { weight: "2", emit: z }, { weight: 1 }] }
                                                                  ^
            hint: a weight is a positive integer, e.g. 'weight: 3'
            spec.yaml:3:77: error: invalid weight '2' [#InvalidWeight]
                  a: { choose: [{ weight: 0, emit: x }, { weight: 1.5, emit: y }, { weight: "2", emit: z }, { weight: 1 }] }
                                                                                            ^
            hint: a weight is a positive integer, e.g. 'weight: 3'
            spec.yaml:3:93: error: choice has no 'emit' event [#ChoiceWithoutEmit]
                  a: { choose: [{ weight: 0, emit: x }, { weight: 1.5, emit: y }, { weight: "2", emit: z }, { weight: 1 }] }
                                                                                                            ^
            hint: add 'emit:' with the event it feeds back

            """)
    }

    @Test func badStrategy() {
        #expect(rendered("""
            spin: A
            feedbacks:
              a: { when: x, strategy: cancle, emit: go }
              b: { when: x, strategy: drop, emit: go }
            """) == """
            spec.yaml:3:27: error: unknown strategy 'cancle' [#UnknownStrategy]
                  a: { when: x, strategy: cancle, emit: go }
                                          ^
            hint: did you mean 'cancel'?
            spec.yaml:4:27: error: unknown strategy 'drop' [#UnknownStrategy]
                  b: { when: x, strategy: drop, emit: go }
                                          ^
            hint: use 'cancel' or 'continue'

            """)
    }

    @Test func missingInitialValues() {
        #expect(rendered("""
            spin: A
            data:
              count:
              limit: { type: double }
              mode: { type: enum }
              fan: { type: enum, values: [] }
            """) == """
            spec.yaml:3:3: error: data field 'count' needs an initial value [#DataFieldWithoutValue]
                  count:
                  ^
            hint: write one after the colon, e.g. 'count: 0'
            spec.yaml:4:10: error: data field 'limit' needs an initial value [#DataFieldWithoutInitial]
                  limit: { type: double }
                         ^
            hint: add 'initial:' with the field's value at the start
            spec.yaml:5:9: error: enum data field 'mode' needs 'values' [#EnumWithoutValues]
                  mode: { type: enum }
                        ^
            hint: list its cases, e.g. values: [heat, cool, off]
            spec.yaml:6:30: error: enum data field 'fan' has no values [#EmptyEnum]
                  fan: { type: enum, values: [] }
                                             ^
            hint: list its cases, e.g. values: [heat, cool, off]

            """)
    }

    @Test func unknownTypes() {
        #expect(rendered("""
            spin: A
            data:
              count: { type: doubel, initial: 0 }
              ratio: { type: float, initial: 0 }
              flag: { initial: true }
            events:
              coin: { amount: integer, note: strng }
            """) == """
            spec.yaml:3:18: error: unknown type 'doubel' in data field 'count' [#UnknownType]
                  count: { type: doubel, initial: 0 }
                                 ^
            hint: did you mean 'double'?
            spec.yaml:4:18: error: unknown type 'float' in data field 'ratio' [#UnknownType]
                  ratio: { type: float, initial: 0 }
                                 ^
            hint: the types are int, double, bool, string, duration, enum, and the types declared under 'types:'
            spec.yaml:5:9: error: data field 'flag' has no 'type' [#MissingFieldType]
                  flag: { initial: true }
                        ^
            hint: add 'type:' with one of int, double, bool, string, duration, enum, or a type of 'types:'
            spec.yaml:7:19: error: unknown type 'integer' in payload field 'amount' [#UnknownType]
                  coin: { amount: integer, note: strng }
                                  ^
            hint: the types are int, double, bool, string, duration, enum, and the types declared under 'types:'
            spec.yaml:7:34: error: unknown type 'strng' in payload field 'note' [#UnknownType]
                  coin: { amount: integer, note: strng }
                                                 ^
            hint: did you mean 'string'?

            """)
    }

    @Test func spinAndSpins() {
        #expect(rendered("""
            spin: A
            spins:
              B: {}
            """) == """
            spec.yaml:2:1: error: a spec has both 'spin' and 'spins' [#SpinAndSpins]
                spins:
                ^
            hint: use 'spin: Name' for a file with one spin, or 'spins:' for several

            """)
    }

    @Test func neitherSpinNorSpins() {
        #expect(rendered("""
            spn: A
            states: [a]
            """) == """
            spec.yaml:1:1: error: a spec needs 'spin: Name' (one spin) or 'spins:' (several) [#MissingSpin]
                spn: A
                ^
            spec.yaml:1:1: error: unknown key 'spn' at the top level [#UnknownKey]
                spn: A
                ^
            hint: did you mean 'spin'?

            """)
    }

    @Test func emptyFile() {
        // An empty line 1 is quoted as four spaces of indentation.
        #expect(rendered("") == "spec.yaml:1:1: error: the spec is empty [#EmptySpec]\n    \n    ^\nhint: start with 'spin: Name' or 'spins:'\n")
        for text in ["# nothing here\n", "---\n", "~\n"] {
            let line = text.dropLast()
            #expect(rendered(text) == """
                spec.yaml:1:1: error: the spec is empty [#EmptySpec]
                    \(line)
                    ^
                hint: start with 'spin: Name' or 'spins:'

                """)
        }
    }

    @Test func topLevelListOrScalar() {
        #expect(rendered("- spin: A\n") == """
            spec.yaml:1:1: error: a spec must be a mapping with 'spin' or 'spins' at the top [#SpecNotMapping]
                - spin: A
                ^

            """)
        #expect(rendered("\n  Levels\n") == """
            spec.yaml:2:3: error: a spec must be a mapping with 'spin' or 'spins' at the top [#SpecNotMapping]
                  Levels
                  ^

            """)
    }

    @Test func badGearEvents() {
        #expect(rendered("""
            spin: A
            feedbacks:
              a: { catch: authLoggedIn, emit: go }
              b: { when: x, propagate: auth., with: { a: 1 } }
              c: { when: x, propagate: .loggedIn }
            """) == """
            spec.yaml:3:15: error: expected 'gear.event' for 'catch', found 'authLoggedIn' [#InvalidGearEvent]
                  a: { catch: authLoggedIn, emit: go }
                              ^
            hint: name the gear and its event with a dot between, e.g. 'auth.loggedIn'
            spec.yaml:4:28: error: expected 'gear.event' for 'propagate', found 'auth.' [#InvalidGearEvent]
                  b: { when: x, propagate: auth., with: { a: 1 } }
                                           ^
            hint: name the gear and its event with a dot between, e.g. 'auth.loggedIn'
            spec.yaml:5:28: error: expected 'gear.event' for 'propagate', found '.loggedIn' [#InvalidGearEvent]
                  c: { when: x, propagate: .loggedIn }
                                           ^
            hint: name the gear and its event with a dot between, e.g. 'auth.loggedIn'

            """)
    }

    @Test func misplacedWithAndSimulate() {
        #expect(rendered("""
            spin: A
            feedbacks:
              a: { render: hi, with: { x: 1 } }
              b: { emit: go, simulate: { emit: go } }
              c: { effect: e, simulate: { after: 1s } }
              d: { effect: e, simulate: { emit: x, choose: [{ emit: y }] } }
            """) == """
            spec.yaml:3:20: error: 'with' in feedback rule 'a' needs 'emit' or 'propagate' [#WithWithoutEmit]
                  a: { render: hi, with: { x: 1 } }
                                   ^
            hint: 'with' gives the payload of the event emitted or propagated; for 'choose', put it inside the choice it belongs to
            spec.yaml:4:18: error: 'simulate' in feedback rule 'b' needs 'effect' [#SimulateWithoutEffect]
                  b: { emit: go, simulate: { emit: go } }
                                 ^
            spec.yaml:5:29: error: 'simulate' of feedback rule 'c' has no outcome: add 'emit' or 'choose' [#SimulateWithoutOutcome]
                  c: { effect: e, simulate: { after: 1s } }
                                            ^
            spec.yaml:6:40: error: 'simulate' of feedback rule 'd' has both 'emit' and 'choose' [#SimulateTwoOutcomes]
                  d: { effect: e, simulate: { emit: x, choose: [{ emit: y }] } }
                                                       ^
            hint: keep one outcome: 'emit' or 'choose'

            """)
    }

    @Test func everyProblemIsReportedAtOnce() {
        let result = load("""
            spin: A
            data: { a: { type: nope, initial: 1 } }
            transitions: [{ to: b }]
            feedbacks:
              r: { when: x, emit: a, render: b }
            script: [{ emit: go }]
            """)
        #expect(result.document == nil)
        #expect(result.diagnostics.map(\.location) == [at(2, 20), at(5, 26), at(6, 10)])
        #expect(result.diagnostics.allSatisfy { $0.severity == .error })
    }

    @Test func yamlErrorsStopTheLoader() {
        let result = load("spin: A\nspin: B\n")
        #expect(result.document == nil)
        #expect(result.diagnostics.map(\.message) == ["duplicate key 'spin'"])
    }

    @Test func hostileInputNeverCrashes() {
        let inputs = [
            "spin: A\nfeedbacks: { a: [] }\n", "spin: A\nfeedbacks: { a: [1, [2]] }\n",
            "spin: A\nevents: { e: [1] }\n", "spin: A\nevents: { e: { f: { type: enum, values: x } } }\n",
            "spin: A\ndata: { a: { type: [int] } }\n", "spin: ''\nstates: [[a]]\n", "spins: { A: null }\n",
            "spins: []\n", "spins: {}\n", "spin: A\ngears: { g: }\n", "spin: A\nfeedbacks: { a: { choose: [] } }\n",
            "spin: A\nfeedbacks: { a: { catch: '.', emit: e } }\n", "spin: A\nscript: [[]]\n",
            "a: &x [*x]\n", "spin: A\nfeedbacks: { a: { effect: { e: 1 }, simulate: [] } }\n",
            "spin: \"\\u00e9\\u0301\"\ntransitions: [{ on: { x: 1 }, from: [[]], to: [], set: [] }]\n",
        ]
        for text in inputs {
            let result = load(text)
            #expect(result.document == nil || result.diagnostics.isEmpty, "\(text)")
            #expect(!result.diagnostics.isEmpty, "\(text)")
        }
    }
}

@Suite struct SpecLoaderFileTests {
    private func temporaryDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("SpecLoaderTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func missingFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/nope.yaml"
        let result = SpecLoader().load(contentsOf: file)
        #expect(result.source == nil)
        #expect(result.document == nil)
        #expect(DiagnosticRenderer(sources: []).render(result.diagnostics) == """
            \(file):1:1: error: cannot read '\(file)': no such file [#FileNotFound]
            hint: check the path; a relative path starts from the current directory

            """)
    }

    @Test func directory() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = SpecLoader().load(contentsOf: directory)
        #expect(result.source == nil)
        #expect(DiagnosticRenderer(sources: []).render(result.diagnostics) == """
            \(directory):1:1: error: '\(directory)' is a directory, not a spec file [#SpecIsDirectory]
            hint: give the path of a .yaml or .json spec file

            """)
    }

    @Test func fileOnDisk() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/levels.yaml"
        try Data(levelsExampleSpec.utf8).write(to: URL(fileURLWithPath: file))
        let result = SpecLoader().load(contentsOf: file)
        #expect(result.diagnostics.isEmpty)
        #expect(result.source?.text == levelsExampleSpec)
        #expect(result.document?.path == file)
        #expect(result.document?.spins.first?.name == Name("Levels", at: SpinDSLFrontEnd.SourceLocation(file: file, line: 1, column: 7)))
    }

    @Test func invalidUTF8() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/bad.yaml"
        try Data(Array("spin: A\nrender: \"caf".utf8) + [0xE9] + Array("\"\n".utf8)).write(to: URL(fileURLWithPath: file))
        let result = SpecLoader().load(contentsOf: file)
        let source = try #require(result.source)
        #expect(result.document == nil)
        #expect(DiagnosticRenderer(sources: [source]).render(result.diagnostics) == """
            \(file):2:13: error: invalid UTF-8: invalid trailing UTF-8 octet (byte 0x22 at offset 21) [#InvalidUTF8]
                render: "caf\u{FFFD}"
                            ^
            hint: save the file as UTF-8

            """)
    }

    @Test func tooLarge() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/big.yaml"
        try Data(levelsExampleSpec.utf8).write(to: URL(fileURLWithPath: file))
        let result = SpecLoader(limits: YAMLLimits(maxBytes: 10)).load(contentsOf: file)
        #expect(result.source == nil)
        #expect(result.diagnostics.map(\.message) == ["input is \(levelsExampleSpec.utf8.count) bytes, more than the limit of 10 bytes"])
    }
}
