/// A conjunction of atoms of a guard: for each variable it constrains, the values that variable
/// may have (`n >= 0 && n < 5 && !done` is `n ∈ 0...4, done ∈ {false}`). A variable it does not
/// name may have any value. Never unsatisfiable: `and` gives nil instead.
struct GuardConjunction: Sendable {
    /// One variable's constraint.
    struct Constraint: Sendable {
        let variable: Int
        let values: GuardValues
    }

    /// Sorted by variable; no constraint is full (it would say nothing).
    private(set) var constraints: [Constraint]

    /// The conjunction of no atom: it always holds.
    static let always = GuardConjunction(constraints: [])

    private init(constraints: [Constraint]) {
        self.constraints = constraints
    }

    /// The single atom `variable ∈ values`; nil when no value is allowed.
    init?(_ variable: Int, _ values: GuardValues) {
        guard !values.isEmpty else { return nil }
        constraints = values.isFull ? [] : [Constraint(variable: variable, values: values)]
    }

    /// The values `variable` may have; nil when it is not constrained.
    func values(of variable: Int) -> GuardValues? {
        var low = 0, high = constraints.count
        while low < high {
            let middle = (low &+ high) / 2
            if constraints[middle].variable < variable { low = middle &+ 1 } else { high = middle }
        }
        return low < constraints.count && constraints[low].variable == variable ? constraints[low].values : nil
    }

    /// Both conjunctions at once; nil when they cannot both hold.
    func and(_ other: GuardConjunction) -> GuardConjunction? {
        var merged: [Constraint] = []
        merged.reserveCapacity(constraints.count &+ other.constraints.count)
        var i = 0, j = 0
        while i < constraints.count || j < other.constraints.count {
            if j >= other.constraints.count || (i < constraints.count && constraints[i].variable < other.constraints[j].variable) {
                merged.append(constraints[i])
                i &+= 1
            } else if i >= constraints.count || other.constraints[j].variable < constraints[i].variable {
                merged.append(other.constraints[j])
                j &+= 1
            } else {
                let values = constraints[i].values.intersection(other.constraints[j].values)
                if values.isEmpty { return nil }
                if !values.isFull { merged.append(Constraint(variable: constraints[i].variable, values: values)) }
                i &+= 1
                j &+= 1
            }
        }
        return GuardConjunction(constraints: merged)
    }
}
