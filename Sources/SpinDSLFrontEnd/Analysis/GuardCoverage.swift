/// What the rows already filed for one event (in one control state, or in every state) take:
/// the disjunction of their guards' conjunctions, indexed so that asking whether a later row's
/// conjunction is covered costs little however many rows came before.
///
/// A conjunction on one variable (`n == 3`, `from: idle` unguarded in a state's cell is none at
/// all) joins that variable's union: `n == 0`, `n == 1`, … become one interval, `n < 5` and
/// `n >= 5` every integer. Conjunctions on several variables are kept in a list, of which the
/// first `mixedLimit` are consulted (a limit on pathological tables; beyond it the analysis
/// only says less). A later conjunction is covered when some kept conjunction is implied by it,
/// or when, for one of its variables, the union of that variable's values over the kept
/// conjunctions whose other atoms it implies contains its own.
struct GuardCoverage {
    /// How many conjunctions on several variables are kept.
    static let mixedLimit = 256

    /// Whether some filed conjunction always holds (or the unions cover every value): every
    /// later row is covered.
    private(set) var isTotal = false
    /// Per variable, the union of the filed conjunctions on that variable alone.
    private var unions: [Int: GuardValues] = [:]
    private var mixed: [GuardConjunction] = []
    /// The control states that matter (the live ones): a union of control states that covers
    /// them makes the coverage total.
    private let liveStates: CaseSet

    init(liveStates: CaseSet) {
        self.liveStates = liveStates
    }

    /// Whether nothing has been filed.
    var isEmpty: Bool { !isTotal && unions.isEmpty && mixed.isEmpty }

    /// Files the conjunctions of a row's condition.
    mutating func add(_ condition: [GuardConjunction]) {
        for conjunction in condition {
            let constraints = conjunction.constraints
            if constraints.isEmpty {
                isTotal = true
            } else if constraints.count == 1, let only = constraints.first {
                var union = unions[only.variable] ?? only.values
                union.formUnion(only.values)
                unions[only.variable] = union
                if union.isFull { isTotal = true }
                if only.variable == GuardVariables.controlState, GuardValues.cases(liveStates).isSubset(of: union) { isTotal = true }
            } else if mixed.count < Self.mixedLimit {
                mixed.append(conjunction)
            }
        }
    }

    /// Whether, in the control states `states`, every case of `conjunction` is taken by a filed
    /// row (of this coverage or of `other`, when given).
    func covers(_ conjunction: GuardConjunction, inStates states: CaseSet, alongWith other: GuardCoverage? = nil) -> Bool {
        if isTotal || other?.isTotal == true { return true }
        if isEmpty, other?.isEmpty ?? true { return false }
        // The control states the conjunction can hold in; none: it never holds, nothing to cover.
        let control = conjunction.values(of: GuardVariables.controlState)?.intersection(.cases(states)) ?? .cases(states)
        if control.isEmpty { return true }
        func values(of variable: Int) -> GuardValues? {
            variable == GuardVariables.controlState ? control : conjunction.values(of: variable)
        }
        // Each kept conjunction of several conditions whose atoms this one implies but on one
        // variable adds its values of that variable to that variable's union here.
        var extensions: [Int: GuardValues] = [:]
        func consult(_ coverage: GuardCoverage) -> Bool {
            for kept in coverage.mixed {
                var unimplied: GuardConjunction.Constraint?
                var usable = true
                for constraint in kept.constraints {
                    guard let own = values(of: constraint.variable) else {
                        usable = false
                        break
                    }
                    if own.isSubset(of: constraint.values) { continue }
                    if unimplied != nil {
                        usable = false
                        break
                    }
                    unimplied = constraint
                }
                guard usable else { continue }
                // Every atom implied: the kept conjunction holds wherever this one does.
                guard let unimplied else { return true }
                var union = extensions[unimplied.variable] ?? unimplied.values
                union.formUnion(unimplied.values)
                extensions[unimplied.variable] = union
            }
            return false
        }
        if consult(self) { return true }
        if let other, consult(other) { return true }
        // Then, for each variable the conjunction constrains (the control state always among
        // them), whether its values are in the union of the values taken.
        func isCovered(_ variable: Int, _ own: GuardValues) -> Bool {
            var union = unions[variable]
            func merge(_ part: GuardValues?) {
                guard let part else { return }
                if union == nil { union = part } else { union?.formUnion(part) }
            }
            merge(other?.unions[variable])
            merge(extensions[variable])
            return union.map { own.isSubset(of: $0) } ?? false
        }
        if isCovered(GuardVariables.controlState, control) { return true }
        for constraint in conjunction.constraints where constraint.variable != GuardVariables.controlState {
            if isCovered(constraint.variable, constraint.values) { return true }
        }
        return false
    }
}
