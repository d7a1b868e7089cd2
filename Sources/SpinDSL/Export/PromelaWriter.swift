/// Writes the Promela model of `PromelaExporter` (the mapping is described there and in
/// docs/checking.md).
struct PromelaWriter {
    /// A feedback rule the model runs: where it is, what triggers it, what it emits.
    struct Rule {
        enum Kind {
            /// Level-triggered cases (the first that holds acts), on every new state.
            case level([RuleCaseID])
            /// `becomes`/`enter`, acting at once on the rising edge.
            case risingSync(RuleCaseID)
            /// `becomes`/`enter` with `after`: a timer armed on the rising edge, disarmed on the
            /// falling one.
            case after(RuleCaseID, units: Int64)
            /// `every`: a timer from the rising edge, armed again after each firing.
            case every(RuleCaseID, units: Int64)
        }

        let kind: Kind
        /// Its number among the rules (for temporaries and timers).
        let number: Int
    }

    let compiled: CompiledSpec
    let model: SpecModel
    let program: MachineProgram
    var rules: [[Rule]] = []
    /// The unit of the timers' time left, in milliseconds.
    let unit: Int64
    /// How many events a spin's queue holds.
    static let queueLength = 64
    var lines: [String] = []
    /// The statechart spins whose step and drain are written as `inline` definitions once
    /// (`defineStatechartSteps`), and used by name.
    var inlined: Set<Int> = []
    var indent = 0
    /// The characters of code (comments left out) written since the current capture began
    /// (`captured`): past `PromelaLimits.inlineCharacters` a statechart's step is given up.
    var capturedCode = 0
    /// The statechart spins whose step was given up while written, longer than SPIN reads of an
    /// inline: the model is refused (`PromelaExporter`) before the rest of the step is worked out,
    /// which for many parallel regions would take minutes.
    var stepTooLong: Set<Int> = []
    /// The spin and the name of each move's `d_step`, in the order written (`PromelaLimits`).
    var dStepSpins: [Int] = []
    var dStepNames: [String] = []
    /// While an action block of a statechart's microstep is written, the configuration of its
    /// moment: `active(.S)` is written as its constant value there (`ActionMoment`).
    var actionMoment: ActionMoment?

    init(_ compiled: CompiledSpec) {
        self.compiled = compiled
        model = compiled.model
        program = MachineProgram(compiled, script: false, maxStringBytes: SpecRunOptions.defaultMaxStringBytes)
        let durations = program.durations.fixed.map { $0 / 1_000_000 }
        unit = max(1, durations.reduce(0) { Self.gcd($0, $1) })
    }

    private static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }

    // MARK: What can be exported

    /// Every construct the model cannot hold, located; reads the spec's rules into `rules`.
    mutating func checkExportable() -> [Diagnostic] {
        var problems = SpecChecker(compiled).diagnostics
        func refuse(_ location: SourceLocation, _ what: String, _ why: String) {
            problems.append(Diagnostic(.notExportable, at: location, ["what": what, "why": why]))
        }
        for gear in model.gears {
            refuse(gear.name.location, "gear '\(gear.name)'", "the model has no gears yet")
        }
        for (spinIndex, spin) in model.spins.enumerated() {
            if let chart = chart(spinIndex) {
                problems += statechartProblems(spinIndex, chart: chart)
            }
            // A send's own fields go with the send, which is refused as a whole below.
            for field in spin.fields where !field.isHidden {
                switch field.type {
                case .int, .bool, .enumeration: break
                default: refuse(field.name.location, "data field '\(field.name)'", "SPIN has no \(field.type) values")
                }
            }
            for event in spin.events where event.isInput {
                for field in event.fields {
                    switch field.type {
                    case .int, .bool, .enumeration: break
                    default: refuse(field.name.location, "payload field '\(field.name)'", "SPIN has no \(field.type) values")
                    }
                }
            }
            var spinRules: [Rule] = []
            let programSpin = program.spins[spinIndex]
            for slot in programSpin.slots {
                let number = rules.joined().count &+ spinRules.count
                switch slot.kind {
                case .latest, .outbox:
                    continue
                case .levelCases(let cases):
                    let kept = cases.filter { !Self.isRender(programSpin.rule($0)) }
                    for id in kept where !Self.emitsSimply(programSpin.rule(id)) {
                        refuse(programSpin.rule(id).model.declaration.location, "rule '\(slot.name)'", "only 'emit' and 'render' actions are exported")
                    }
                    if !kept.isEmpty { spinRules.append(Rule(kind: .level(kept), number: number)) }
                case .level(let id):
                    let rule = programSpin.rule(id)
                    if Self.isRender(rule) { continue }
                    if !Self.emitsSimply(rule) {
                        refuse(rule.model.declaration.location, "rule '\(slot.name)'", "only 'emit' and 'render' actions are exported")
                    }
                    spinRules.append(Rule(kind: .level([id]), number: number))
                case .risingSync(let id):
                    let rule = programSpin.rule(id)
                    if Self.isRender(rule) { continue }
                    if !Self.emitsSimply(rule) {
                        refuse(rule.model.declaration.location, "rule '\(slot.name)'", "only 'emit' and 'render' actions are exported")
                    }
                    spinRules.append(Rule(kind: .risingSync(id), number: number))
                case .risingAsync(let id), .periodic(let id):
                    let rule = programSpin.rule(id)
                    if Self.isRender(rule) { continue }
                    let location = rule.model.declaration.location
                    guard case .emit(let emit) = rule.model.action else {
                        refuse(location, "rule '\(slot.name)'", "only 'emit' and 'render' actions are exported")
                        continue
                    }
                    guard emit.payload.isEmpty else {
                        refuse(location, "rule '\(slot.name)'", "a timer rule is exported when it emits an event without payload")
                        continue
                    }
                    if case .periodic = slot.kind {
                        guard rule.delay == nil, case .fixed(let period)? = rule.period else {
                            refuse(location, "rule '\(slot.name)'", "'every' is exported with a fixed period and no 'after'")
                            continue
                        }
                        spinRules.append(Rule(kind: .every(id, units: Self.milliseconds(period) / unit), number: number))
                    } else {
                        guard case .fixed(let delay)? = rule.delay, Self.milliseconds(delay) > 0 else {
                            // A timed row's rule is the row to the user (`from: S, after: D`).
                            let what = TimedRows.isTimerName(slot.name) ? "timed row '\(slot.name)'" : "rule '\(slot.name)'"
                            refuse(location, what, "'after' is exported with a fixed delay longer than 0ms")
                            continue
                        }
                        spinRules.append(Rule(kind: .after(id, units: Self.milliseconds(delay) / unit), number: number))
                    }
                case .perState(let id, _), .edgeContinue(let id), .change(let id, _), .changeContinue(let id, _), .gearListener(let id, _, _):
                    let rule = programSpin.rule(id)
                    if Self.isRender(rule) { continue }
                    if Sends.isRuleName(slot.name) {
                        // A send's rule is the send to the user (`Sends`).
                        refuse(rule.model.declaration.location, "'send' (its rule '\(slot.name)')", "sends are not exported; 'spinrun --check' checks them")
                        continue
                    }
                    refuse(rule.model.declaration.location, "rule '\(slot.name)'",
                           "its trigger and timing are not exported (level rules act at once; 'becomes' and 'enter' at once or after a fixed delay; 'every' with a fixed period)")
                }
            }
            rules.append(spinRules)
        }
        if model.spins.count > 1, rules.contains(where: { !$0.isEmpty }) {
            refuse(model.spins[0].name.location, "spin '\(model.spins[0].name)'", "feedback rules are exported in a spec of one spin")
        }
        // Every expression the model evaluates must be written in Promela.
        for (spinIndex, spin) in model.spins.enumerated() {
            for transition in spin.transitions {
                var expressions = transition.assignments.map(\.value.expression)
                if let guardExpression = transition.guardExpression { expressions.append(guardExpression.expression) }
                for expression in expressions where self.expression(expression, spin: spinIndex, event: Self.eventNames(transition.event, spin)) == nil {
                    refuse(expression.location, "'\(expression.text)'", "it uses values or functions SPIN does not have")
                }
            }
            for invariant in spin.invariants where self.expression(invariant.condition.expression, spin: spinIndex, event: []) == nil {
                refuse(invariant.name.location, "invariant '\(invariant.name)'", "it uses values or functions SPIN does not have")
            }
            for property in spin.properties where ltl(property, spin: spinIndex) == nil {
                refuse(property.name.location, "property '\(property.name)'", "it uses values or functions SPIN does not have")
            }
        }
        return problems.sorted { $0.location < $1.location }
    }

    private static func isRender(_ rule: MachineProgram.RuleProgram) -> Bool {
        if case .render = rule.model.action { return true }
        return false
    }

    private static func emitsSimply(_ rule: MachineProgram.RuleProgram) -> Bool {
        if case .emit = rule.model.action { return true }
        return false
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        MachineProgram.nanoseconds(duration) / 1_000_000
    }

    /// The temporaries that stand for event `kind`'s payload fields.
    static func eventNames(_ kind: Int, _ spin: SpinModel) -> [String] {
        guard spin.events.indices.contains(kind) else { return [] }
        return spin.events[kind].fields.indices.map { "p\($0)" }
    }

    // MARK: Expressions

    /// `expression` in Promela, with `event` standing for the payload fields; `overrides` gives
    /// the values of fields assigned earlier in a row. Nil when it cannot be written.
    func expression(
        _ expression: TypedExpression, spin: Int, event: [String], overrides: [Int: String] = [:]
    ) -> String? {
        func go(_ node: TypedExpression) -> String? {
            switch node.kind {
            case .constant(let value):
                switch value {
                case .int(let number): return number < 0 ? "(\(number))" : String(number)
                case .bool(let flag): return flag ? "1" : "0"
                case .symbol(let index): return String(index)
                default: return nil
                }
            case .dataField(let slot, let name):
                return overrides[slot] ?? Self.field(spin, name)
            case .eventField(let slot, _):
                return event.indices.contains(slot) ? event[slot] : nil
            case .controlState:
                // A nested spin's configuration is not one of its states.
                if chart(spin) != nil, !model.spins[spin].tree.isFlat { return nil }
                return "\(Self.prefix(spin))state"
            case .activeState(let membership, _):
                if let moment = actionMoment {
                    return moment.active.indices.contains(membership.state) && moment.active[membership.state] ? "1" : "0"
                }
                return membershipTest(spin, membership)
            case .unary(let op, let operand):
                guard let inner = go(operand) else { return nil }
                return op == .negate ? "(-\(inner))" : "(!\(inner))"
            case .binary(let op, let left, let right):
                guard let a = go(left), let b = go(right) else { return nil }
                // Promela has no implication (its `->` separates statements).
                if op == .implies { return "(!\(a) || \(b))" }
                return "(\(a) \(op.rawValue) \(b))"
            case .conditional(let condition, let then, let otherwise):
                guard let c = go(condition), let a = go(then), let b = go(otherwise) else { return nil }
                return "(\(c) -> \(a) : \(b))"
            case .call(let function, let arguments):
                let values = arguments.compactMap(go)
                guard values.count == arguments.count, let first = values.first else { return nil }
                switch function {
                case .min, .max:
                    let op = function == .min ? "<" : ">"
                    return values.dropFirst().reduce(first) { "((\($0) \(op) \($1)) -> \($0) : \($1))" }
                case .abs:
                    return "((\(first) < 0) -> (-\(first)) : \(first))"
                case .clamp where values.count == 3:
                    let (x, lo, hi) = (values[0], values[1], values[2])
                    return "((\(x) < \(lo)) -> \(lo) : ((\(x) > \(hi)) -> \(hi) : \(x)))"
                case .int where arguments[0].type == .int:
                    return first
                case .checkedIndex where values.count == 2:
                    let (index, count) = (values[0], values[1])
                    return "(\(index) + 0 * \(Self.indexCheck)[(\(index) < 0 || \(index) >= \(count))])"
                default:
                    return nil
                }
            case .toDouble:
                return nil
            }
        }
        return go(expression)
    }

    /// The prefix of spin `spin`'s names in the model: `s0_state`, and the generated names
    /// (`s0_h3`, `s0_q`, `s0_step`…).
    static func prefix(_ spin: Int) -> String { "s\(spin)_" }

    /// The variable of spin `spin`'s data field `name`: `s0_d_credit`. A field has a namespace of
    /// its own, `sN_d_`, which no generated name starts with: a spec's names are letters, digits
    /// and `_` (`NameRule`), so a field named `h0`, `rq`, `en0` or `state_s` would otherwise be the
    /// model's history record, raised queue, probe bit or copy of the state.
    /// An element of an array, `flag[1]`, is `s0_e_flag_1`: its own namespace, as its name is no
    /// identifier, and unambiguous (the digits after the last `_` are the index).
    static func field(_ spin: Int, _ name: String) -> String {
        guard isElement(name) else { return "s\(spin)_d_\(name)" }
        return "s\(spin)_e_\(identifier(String(name.dropLast())))"
    }

    /// Whether a field's name is an array element's (`flag[1]`).
    static func isElement(_ name: String) -> Bool { name.hasSuffix("]") }

    /// The array `checkedIndex` reads at 1 when an index is out of range.
    static let indexCheck = "indexcheck"

    /// `text` as it can stand inside a `/* */` comment: a `*/` would end the comment (SPIN's
    /// preprocessor then reads the rest of the path as Promela), and a control character would
    /// break the line, so `*/` is written `*\/` and a control character `?`.
    static func comment(_ text: String) -> String {
        var shown = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            let kept: Unicode.Scalar = scalar.properties.generalCategory == .control ? "?" : scalar
            if kept == "/", previous == "*" { shown.append("\\") }
            shown.append(kept)
            previous = kept
        }
        return String(shown)
    }

    /// A name as a C identifier: a completion event's `done.S` is `done_S`.
    static func identifier(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }

    // MARK: The model

    mutating func line(_ text: String = "") {
        let written = text.isEmpty ? "" : String(repeating: "    ", count: indent) + text
        lines.append(written)
        capturedCode &+= PromelaLimits.code(written[...]).utf8.count &+ 1
    }

    mutating func text() -> String {
        var start = RunMachine(program, oracle: .enumerating())
        start.start()
        line("/*")
        line(" * Generated by spinrun --promela from \(Self.comment(model.path)). One d_step is one move of spinrun --check:")
        line(" * the states SPIN stores are the checker's. Check: spin -a model.pml &&")
        line(" * gcc -O2 -DSAFETY -DNOREDUCE -o pan pan.c && ./pan (docs/checking.md). Each move prints what it is in")
        line(" * guided simulation (spin -t): spinrun --replay model.pml.trail SPEC reads a trail in the spec's terms.")
        if model.spins.contains(where: { !$0.properties.isEmpty }) {
            line(" * Each property is an ltl block: gcc -O2 -DNOREDUCE -o pan pan.c && ./pan -a -N NAME.")
        }
        line(" */")
        for (spinIndex, spin) in model.spins.enumerated() {
            let prefix = Self.prefix(spinIndex)
            line()
            line("/* spin \(spin.name.text) */")
            let chart = chart(spinIndex)
            if chart == nil {
                for (index, name) in spin.states.enumerated() { line("#define S_\(prefix)\(name.text) \(index)") }
            }
            // `door.open` and `door_open` would both be `door_open`: a later one takes its index too.
            var defined = Set<String>()
            for (index, event) in spin.events.enumerated() {
                var name = Self.identifier(event.name.text)
                if !defined.insert(name).inserted { name += "_\(index)" }
                line("#define E_\(prefix)\(name) \(index)")
            }
            let state = start.spins[spinIndex].state
            let stateType = chart == nil ? "byte" : Self.configurationType(spin.configurations.count)
            line("\(stateType) \(prefix)state = \(state.control);\(chart == nil ? "" : "   /* the configuration */")")
            for (slot, field) in spin.fields.enumerated() {
                line("\(Self.typeName(field)) \(Self.field(spinIndex, field.name.text)) = \(Self.literal(state.data.indices.contains(slot) ? state.data[slot] : .int(0)));")
            }
            if let chart { declareStatechart(spinIndex, chart: chart, start: state) }
            if !rules[spinIndex].isEmpty {
                let fields = max(0, spin.events.map(\.fields.count).max() ?? 0)
                line("byte \(prefix)q[\(Self.queueLength)];")
                for index in 0..<fields { line("int \(prefix)qp\(index)[\(Self.queueLength)];") }
                line("byte \(prefix)qh, \(prefix)qn;")
            }
            for rule in rules[spinIndex] {
                switch rule.kind {
                case .after, .every:
                    let (rem, rank) = initialTimer(rule, spin: spinIndex, start)
                    line("int r\(rule.number)_rem = \(rem); byte r\(rule.number)_rank = \(rank);")
                    if case .every = rule.kind { line("bit r\(rule.number)_alive;") }
                case .risingSync, .level:
                    break
                }
                line("bit old\(rule.number);")
                for index in parities(rule, spin: spinIndex).indices { line("bit op\(rule.number)_\(index);") }
            }
        }
        let payloadFields = model.spins.flatMap { $0.events.map(\.fields.count) }.max() ?? 0
        line()
        line("/* temporaries of a move, 0 between moves */")
        line("byte ev; bit changed; int tmp; byte due, armed; int m;")
        for index in 0..<payloadFields { line("int p\(index);") }
        if hasStatechart { line("int n;   /* the steps of the move */") }
        if model.spins.contains(where: { $0.fields.contains { Self.isElement($0.name.text) } }) {
            line("bit \(Self.indexCheck)[1];   /* read at 1 by an index out of range: SPIN's own bound check fails */")
        }
        for index in 0..<groupTemporaries { line("byte g\(index);") }
        if hasStatechart { declareProbe(start) }
        for spinIndex in model.spins.indices where chart(spinIndex) != nil {
            defineStatechartSteps(spinIndex)
        }
        if hasStatechart { defineProbe() }
        line()
        line("active proctype spec() {")
        indent += 1
        line("do")
        for (spinIndex, spin) in model.spins.enumerated() {
            for event in Explorer.inputEvents(of: spin) {
                inputMove(spinIndex, event)
            }
        }
        if rules.contains(where: { $0.contains { if case .after = $0.kind { true } else if case .every = $0.kind { true } else { false } } }) {
            advanceMove()
        }
        let mustFinish = model.spins.indices.filter { index in
            !model.spins[index].finalStates.isEmpty || model.spins[index].events.contains(where: \.isInput)
        }
        let done = mustFinish.map { isFinal($0) }.joined(separator: " && ")
        line(":: timeout\(done.isEmpty ? "" : " && \(done)")   /* every spin that must finish has: no dead end */")
        line("od")
        indent -= 1
        line("}")
        if model.spins.contains(where: { !$0.properties.isEmpty }) {
            line()
            properties()
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func typeName(_ field: FieldModel) -> String {
        switch field.type {
        case .bool: return "bool"
        case .enumeration: return "byte"
        default:
            guard case .int(let range) = field.range else { return "int" }
            if range.lowerBound >= 0, range.upperBound <= 255 { return "byte" }
            if range.lowerBound >= -32768, range.upperBound <= 32767 { return "short" }
            return "int"
        }
    }

    static func literal(_ value: SpinValue) -> String {
        switch value {
        case .int(let number): return String(number)
        case .bool(let flag): return flag ? "1" : "0"
        case .symbol(let index): return String(index)
        default: return "0"
        }
    }

    /// The time left and the rank of a timer rule's timer in the settled initial state.
    private func initialTimer(_ rule: Rule, spin: Int, _ start: RunMachine) -> (Int64, Int) {
        let id: RuleCaseID
        switch rule.kind {
        case .after(let rule, _), .every(let rule, _): id = rule
        default: return (-1, 0)
        }
        let sleepers = start.sleepers.sorted { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }
        let ordered = start.sleepers.sorted { $0.sequence < $1.sequence }
        for sleeper in sleepers {
            guard let task = start.tasks[sleeper.task], task.spin == spin, task.rule == id else { continue }
            let rank = (ordered.firstIndex { $0.task == sleeper.task } ?? 0) &+ 1
            return ((sleeper.deadline - start.now) / 1_000_000 / unit, rank)
        }
        return (-1, 0)
    }

    func isFinal(_ spin: Int) -> String {
        if chart(spin) != nil {
            let isFinal = program.spins[spin].isFinal
            let finals = isFinal.indices.filter { isFinal[$0] }
            let test = configurationTest(spin, finals)
            return finals.isEmpty || test.hasPrefix("(") ? test : "(\(test))"
        }
        let finals = model.spins[spin].finalStates.sorted()
        guard !finals.isEmpty else { return "0" }
        return "(" + finals.map { "\(Self.prefix(spin))state == \($0)" }.joined(separator: " || ") + ")"
    }

    // MARK: Moves

    /// An input with a payload: enabled when its first step changes the spin (or fails).
    private mutating func inputMove(_ spin: Int, _ event: SpecEvent) {
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

    /// Time moves to the earliest deadline; every timer due then fires, in the order armed.
    private mutating func advanceMove() {
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

    // MARK: Steps

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
            if let condition = expression(invariant.condition.expression, spin: spin, event: []) {
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

    // MARK: Feedbacks

    /// Whether a rule's trigger holds in the current state (nil for level rules).
    private func holdsExpression(_ rule: Rule, spin: Int) -> String? {
        let id: RuleCaseID
        switch rule.kind {
        case .level: return nil
        case .risingSync(let rule), .after(let rule, _), .every(let rule, _): id = rule
        }
        let model = program.spins[spin].rule(id).model
        var parts: [String] = []
        switch model.trigger {
        case .becomes(let expression): parts.append(self.expression(expression.expression, spin: spin, event: []) ?? "0")
        case .when(let expression): parts.append(self.expression(expression.expression, spin: spin, event: []) ?? "0")
        case .enter(let states), .inStates(let states):
            parts.append(statesTest(spin, states))
        case .everyState: parts.append("1")
        default: parts.append("0")
        }
        if let condition = model.condition { parts.append(expression(condition.expression, spin: spin, event: []) ?? "0") }
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
    private mutating func deliver(_ spin: Int) {
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
        case .when(let expression): parts.append(self.expression(expression.expression, spin: spin, event: []) ?? "0")
        case .inStates(let states):
            parts.append(statesTest(spin, states))
        default: break
        }
        if let condition = rule.condition { parts.append(expression(condition.expression, spin: spin, event: []) ?? "0") }
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
    private mutating func push(_ spin: Int, _ id: RuleCaseID, event: [String]) {
        guard case .emit(let emit) = program.spins[spin].rule(id).model.action else { return }
        let prefix = Self.prefix(spin)
        let slot = "(\(prefix)qh + \(prefix)qn) % \(Self.queueLength)"
        assertion("\(prefix)qn < \(Self.queueLength)", "the queue of \(model.spins[spin].name.text)")
        line("\(prefix)q[\(slot)] = \(emit.event);")
        for (index, value) in emit.payload.enumerated() {
            line("\(prefix)qp\(index)[\(slot)] = \(expression(value.expression, spin: spin, event: event) ?? "0");")
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
    private mutating func arm(_ rule: Rule, units: Int64, among timers: [Rule]) {
        disarm(rule, among: timers)
        line("armed = 0;")
        for timer in timers { line("if :: r\(timer.number)_rank > 0 -> armed++ :: else fi;") }
        line("r\(rule.number)_rank = armed + 1; r\(rule.number)_rem = \(units);")
    }

    /// Disarms `rule`'s timer; the timers armed after it move up one rank.
    private mutating func disarm(_ rule: Rule, among timers: [Rule]) {
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
