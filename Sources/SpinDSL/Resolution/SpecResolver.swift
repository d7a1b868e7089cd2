/// Resolves a `SpecDocument`: every name to what it names, every expression type-checked and
/// compiled, every initial value checked against its type. Collects every problem it finds.
///
/// The result is a `SpecModel` when there is no error; the analyses of `SpecAnalyzer` then run on
/// the model.
struct SpecResolver {
    private var diagnostics: [Diagnostic] = []
    /// The most configurations a nested or parallel spin may have.
    private var maxConfigurations = Configurations.limit
    /// The number of errors in `diagnostics`, kept so that asking costs nothing per row.
    private var errorCount = 0
    /// Expressions already checked, by text and scope, located where they were first written:
    /// generated and hand-written specs repeat the same guards and assignments on many rows.
    private var checkedExpressions = CheckedExpressionCache()
    /// For each control state of the spin being resolved, the `[state]` array rows from that
    /// state alone share, once made.
    private var singleSources: [[Int]?] = []
    /// The spec's fair inputs so far (each spin's `fairness`, weak and strong, each input once):
    /// the checker keeps them as the bits of one 64-bit mask (`FairInputs`).
    private var fairInputCount = 0
    /// The types of `types:` by name, and in document order.
    var namedTypes: [String: EnumType] = [:]
    var sharedTypes: [EnumType] = []
    /// The constants of `constants:`, in document order.
    var constants: [ConstantModel] = []

    /// Resolves `document`; the model is nil when any error was found.
    static func resolve(
        _ document: SpecDocument, maxConfigurations: Int = Configurations.limit
    ) -> (model: SpecModel?, diagnostics: [Diagnostic]) {
        var resolver = SpecResolver()
        resolver.maxConfigurations = maxConfigurations
        resolver.resolveTypes(document.types)
        resolver.resolveConstants(document.constants)
        let gears = GearIndex(document.gears.map { resolver.resolveGear($0) })
        resolver.declare(document.gears.map(\.name), what: "gear")
        resolver.declare(document.spins.map(\.name), what: "spin")
        var spins: [SpinModel] = []
        for (index, spin) in document.spins.enumerated() {
            if let model = resolver.resolveSpin(spin, index: index, gears: gears) {
                spins.append(model)
            }
        }
        // A row on several events checks its guard and values once per event: the same finding
        // in each is reported once.
        var seen = Set<Diagnostic>()
        resolver.diagnostics = resolver.diagnostics.filter { seen.insert($0).inserted }
        let hasErrors = resolver.diagnostics.contains { $0.severity == .error }
        let model = hasErrors ? nil : SpecModel(
            path: document.path, spins: spins, gears: gears.gears, types: resolver.sharedTypes, constants: resolver.constants)
        return (model, resolver.diagnostics)
    }

    // MARK: Gears and events

    private mutating func resolveGear(_ gear: GearDeclaration) -> GearModel {
        declare(gear.events.map(\.name), what: "event of gear '\(gear.name)'", dotted: true)
        return GearModel(name: gear.name, events: gear.events.map { resolveEvent($0, owner: gear.name.text, isInput: false) })
    }

    private mutating func resolveEvent(_ event: EventDeclaration, owner: String, isInput: Bool) -> EventModel {
        declare(event.fields.map(\.name), what: "payload field of '\(event.name)'")
        let fields = event.fields.map { field in
            if case .enumeration(let values) = field.type { declare(values, what: "value of '\(field.name)'") }
            // A payload field of an unknown type (reported) is read as an int: nothing runs.
            let type = valueType(field.type, name: "\(owner).\(event.name.text).\(field.name.text)", context: "in payload field '\(field.name.text)'")
            return (name: field.name, type: type ?? .int)
        }
        var payloadValues: [[SpinValue]?] = []
        for (declared, field) in zip(event.fields, fields) {
            guard let literals = declared.values else {
                payloadValues.append(nil)
                continue
            }
            var values: [SpinValue] = []
            for written in literals {
                guard let value = literalValue(written, of: field.type) else {
                    report(.payloadValueMismatch, at: written.location, [
                        "value": written.text, "field": declared.name, "expected": Self.article(field.type),
                    ])
                    continue
                }
                values.append(value)
            }
            payloadValues.append(values)
        }
        return EventModel(name: event.name, fields: fields, isInput: isInput, payloadValues: payloadValues)
    }

    /// The type `reference` names; an inline enumeration is named `name`. Nil (reported, in
    /// `context`) for a type name that `types:` does not declare.
    mutating func valueType(_ reference: TypeReference, name: String, context: @autoclosure () -> String) -> ValueType? {
        switch reference {
        case .int: return .int
        case .double: return .double
        case .bool: return .bool
        case .string: return .string
        case .duration: return .duration
        case .enumeration(let values): return .enumeration(EnumType(name: name, cases: values.map(\.text)))
        case .named(let typeName):
            if let shared = namedTypes[typeName.text] { return .enumeration(shared) }
            report(
                .unknownType, at: typeName.location, ["type": typeName, "context": context()],
                suggestion: Suggestion.hint(for: typeName.text, in: sharedTypes.map(\.name) + SpecBuilder.typeNames))
            return nil
        }
    }

    // MARK: Spins

    private mutating func resolveSpin(_ declaration: SpinDeclaration, index: Int, gears: GearIndex) -> SpinModel? {
        // Scope identities are per spin.
        checkedExpressions = CheckedExpressionCache()
        singleSources = [[Int]?](repeating: nil, count: declaration.states.count)
        declare(declaration.states, what: "state")
        declare(declaration.data.map(\.name), what: "data field")
        declare(declaration.events.map(\.name), what: "event", dotted: true)
        // Timed rows become the rules and rows they stand for; the rest sees only those.
        let (timed, timerProblems) = TimedRows.desugared(declaration)
        append(timerProblems)
        // Sends and cancels become the fields, assignments and rules they stand for.
        let (spin, sendProblems) = Sends.desugared(timed)
        append(sendProblems)
        let stateNames = spin.states.map(\.text)
        let states = NameIndex(stateNames)
        var treeResolver = StateTreeResolver()
        let (shape, stateDeclarations) = treeResolver.resolve(spin, states: states)
        append(treeResolver.diagnostics)

        if let initial = spin.initial {
            if spin.states.isEmpty {
                report(.initialOrFinalWithoutStates, at: initial.location, ["spin": spin.name, "key": "initial"])
            } else {
                for target in spin.initialTransition?.targets ?? [] {
                    guard resolveState(target, in: spin, states: states) != nil else { break }
                }
            }
        }
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
        guard let configurations = Configurations.enumerate(shape, names: stateNames, limit: maxConfigurations) else {
            report(.tooManyConfigurations, at: spin.name.location, ["spin": spin.name, "limit": maxConfigurations])
            return nil
        }
        let controlType = spin.states.isEmpty ? nil : EnumType(name: "state", cases: configurations.names)
        let treeScope = spin.states.isEmpty ? nil : StateScope(
            names: stateNames, index: states, configurations: configurations, isNested: !shape.isFlat)
        let initialState = spin.states.isEmpty ? 0 : MicrostepPlanner.initialConfiguration(of: shape, configurations)

        // Data fields and the enumerations they declare; the shared types come first.
        var fields: [FieldModel] = []
        var enumTypes = sharedTypes
        for (position, field) in spin.data.enumerated() {
            // The fields after the declared ones are the language's own (`Sends`).
            if position < declaration.data.count { checkReserved(field.name, what: "data field") }
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
            // An array is its elements, in consecutive slots (`ArrayField`).
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
            for (element, initial) in initials.enumerated() {
                let name = Name(ArrayField.elementName(field.name.text, element), at: field.name.location)
                fields.append(FieldModel(name: name, type: type, initial: initial, range: range))
            }
        }

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
        let eventIndex = NameIndex(events.map(\.name.text))

        let dataScope = fields.map { (name: $0.name.text, type: $0.type) }
        let environment = SpinEnvironment(
            spin: spin, events: events, gears: gears, dataScope: dataScope,
            controlType: controlType, enumTypes: enumTypes, constants: constants, fields: fields,
            states: states, eventNames: eventIndex, fieldNames: NameIndex(fields.map(\.name.text)), treeScope: treeScope, tree: shape)

        // Each state's entry and exit actions.
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
        if !tree.isFlat { tree = StateTreeResolver.withNamedHistories(tree, rows: transitions) }
        let feedbacks = spin.feedbacks.map { feedback in
            FeedbackModel(name: feedback.name, cases: feedback.cases.compactMap { resolveRule($0, in: environment) })
        }
        declare(declaration.feedbacks.map(\.name), what: "feedback rule")
        var render: Template?
        if let text = spin.render {
            render = template(text, in: environment.scope(event: nil))
        }
        let script = spin.script.compactMap { step -> ScriptModel? in
            guard let emit = resolveEmit(step.emit, in: environment, scope: environment.scope(event: nil)) else { return nil }
            if !events[emit.event].isInput {
                report(.scriptEmitsNonInput, at: step.emit.event.location, ["event": step.emit.event, "spin": spin.name])
            }
            return ScriptModel(location: step.location, at: step.at.duration, emit: emit)
        }

        // The microsteps, for a spin that needs more than the flat table.
        var watched = Set<Int>()
        for feedback in feedbacks {
            for rule in feedback.cases {
                if case .enter(let states) = rule.trigger { watched.formUnion(states) }
            }
        }
        var statechart: Statechart?
        if errorCount == 0, Statechart.isNeeded(tree: tree, transitions: transitions, events: events, watched: watched) {
            do throws(Statechart.Failure) {
                statechart = try Statechart.build(
                    tree: tree, configurations: configurations, transitions: transitions, events: events,
                    fieldCount: fields.count, watched: watched)
            } catch {
                report(.tooManyMicrosteps, at: spin.name.location, ["spin": spin.name, "limit": Statechart.microstepLimit])
            }
        }

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
            statechart: statechart, treeScope: treeScope, invariants: invariants, properties: properties, fairness: fairness,
            enumTypes: enumTypes, constants: constants)
    }

    /// A property: its formula read, each atom compiled as a boolean expression on the spin's
    /// state; nil (reported) when the formula cannot be read or an atom does not compile.
    private mutating func property(_ property: PropertyDeclaration, in environment: SpinEnvironment) -> PropertyModel? {
        switch TemporalFormulaParser.parse(property.formula) {
        case .failure(let error):
            diagnostics.append(error.diagnostic)
            return nil
        case .success(let parsed):
            var atoms: [CompiledExpression] = []
            for atom in parsed.atoms {
                guard let compiled = expression(atom, in: environment.scope(event: nil), expecting: .bool) else { return nil }
                atoms.append(compiled)
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
    private mutating func resolveActionBlock(_ declaration: ActionBlockDeclaration, on event: Int?, in environment: SpinEnvironment) -> ActionBlockModel? {
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

    // MARK: Transitions

    /// Appends to `transitions` the models of the row at `position` of `written`: one for each
    /// event of its `on`, in the order written (a row `on: [a, b]` stands for a row on `a` and,
    /// right after it, the same row on `b`); none when the row has errors.
    ///
    /// The row is given by its address in `written`, which the caller keeps alive: each part is read
    /// from there as it is needed. Passed as a value, the whole row (204 bytes) was copied, and its
    /// names and texts retained, for each of a large table's rows.
    private mutating func resolveTransition(
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
    private mutating func resolveAssignments(
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
            let shared = SharedExpression(CompiledExpression(typed), base: assignment.value.location)
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

    // MARK: Feedback rules

    private mutating func resolveRule(_ rule: FeedbackRuleDeclaration, in environment: SpinEnvironment) -> RuleModel? {
        let errorsBefore = errorCount
        let stateScope = environment.scope(event: nil)
        var actionScope = stateScope
        let trigger: TriggerModel?
        switch rule.trigger {
        case .everyState:
            trigger = .everyState
        case .when(let text):
            trigger = expression(text, in: stateScope, expecting: .bool, key: "when").map(TriggerModel.when)
        case .becomes(let text):
            trigger = expression(text, in: stateScope, expecting: .bool, key: "becomes").map(TriggerModel.becomes)
        case .changes(let text):
            trigger = expression(text, in: stateScope, expecting: nil).map(TriggerModel.changes)
        case .enter(let names):
            trigger = resolveStates(names, rule: rule, in: environment).map(TriggerModel.enter)
        case .inStates(let names):
            trigger = resolveStates(names, rule: rule, in: environment).map(TriggerModel.inStates)
        case .gearEvent(let gearName, let eventName):
            // A gear event is delivered synchronously into the catching loop: there is no state
            // to wait on, so delays, periods and named effects have nothing to attach to.
            if let delay = rule.delay {
                report(.catchWithAfter, at: delay.location)
            }
            if case .effect = rule.action {
                report(.catchWithEffect, at: rule.location)
            }
            if let (gear, event) = resolveGearEvent(gear: gearName, event: eventName, in: environment) {
                trigger = .gearEvent(gear: gear, event: event)
                actionScope = environment.scope(gearEvent: environment.gears[gear].events[event])
            } else {
                trigger = nil
            }
        }
        var condition: CompiledExpression?
        if let text = rule.condition {
            condition = expression(text, in: stateScope, expecting: .bool, key: "when")
        }
        var delay: TimerDuration?
        if let text = rule.delay {
            // With `catch`, reported above: a caught event is delivered at once.
            if case .gearEvent = rule.trigger {} else { delay = timerDuration(text, key: .delay, in: stateScope) }
        }
        var period: TimerDuration?
        if let text = rule.period {
            switch rule.trigger {
            case .everyState, .changes, .gearEvent:
                report(.everyWithoutCondition, at: text.location, ["rule": rule.name])
            default:
                period = timerDuration(text, key: .period, in: stateScope)
            }
        }
        let action = resolveAction(rule.action, in: environment, scope: actionScope)
        guard errorCount == errorsBefore, let trigger, let action else { return nil }
        return RuleModel(
            declaration: rule, trigger: trigger, condition: condition, delay: delay,
            period: period, strategy: rule.strategy, action: action)
    }

    /// An `after` or `every`: a duration expression on the state, evaluated now when it reads
    /// nothing (`2s`, `-1s`, `3 * 500ms`). A constant delay must not be negative, nor a constant
    /// period shorter than 1ms.
    private mutating func timerDuration(_ text: ExpressionText, key: TimerDuration.Key, in scope: ResolverScope) -> TimerDuration? {
        guard let compiled = expression(text, in: scope, expecting: .duration) else { return nil }
        guard compiled.expression.isConstant else { return .computed(compiled, at: text.location) }
        let milliseconds: Int64
        do throws(EvaluationError) {
            milliseconds = try compiled.evaluateDuration(EvaluationContext())
        } catch {
            append([error.diagnostic])
            return nil
        }
        switch key {
        case .delay where milliseconds < 0:
            report(.negativeDelay, at: text.location, ["value": SpinValue.format(milliseconds: milliseconds)])
            return nil
        case .period where milliseconds <= 0:
            report(.nonPositivePeriod, at: text.location)
            return nil
        default:
            return .fixed(.milliseconds(milliseconds))
        }
    }

    private mutating func resolveAction(_ action: FeedbackAction, in environment: SpinEnvironment, scope: ResolverScope) -> ActionModel? {
        switch action {
        case .emit(let emit):
            return resolveEmit(emit, in: environment, scope: scope).map(ActionModel.emit)
        case .choose(let branches):
            return resolveChoice(branches, in: environment, scope: scope).map(ActionModel.choose)
        case let .propagate(gearName, eventName, payload):
            guard let (gear, event) = resolveGearEvent(gear: gearName, event: eventName, in: environment) else { return nil }
            let model = environment.gears[gear].events[event]
            guard let values = resolvePayload(payload, of: model, at: eventName.location, scope: scope) else { return nil }
            return .propagate(gear: gear, event: event, payload: values)
        case let .effect(name, simulate):
            declare([name], what: "effect")
            var simulation: SimulationModel?
            if let simulate {
                let errorsBefore = errorCount
                let delay = simulate.delay.flatMap { timerDuration($0, key: .delay, in: scope) }
                let outcome: [(weight: Int, delay: TimerDuration?, emit: EmitModel)]?
                switch simulate.outcome {
                case .emit(let emit):
                    outcome = resolveEmit(emit, in: environment, scope: scope).map { [(1, nil, $0)] }
                case .choose(let branches):
                    let delays = branches.map { branch in branch.delay.flatMap { timerDuration($0, key: .delay, in: scope) } }
                    outcome = resolveChoice(branches, in: environment, scope: scope).map { resolved in
                        zip(resolved, delays).map { ($0.weight, $1, $0.emit) }
                    }
                }
                guard errorCount == errorsBefore, let outcome else { return nil }
                simulation = SimulationModel(delay: delay, outcome: outcome)
            }
            return .effect(name: name.text, simulate: simulation)
        case .render(let text):
            return template(text, in: scope).map(ActionModel.render)
        }
    }

    private mutating func resolveChoice(_ branches: [WeightedEmit], in environment: SpinEnvironment, scope: ResolverScope) -> [(weight: Int, emit: EmitModel)]? {
        var resolved: [(weight: Int, emit: EmitModel)] = []
        var failed = false
        for branch in branches {
            if branch.weight <= 0 {
                report(.invalidWeight, at: branch.weightLocation, ["weight": branch.weight])
                failed = true
            }
            if let emit = resolveEmit(branch.emit, in: environment, scope: scope) {
                resolved.append((branch.weight, emit))
            } else {
                failed = true
            }
        }
        return failed ? nil : resolved
    }

    private mutating func resolveEmit(_ emit: EmitDeclaration, in environment: SpinEnvironment, scope: ResolverScope) -> EmitModel? {
        guard let event = resolveEventName(emit.event, in: environment) else { return nil }
        guard let payload = resolvePayload(emit.payload, of: environment.events[event], at: emit.event.location, scope: scope) else { return nil }
        return EmitModel(event: event, payload: payload)
    }

    /// The payload expressions in the event's field order; every field must be given once. With
    /// `ignoringOthers`, fields the event does not declare are left to another event.
    private mutating func resolvePayload(
        _ payload: [Assignment], of event: EventModel, at location: SourceLocation, scope: ResolverScope, ignoringOthers: Bool = false
    ) -> [CompiledExpression]? {
        var values = [CompiledExpression?](repeating: nil, count: event.fields.count)
        var failed = false
        for assignment in payload {
            guard let slot = event.fields.firstIndex(where: { $0.name.text == assignment.field.text }) else {
                if ignoringOthers { continue }
                report(
                    .unknownPayloadField, at: assignment.field.location, ["event": event.name, "field": assignment.field],
                    suggestion: Suggestion.hint(for: assignment.field.text, in: event.fields.map(\.name.text)))
                failed = true
                continue
            }
            if let value = expression(assignment.value, in: scope, expecting: event.fields[slot].type, key: assignment.field.text) {
                values[slot] = value
            } else {
                failed = true
            }
        }
        let missing = event.fields.indices.filter { values[$0] == nil }.map { event.fields[$0].name.text }
        if !failed, !missing.isEmpty {
            report(.missingPayloadValues, at: location, [
                "event": event.name, "fields": missing.map { "'\($0)'" }.joined(separator: ", "),
                "pairs": missing.map { "\($0): …" }.joined(separator: ", "),
            ])
            failed = true
        }
        return failed ? nil : values.compactMap { $0 }
    }

    // MARK: Names

    private mutating func resolveState(_ name: Name, in spin: SpinDeclaration, states: NameIndex) -> Int? {
        if let index = states[name.text] { return index }
        if spin.states.isEmpty {
            report(.noControlStates, at: name.location, ["spin": spin.name, "state": name])
        } else {
            report(.unknownState, at: name.location, ["state": name], suggestion: Suggestion.hint(for: name.text, in: spin.states.map(\.text)))
        }
        return nil
    }

    private mutating func resolveStates(_ names: [Name], rule: FeedbackRuleDeclaration, in environment: SpinEnvironment) -> Set<Int>? {
        let resolved = names.compactMap { resolveState($0, in: environment.spin, states: environment.states) }
        return resolved.count == names.count ? Set(resolved) : nil
    }

    private mutating func resolveEventName(_ name: Name, in environment: SpinEnvironment) -> Int? {
        if let index = environment.eventNames[name.text] { return index }
        reportUnknownEvent(name, in: environment)
        return nil
    }

    /// `unknown event`, with the nearest event's name or prefix of names (`door` of `door.open`).
    private mutating func reportUnknownEvent(_ name: Name, in environment: SpinEnvironment) {
        let names = environment.events.map(\.name.text) + environment.descriptors.prefixNames
        report(.unknownEvent, at: name.location, ["event": name], suggestion: Suggestion.hint(for: name.text, in: names))
    }

    private mutating func resolveGearEvent(gear gearName: Name, event eventName: Name, in environment: SpinEnvironment) -> (Int, Int)? {
        guard let gear = environment.gearIndex.gear(named: gearName.text) else {
            report(
                .unknownGear, at: gearName.location, ["gear": gearName],
                suggestion: Suggestion.hint(for: gearName.text, in: environment.gears.map(\.name.text)))
            return nil
        }
        guard let event = environment.gearIndex.event(named: eventName.text, ofGear: gear) else {
            report(
                .unknownGearEvent, at: eventName.location, ["gear": gearName, "event": eventName],
                suggestion: Suggestion.hint(for: eventName.text, in: environment.gears[gear].events.map(\.name.text)))
            return nil
        }
        return (gear, event)
    }

    // MARK: Expressions

    /// Checks and compiles an expression, the value of `yamlKey` (for hints). One already checked
    /// in the same scope with the same expected type is not parsed and checked again: its checked
    /// tree is moved to this location.
    private mutating func expression(
        _ text: ExpressionText, in scope: ResolverScope, expecting type: ValueType?, key yamlKey: String? = nil
    ) -> CompiledExpression? {
        let key = text.layout == nil ? scope.id.map { CheckedExpressionCache.Key(text: text.text, scope: $0, expected: type) } : nil
        if let key, let shared = checkedExpressions.expression(for: key) {
            if shared.base == text.location { return shared.compiled }
            return CompiledExpression(shared.compiled.expression.moved(
                to: text.location, columnShift: text.location.column &- shared.base.column))
        }
        return check(text, in: scope, expecting: type, cacheKey: key, yamlKey: yamlKey)?.compiled
    }

    /// A transition row's guard or assigned value. One already checked in the same scope with the
    /// same expected type is shared, compiled code and all: the row keeps only where it wrote it.
    /// The scope is that of rows on `event`, made only when the text is not cached.
    private mutating func rowExpression(
        _ text: ExpressionText, on event: Int?, in environment: SpinEnvironment, expecting type: ValueType?, key yamlKey: String
    ) -> RowExpression? {
        // A text not laid out as written (see `SourceLayout`) is neither shared nor shares: its
        // locations cannot be moved by a column shift.
        let key = text.layout == nil ? environment.scopeID(event: event).map { CheckedExpressionCache.Key(text: text.text, scope: $0, expected: type) } : nil
        if let key, let shared = checkedExpressions.expression(for: key) {
            return RowExpression(shared: shared, location: text.location)
        }
        return check(text, in: environment.scope(event: event), expecting: type, cacheKey: key, yamlKey: yamlKey).map {
            RowExpression(shared: $0, location: text.location)
        }
    }

    /// Checks and compiles `text`, reporting its diagnostics, and caches it under `cacheKey` when
    /// it has none (the YAML key only changes hints, so it is no part of the cache's key).
    private mutating func check(
        _ text: ExpressionText, in scope: ResolverScope, expecting type: ValueType?, cacheKey: CheckedExpressionCache.Key?,
        yamlKey: String?
    ) -> SharedExpression? {
        let (typed, found) = ExpressionChecker.check(text.text, at: text.location, layout: text.layout, in: scope.scope, expecting: type, key: yamlKey)
        append(found)
        guard let typed else { return nil }
        let shared = SharedExpression(CompiledExpression(typed), base: text.location)
        if let cacheKey, found.isEmpty {
            checkedExpressions.insert(shared, for: cacheKey)
        }
        return shared
    }

    private mutating func template(_ text: ExpressionText, in scope: ResolverScope) -> Template? {
        let (template, found) = Template.parse(text.text, at: text.location, layout: text.layout, in: scope.scope)
        append(found)
        return template
    }

    mutating func append(_ found: [Diagnostic]) {
        diagnostics.append(contentsOf: found)
        errorCount &+= found.count { $0.severity == .error }
    }

    mutating func report(
        _ group: DiagnosticGroup, at location: SourceLocation,
        _ values: KeyValuePairs<String, any CustomStringConvertible> = [:], suggestion: String? = nil
    ) {
        append([Diagnostic(group, at: location, values, suggestion: suggestion)])
    }
}
