/// The values one variable of a guard may have for an atom of it to hold: integers (ints and
/// durations, in milliseconds), cases (enumerations and the control state), or flags (bools and
/// opaque conditions). A variable always has values of one kind.
enum GuardValues: Hashable, Sendable {
    case integers(IntervalSet)
    case cases(CaseSet)
    case flags(FlagSet)

    var isEmpty: Bool {
        switch self {
        case .integers(let set): return set.isEmpty
        case .cases(let set): return set.isEmpty
        case .flags(let set): return set.isEmpty
        }
    }

    var isFull: Bool {
        switch self {
        case .integers(let set): return set.isFull
        case .cases(let set): return set.isFull
        case .flags(let set): return set.isFull
        }
    }

    var complement: GuardValues {
        switch self {
        case .integers(let set): return .integers(set.complement)
        case .cases(let set): return .cases(set.complement)
        case .flags(let set): return .flags(set.complement)
        }
    }

    /// The values in both; of mismatched kinds (which one variable never has), `self`.
    func intersection(_ other: GuardValues) -> GuardValues {
        switch (self, other) {
        case let (.integers(a), .integers(b)): return .integers(a.intersection(b))
        case let (.cases(a), .cases(b)) where a.count == b.count: return .cases(a.intersection(b))
        case let (.flags(a), .flags(b)): return .flags(a.intersection(b))
        default: return self
        }
    }

    /// Adds the values of `other` (of the same kind).
    mutating func formUnion(_ other: GuardValues) {
        switch (self, other) {
        case (.integers(var a), .integers(let b)):
            a.formUnion(b)
            self = .integers(a)
        case (.cases(var a), .cases(let b)) where a.count == b.count:
            a.formUnion(b)
            self = .cases(a)
        case let (.flags(a), .flags(b)):
            self = .flags(a.union(b))
        default:
            break
        }
    }

    /// Whether every value is in `other`; of mismatched kinds, false.
    func isSubset(of other: GuardValues) -> Bool {
        switch (self, other) {
        case let (.integers(a), .integers(b)): return a.isSubset(of: b)
        case let (.cases(a), .cases(b)) where a.count == b.count: return a.isSubset(of: b)
        case let (.flags(a), .flags(b)): return a.isSubset(of: b)
        default: return false
        }
    }
}
