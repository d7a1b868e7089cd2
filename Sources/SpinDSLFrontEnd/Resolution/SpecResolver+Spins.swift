/// A spin resolved: its states, data fields and events, the actions of its states, its rows,
/// rules, script, invariants and properties. Its microsteps are worked out by the next step,
/// `StatechartLowering`.
extension SpecResolver {
    mutating func resolveSpin(_ declaration: SpinDeclaration, index: Int, gears: GearIndex) -> SpinModel? {
        let spin = desugared(declaration)
        let stateNames = spin.states.map(\.text)
        let states = NameIndex(stateNames)
        var treeResolver = StateTreeResolver()
        let (shape, stateDeclarations) = treeResolver.resolve(spin, states: states)
        append(treeResolver.diagnostics)
        resolveInitial(of: spin, states: states)
        let finals = finalStates(of: spin, tree: shape, states: states)
        guard let configurations = Configurations.enumerate(shape, names: stateNames, limit: maxConfigurations) else {
            report(.tooManyConfigurations, at: spin.name.location, ["spin": spin.name, "limit": maxConfigurations])
            return nil
        }
        let controlType = spin.states.isEmpty ? nil : EnumType(name: "state", cases: configurations.names)
        let treeScope = spin.states.isEmpty ? nil : StateScope(
            names: stateNames, index: states, isNested: !shape.isFlat) { configurations.membership(of: $0) }
        let initialState = spin.states.isEmpty ? 0 : MicrostepPlanner.initialConfiguration(of: shape, configurations)
        let (fields, enumTypes) = resolveFields(of: spin, declaredCount: declaration.data.count)
        let events = resolveEvents(of: spin, tree: shape, states: states)

        let dataScope = fields.map { (name: $0.name.text, type: $0.type) }
        let environment = SpinEnvironment(
            spin: spin, events: events, gears: gears, dataScope: dataScope,
            controlType: controlType, enumTypes: enumTypes, constants: constants, fields: fields,
            states: states, eventNames: NameIndex(events.map(\.name.text)), fieldNames: NameIndex(fields.map(\.name.text)),
            treeScope: treeScope, tree: shape)
        var tree = treeWithActions(shape, declarations: stateDeclarations, of: spin, in: environment)
        let transitions = resolveTransitions(of: spin, in: environment)
        if !tree.isFlat { tree = StateTreeResolver.withNamedHistories(tree, rows: transitions) }
        let feedbacks = spin.feedbacks.map { feedback in
            FeedbackModel(name: feedback.name, cases: feedback.cases.compactMap { resolveRule($0, in: environment) })
        }
        declare(declaration.feedbacks.map(\.name), what: "feedback rule")
        var render: Template?
        if let text = spin.render {
            render = template(text, in: environment.scope(event: nil))
        }
        let script = resolveScript(of: spin, in: environment)

        declare(spin.invariants.map(\.name), what: "invariant")
        let invariants = spin.invariants.compactMap { invariant -> InvariantModel? in
            expression(invariant.condition, in: environment.scope(event: nil), expecting: .bool).map {
                InvariantModel(name: invariant.name, condition: $0)
            }
        }

        declare(spin.properties.map(\.name), what: "property")
        let properties = spin.properties.compactMap { property($0, in: environment) }
        let fairness = self.fairness(spin.fairness, of: spin, events: events)

        return SpinModel(
            name: spin.name, index: index, declaration: spin, states: spin.states, tree: tree,
            configurations: configurations, controlType: controlType, initialState: initialState, finalStates: finals,
            fields: fields, events: events, transitions: transitions, feedbacks: feedbacks, render: render, script: script,
            treeScope: treeScope, invariants: invariants, properties: properties, fairness: fairness,
            enumTypes: enumTypes, constants: constants)
    }

    /// The spin as the rest of the resolver sees it, its names declared first: timed rows become
    /// the rules and rows they stand for, then sends and cancels the fields, assignments and
    /// rules they stand for.
    private mutating func desugared(_ declaration: SpinDeclaration) -> SpinDeclaration {
        // Scope identities are per spin.
        checkedExpressions = CheckedExpressionCache()
        singleSources = [[Int]?](repeating: nil, count: declaration.states.count)
        declare(declaration.states, what: "state")
        declare(declaration.data.map(\.name), what: "data field")
        declare(declaration.events.map(\.name), what: "event", dotted: true)
        let (timed, timerProblems) = TimedRows.desugared(declaration)
        append(timerProblems)
        let (spin, sendProblems) = Sends.desugared(timed)
        append(sendProblems)
        return spin
    }

    /// Checks the targets of the spin's `initial`.
    private mutating func resolveInitial(of spin: SpinDeclaration, states: NameIndex) {
        guard let initial = spin.initial else { return }
        if spin.states.isEmpty {
            report(.initialOrFinalWithoutStates, at: initial.location, ["spin": spin.name, "key": "initial"])
        } else {
            for target in spin.initialTransition?.targets ?? [] {
                guard resolveState(target, in: spin, states: states) != nil else { break }
            }
        }
    }

    /// The top-level states `final` names, and a parallel spin's one top-level state when it can
    /// complete.
    private mutating func finalStates(of spin: SpinDeclaration, tree shape: StateTree, states: NameIndex) -> Set<Int> {
        var finals = Set<Int>()
        for final in spin.finals {
            if spin.states.isEmpty {
                report(.initialOrFinalWithoutStates, at: final.location, ["spin": spin.name, "key": "final"])
            } else if let found = resolveState(final, in: spin, states: states), shape.nodes.indices.contains(found), shape.nodes[found].parent == nil {
                finals.insert(found)
            }
        }
        // A parallel spin is final when its one top-level state, the regions', is complete.
        if shape.isParallelSpin, let root = shape.topLevel.first, Self.canComplete(root, in: shape) { finals.insert(root) }
        return finals
    }

    /// Data fields and the enumerations they declare; the shared types come first. The first
    /// `declaredCount` fields are the spin's own, those after them the language's (`Sends`).
    private mutating func resolveFields(of spin: SpinDeclaration, declaredCount: Int) -> (fields: [FieldModel], enumTypes: [EnumType]) {
        var fields: [FieldModel] = []
        var enumTypes = sharedTypes
        for (position, field) in spin.data.enumerated() {
            if position < declaredCount { checkReserved(field.name, what: "data field") }
            checkNotAConstant(field.name)
            // A field of an unknown type (reported) is kept as an int, so that the expressions
            // reading it are still checked.
            guard let type = valueType(field.type, name: field.name.text, context: "in data field '\(field.name.text)'") else {
                fields.append(FieldModel(name: field.name, type: .int, initial: .int(0), range: nil))
                continue
            }
            if case .enumeration(let values) = field.type, case .enumeration(let enumType) = type {
                enumTypes.append(enumType)
                declare(values, what: "value of '\(field.name)'")
            }
            guard let size = field.size else {
                let initial = initialValue(field.initial, of: type, field: field.name)
                let range = field.range.flatMap { self.range($0, of: type, field: field.name, initial: initial) }
                fields.append(FieldModel(name: field.name, type: type, initial: initial, range: range))
                continue
            }
            fields += arrayElements(field, of: type, size: size)
        }
        return (fields, enumTypes)
    }

    /// An array is its elements, in consecutive slots (`ArrayField`).
    private mutating func arrayElements(_ field: DataFieldDeclaration, of type: ValueType, size: Int) -> [FieldModel] {
        let initials = (0..<size).map { element in
            initialValue(field.initialElements?[element] ?? field.initial, of: type, field: field.name)
        }
        // Every element starts in the range: the first that does not is reported.
        var range: ValueRange?
        if let written = field.range {
            for (element, initial) in initials.enumerated() {
                let name = Name(ArrayField.elementName(field.name.text, element), at: field.name.location)
                range = self.range(written, of: type, field: name, initial: initial)
                if range == nil { break }
            }
        }
        return initials.enumerated().map { element, initial in
            let name = Name(ArrayField.elementName(field.name.text, element), at: field.name.location)
            return FieldModel(name: name, type: type, initial: initial, range: range)
        }
    }

    /// The spin's events, each marked an input when `inputs` names it, then the completion events
    /// rows are on.
    private mutating func resolveEvents(of spin: SpinDeclaration, tree shape: StateTree, states: NameIndex) -> [EventModel] {
        let eventNames = NameIndex(spin.events.map(\.name.text))
        var inputs = Set<String>()
        for input in spin.inputs {
            if eventNames[input.text] != nil {
                inputs.insert(input.text)
            } else {
                report(
                    .unknownInput, at: input.location, ["event": input, "spin": spin.name],
                    suggestion: Suggestion.hint(for: input.text, in: spin.events.map(\.name.text)))
            }
        }
        var events = spin.events.map { resolveEvent($0, owner: spin.name.text, isInput: inputs.contains($0.name.text)) }
        events += completionEvents(of: spin, tree: shape, states: states, declared: eventNames)
        return events
    }

    /// The tree with each state's entry, exit and default entry actions, the spin's start's
    /// actions, and the events each state defers.
    private mutating func treeWithActions(
        _ shape: StateTree, declarations stateDeclarations: [StateDeclaration?], of spin: SpinDeclaration, in environment: SpinEnvironment
    ) -> StateTree {
        var entryBlocks = [[ActionBlockModel]](repeating: [], count: shape.nodes.count)
        var exitBlocks = [[ActionBlockModel]](repeating: [], count: shape.nodes.count)
        var initialBlocks = [ActionBlockModel?](repeating: nil, count: shape.nodes.count)
        for (state, declaration) in stateDeclarations.enumerated() {
            guard let declaration else { continue }
            entryBlocks[state] = declaration.entry.compactMap { resolveActionBlock($0, on: nil, in: environment) }
            exitBlocks[state] = declaration.exit.compactMap { resolveActionBlock($0, on: nil, in: environment) }
            initialBlocks[state] = declaration.initialTransition?.actions.flatMap { resolveActionBlock($0, on: nil, in: environment) }
        }
        let start = spin.initialTransition?.actions.flatMap { resolveActionBlock($0, on: nil, in: environment) }
        var tree = StateTreeResolver.withActions(shape, entry: entryBlocks, exit: exitBlocks, initial: initialBlocks, start: start)
        // The events each state defers, with or without payload (`Deferral` keeps both).
        for (state, declaration) in stateDeclarations.enumerated() {
            guard let declaration, !declaration.deferred.isEmpty, tree.nodes.indices.contains(state) else { continue }
            tree.nodes[state].deferred = declaration.deferred.compactMap { resolveEventName($0, in: environment) }
        }
        return tree
    }

    /// The models of the spin's rows, in order.
    private mutating func resolveTransitions(of spin: SpinDeclaration, in environment: SpinEnvironment) -> [TransitionModel] {
        // Rows are read where they lie (a copy of each retained its names and texts), and the
        // models refer to them there.
        let written = WrittenTransitions(spin.transitions)
        var transitions: [TransitionModel] = []
        transitions.reserveCapacity(written.rows.count)
        written.rows.withUnsafeBufferPointer { rows in
            guard let first = rows.baseAddress else { return }
            for position in rows.indices {
                resolveTransition(first + position, at: position, of: written, in: environment, into: &transitions)
            }
        }
        return transitions
    }

    /// The steps of `script`, each emitting an input.
    private mutating func resolveScript(of spin: SpinDeclaration, in environment: SpinEnvironment) -> [ScriptModel] {
        spin.script.compactMap { step -> ScriptModel? in
            guard let emit = resolveEmit(step.emit, in: environment, scope: environment.scope(event: nil)) else { return nil }
            if !environment.events[emit.event].isInput {
                report(.scriptEmitsNonInput, at: step.emit.event.location, ["event": step.emit.event, "spin": spin.name])
            }
            return ScriptModel(location: step.location, at: step.at.duration, emit: emit)
        }
    }

    /// A property: its formula read, each atom checked as a boolean expression on the spin's
    /// state; nil (reported) when the formula cannot be read or an atom does not compile.
    private mutating func property(_ property: PropertyDeclaration, in environment: SpinEnvironment) -> PropertyModel? {
        switch TemporalFormulaParser.parse(property.formula) {
        case .failure(let error):
            diagnostics.append(error.diagnostic)
            return nil
        case .success(let parsed):
            var atoms: [TypedExpression] = []
            for atom in parsed.atoms {
                guard let checked = expression(atom, in: environment.scope(event: nil), expecting: .bool) else { return nil }
                atoms.append(checked)
            }
            guard let negation = BuchiAutomaton(BuchiAutomaton.normal(parsed.formula, negated: true)) else {
                report(.propertySyntax, at: property.formula.location, ["problem": "the formula is too large to check: the automaton of its negation has more than \(BuchiAutomaton.nodeLimit) nodes"])
                return nil
            }
            return PropertyModel(name: property.name, text: property.formula.text, formula: parsed.formula, atoms: atoms, negation: negation)
        }
    }

    /// `fairness`: each name an input of the spin.
    private mutating func fairness(_ declaration: FairnessDeclaration?, of spin: SpinDeclaration, events: [EventModel]) -> FairnessModel {
        guard let declaration else { return .none }
        var counted = Set<Int>()
        func indices(_ names: [Name]) -> [Int] {
            var found: [Int] = []
            for name in names {
                guard let index = events.firstIndex(where: { $0.name.text == name.text }) else {
                    report(.unknownEvent, at: name.location, ["event": name], suggestion: Suggestion.hint(for: name.text, in: spin.events.map(\.name.text)))
                    continue
                }
                guard events[index].isInput else {
                    report(.fairnessNotInput, at: name.location, ["event": name, "spin": spin.name])
                    continue
                }
                if counted.insert(index).inserted {
                    fairInputCount &+= 1
                    if fairInputCount > FairnessModel.maxFairInputs {
                        report(.tooManyFairInputs, at: name.location, ["event": name, "limit": String(FairnessModel.maxFairInputs)])
                        continue
                    }
                }
                if !found.contains(index) { found.append(index) }
            }
            return found
        }
        return FairnessModel(weak: indices(declaration.weak), strong: indices(declaration.strong))
    }

    /// The completion events rows are on (`on: done.S`, where no event of that name is declared),
    /// each once, in the order first written; each is checked to be able to happen.
    private mutating func completionEvents(of spin: SpinDeclaration, tree: StateTree, states: NameIndex, declared: NameIndex) -> [EventModel] {
        var found: [EventModel] = []
        var seen = Set<String>()
        func add(_ event: Name) {
            // Compared as bytes: `hasPrefix` compares characters, which costs more on every row.
            guard event.text.utf8.starts(with: "done.".utf8), declared[event.text] == nil, seen.insert(event.text).inserted else { return }
            let name = String(event.text.dropFirst(5))
            var location = event.location
            location.column = location.column &+ 5
            // Declared all the same, so that the rows on it resolve (the error is reported once).
            var model = EventModel(name: event, fields: [], isInput: false, payloadValues: [])
            defer { found.append(model) }
            guard let state = states[name], tree.nodes.indices.contains(state) else {
                report(.unknownCompletedState, at: location, ["name": name], suggestion: Suggestion.hint(for: name, in: spin.states.map(\.text)))
                return
            }
            model.completedState = state
            if !Self.canComplete(state, in: tree) {
                let why = tree.nodes[state].kind == .parallel
                    ? "a region of parallel state '\(name)' has no final state"
                    : "'\(name)' has no final child"
                report(.completionNeverHappens, at: location, ["name": name, "why": why])
            }
        }
        // Each name of `on`, without making an array of them for every row, read where the row lies:
        // a copy of each row would retain all its names and texts.
        spin.transitions.withUnsafeBufferPointer { rows in
            for position in rows.indices {
                if let event = rows[position].event { add(event) }
                for event in rows[position].moreEvents { add(event) }
            }
        }
        return found
    }

    /// Whether compound `state` has a final child, or parallel `state`'s regions all can complete.
    private static func canComplete(_ state: Int, in tree: StateTree) -> Bool {
        let node = tree.nodes[state]
        switch node.kind {
        case .atomic: return false
        case .compound: return node.children.contains { tree.nodes[$0].isFinal }
        case .parallel: return node.children.allSatisfy { canComplete($0, in: tree) }
        }
    }

    /// An entry or exit block, or a row's `emit` and `propagate` (`declaration.assignments` empty),
    /// on `event` (nil for entry and exit, which no event payload reaches).
    mutating func resolveActionBlock(_ declaration: ActionBlockDeclaration, on event: Int?, in environment: SpinEnvironment) -> ActionBlockModel? {
        let errorsBefore = errorCount
        // A conditional action: an entry or exit block of its own, or a row's, run after the
        // row's `set` and before its events.
        var conditionalModel: ConditionalActionModel?
        if let conditional = declaration.conditional {
            let condition = rowExpression(conditional.condition, on: event, in: environment, expecting: .bool, key: "if")
            let then = conditional.then.compactMap { resolveActionBlock($0, on: event, in: environment) }
            let otherwise = conditional.otherwise.compactMap { resolveActionBlock($0, on: event, in: environment) }
            guard errorCount == errorsBefore, let condition else { return nil }
            conditionalModel = ConditionalActionModel(condition: condition, then: then, otherwise: otherwise)
        }
        let assignments = resolveAssignments(declaration.assignments, on: event, in: environment, reportingChecks: true)
        let scope = environment.scope(event: event)
        // `with` gives the payload of both events: each takes the fields it declares.
        var emitModel: EmitModel?
        var propagateModel: PropagateModel?
        var used = Set<String>()
        if let emit = declaration.emit, let kind = resolveEventName(emit.event, in: environment) {
            let model = environment.events[kind]
            if let payload = resolvePayload(emit.payload, of: model, at: emit.event.location, scope: scope, ignoringOthers: declaration.propagate != nil) {
                emitModel = EmitModel(event: kind, payload: payload)
                used.formUnion(model.fields.map(\.name.text))
            }
        }
        if let propagate = declaration.propagate, let (gear, kind) = resolveGearEvent(gear: propagate.gear, event: propagate.event, in: environment) {
            let model = environment.gears[gear].events[kind]
            if let payload = resolvePayload(propagate.payload, of: model, at: propagate.event.location, scope: scope, ignoringOthers: declaration.emit != nil) {
                propagateModel = PropagateModel(gear: gear, event: kind, payload: payload)
                used.formUnion(model.fields.map(\.name.text))
            }
        }
        if declaration.emit != nil, declaration.propagate != nil, errorCount == errorsBefore {
            for field in (declaration.emit?.payload ?? []) where !used.contains(field.field.text) {
                report(.payloadFieldOfNeither, at: field.field.location, ["field": field.field])
            }
        }
        guard errorCount == errorsBefore else { return nil }
        return ActionBlockModel(
            location: declaration.location, assignments: assignments, emit: emitModel, propagate: propagateModel, conditional: conditionalModel)
    }

    /// The bounds of `range` for a field of `type` whose initial value is `initial`; nil after
    /// reporting why they are not bounds of it.
    private mutating func range(_ range: RangeDeclaration, of type: ValueType, field: Name, initial: SpinValue) -> ValueRange? {
        switch type {
        case .int, .double:
            break
        default:
            report(.rangeOnNonNumeric, at: range.location, ["field": field, "type": type])
            return nil
        }
        var bounds: [SpinValue] = []
        for bound in [range.low, range.high] {
            guard let value = literalValue(bound, of: type) else {
                report(.rangeBoundMismatch, at: bound.location, ["value": bound.text, "field": field, "expected": Self.article(type)])
                return nil
            }
            bounds.append(value)
        }
        let valid: ValueRange
        switch (bounds[0], bounds[1]) {
        case let (.int(low), .int(high)) where low <= high:
            valid = .int(low...high)
        case let (.double(low), .double(high)) where low <= high:
            valid = .double(low...high)
        default:
            report(.emptyRange, at: range.location, ["field": field])
            return nil
        }
        if !valid.contains(initial) {
            report(.initialOutsideRange, at: range.location, ["field": field, "range": valid])
            return nil
        }
        return valid
    }

    /// The initial value of a data field; a field of a declared type written without one starts
    /// as the type's first case.
    private mutating func initialValue(_ value: InitialValue?, of type: ValueType, field: Name) -> SpinValue {
        guard let value else { return .symbol(0) }
        if let literal = literalValue(value, of: type) { return literal }
        if case .enumeration(let enumType) = type {
            report(
                .initialValueNotACase, at: value.location,
                ["value": value.text, "field": field, "cases": enumType.cases.joined(separator: ", ")],
                suggestion: Suggestion.hint(for: value.text, in: enumType.cases))
        } else {
            report(.initialValueMismatch, at: value.location, ["value": value.text, "field": field, "expected": Self.article(type)])
        }
        return .int(0)
    }
}
