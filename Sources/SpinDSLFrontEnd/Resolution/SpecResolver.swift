/// Resolves a `SpecDocument`: every name to what it names, every expression type-checked (the
/// runner compiles them), every initial value checked against its type. Collects every problem it finds.
///
/// The result is a `SpecModel` when there is no error; the analyses of `SpecAnalyzer` then run on
/// the model.
package struct SpecResolver {
    var diagnostics: [Diagnostic] = []
    /// The most configurations a nested or parallel spin may have.
    var maxConfigurations = Configurations.limit
    /// The number of errors in `diagnostics`, kept so that asking costs nothing per row.
    var errorCount = 0
    /// Expressions already checked, by text and scope, located where they were first written:
    /// generated and hand-written specs repeat the same guards and assignments on many rows.
    var checkedExpressions = CheckedExpressionCache()
    /// For each control state of the spin being resolved, the `[state]` array rows from that
    /// state alone share, once made.
    var singleSources: [[Int]?] = []
    /// The spec's fair inputs so far (each spin's `fairness`, weak and strong, each input once):
    /// the checker keeps them as the bits of one 64-bit mask (`FairInputs`).
    var fairInputCount = 0
    /// The types of `types:` by name, and in document order.
    var namedTypes: [String: EnumType] = [:]
    var sharedTypes: [EnumType] = []
    /// The constants of `constants:`, in document order.
    var constants: [ConstantModel] = []

    /// Resolves `document`; the model is nil when any error was found.
    package static func resolve(
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

    mutating func resolveEvent(_ event: EventDeclaration, owner: String, isInput: Bool) -> EventModel {
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

    // MARK: Names

    mutating func resolveState(_ name: Name, in spin: SpinDeclaration, states: NameIndex) -> Int? {
        if let index = states[name.text] { return index }
        if spin.states.isEmpty {
            report(.noControlStates, at: name.location, ["spin": spin.name, "state": name])
        } else {
            report(.unknownState, at: name.location, ["state": name], suggestion: Suggestion.hint(for: name.text, in: spin.states.map(\.text)))
        }
        return nil
    }

    mutating func resolveStates(_ names: [Name], rule: FeedbackRuleDeclaration, in environment: SpinEnvironment) -> Set<Int>? {
        let resolved = names.compactMap { resolveState($0, in: environment.spin, states: environment.states) }
        return resolved.count == names.count ? Set(resolved) : nil
    }

    mutating func resolveEventName(_ name: Name, in environment: SpinEnvironment) -> Int? {
        if let index = environment.eventNames[name.text] { return index }
        reportUnknownEvent(name, in: environment)
        return nil
    }

    /// `unknown event`, with the nearest event's name or prefix of names (`door` of `door.open`).
    mutating func reportUnknownEvent(_ name: Name, in environment: SpinEnvironment) {
        let names = environment.events.map(\.name.text) + environment.descriptors.prefixNames
        report(.unknownEvent, at: name.location, ["event": name], suggestion: Suggestion.hint(for: name.text, in: names))
    }

    mutating func resolveGearEvent(gear gearName: Name, event eventName: Name, in environment: SpinEnvironment) -> (Int, Int)? {
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

    /// Checks an expression, the value of `yamlKey` (for hints). One already checked
    /// in the same scope with the same expected type is not parsed and checked again: its checked
    /// tree is moved to this location.
    mutating func expression(
        _ text: ExpressionText, in scope: ResolverScope, expecting type: ValueType?, key yamlKey: String? = nil
    ) -> TypedExpression? {
        let key = text.layout == nil ? scope.id.map { CheckedExpressionCache.Key(text: text.text, scope: $0, expected: type) } : nil
        if let key, let shared = checkedExpressions.expression(for: key) {
            if shared.base == text.location { return shared.expression }
            return shared.expression.moved(to: text.location, columnShift: text.location.column &- shared.base.column)
        }
        return check(text, in: scope, expecting: type, cacheKey: key, yamlKey: yamlKey)?.expression
    }

    /// A transition row's guard or assigned value. One already checked in the same scope with the
    /// same expected type is shared: the row keeps only where it wrote it.
    /// The scope is that of rows on `event`, made only when the text is not cached.
    mutating func rowExpression(
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

    /// Checks `text`, reporting its diagnostics, and caches it under `cacheKey` when
    /// it has none (the YAML key only changes hints, so it is no part of the cache's key).
    private mutating func check(
        _ text: ExpressionText, in scope: ResolverScope, expecting type: ValueType?, cacheKey: CheckedExpressionCache.Key?,
        yamlKey: String?
    ) -> SharedExpression? {
        let (typed, found) = ExpressionChecker.check(text.text, at: text.location, layout: text.layout, in: scope.scope, expecting: type, key: yamlKey)
        append(found)
        guard let typed else { return nil }
        let shared = SharedExpression(typed, base: text.location)
        if let cacheKey, found.isEmpty {
            checkedExpressions.insert(shared, for: cacheKey)
        }
        return shared
    }

    mutating func template(_ text: ExpressionText, in scope: ResolverScope) -> Template? {
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
