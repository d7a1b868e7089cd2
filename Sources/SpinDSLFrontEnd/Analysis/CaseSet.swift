/// A set of the cases of one enumeration (or of the control states), by index: the listed ones,
/// or all but the listed ones, so that `mode != .off` and `from: any` cost nothing to write down
/// however many cases there are.
struct CaseSet: Hashable, Sendable {
    /// How many cases the enumeration has.
    let count: Int
    /// The cases listed, all in `0..<count`.
    private(set) var members: Set<Int>
    /// Whether the set is every case but `members`.
    private(set) var isComplement: Bool

    /// The cases in `members` (or all but them).
    init(count: Int, members: Set<Int>, isComplement: Bool = false) {
        self.count = count
        self.members = members.filter { $0 >= 0 && $0 < count }
        self.isComplement = isComplement
    }

    /// Every case.
    static func all(count: Int) -> CaseSet {
        CaseSet(count: count, members: [], isComplement: true)
    }

    var isEmpty: Bool { isComplement ? members.count >= count : members.isEmpty }
    var isFull: Bool { isComplement ? members.isEmpty : members.count >= count }

    /// The cases not in the set.
    var complement: CaseSet {
        var result = self
        result.isComplement.toggle()
        return result
    }

    /// Takes `index` out of the set.
    mutating func remove(_ index: Int) {
        guard index >= 0, index < count else { return }
        if isComplement { members.insert(index) } else { members.remove(index) }
    }

    /// Whether `index` is in the set.
    func contains(_ index: Int) -> Bool {
        members.contains(index) != isComplement
    }

    /// The cases in both.
    func intersection(_ other: CaseSet) -> CaseSet {
        switch (isComplement, other.isComplement) {
        case (false, false): return CaseSet(count: count, members: members.intersection(other.members))
        case (false, true): return CaseSet(count: count, members: members.subtracting(other.members))
        case (true, false): return CaseSet(count: count, members: other.members.subtracting(members))
        case (true, true): return CaseSet(count: count, members: members.union(other.members), isComplement: true)
        }
    }

    /// Adds the cases of `other`.
    mutating func formUnion(_ other: CaseSet) {
        switch (isComplement, other.isComplement) {
        case (false, false): members.formUnion(other.members)
        case (false, true): self = CaseSet(count: count, members: other.members.subtracting(members), isComplement: true)
        case (true, false): members.subtract(other.members)
        case (true, true): members.formIntersection(other.members)
        }
    }

    /// Whether every case of the set is in `other`.
    func isSubset(of other: CaseSet) -> Bool {
        switch (isComplement, other.isComplement) {
        case (false, false): return members.isSubset(of: other.members)
        case (false, true): return members.isDisjoint(with: other.members)
        case (true, true): return other.members.isSubset(of: members)
        case (true, false):
            // Every case outside `members` must be listed by `other`: first by count, then each.
            guard other.members.count >= count &- members.count else { return false }
            for index in 0..<count where !members.contains(index) && !other.members.contains(index) { return false }
            return true
        }
    }
}
