import Testing
@testable import SpinDSLFrontEnd

/// The value sets of the shadowing analysis, at their edges: the ends of Int64, touching ranges,
/// complements of case sets.
@Suite struct GuardValueSetTests {
    @Test func intervalsMergeWhenTheyTouchAndKeepTheEndsOfInt64() {
        var set = IntervalSet.none
        set.formUnion(IntervalSet(5...9))
        set.formUnion(IntervalSet(0...4))
        #expect(set.ranges == [0...9])
        set.formUnion(IntervalSet(11...12))
        #expect(set.ranges == [0...9, 11...12])
        set.formUnion(IntervalSet(10...10))
        #expect(set.ranges == [0...12])
        set.formUnion(IntervalSet(Int64.min...(-5)))
        set.formUnion(IntervalSet(Int64.max...Int64.max))
        #expect(set.ranges == [Int64.min...(-5), 0...12, Int64.max...Int64.max])
        #expect(set.complement.ranges == [(-4)...(-1), 13...(Int64.max - 1)])
        #expect(set.complement.complement == set)
        set.formUnion(set.complement)
        #expect(set.isFull)
        #expect(IntervalSet(.less, .min)?.isEmpty == true)
        #expect(IntervalSet(.greater, .max)?.isEmpty == true)
        #expect(IntervalSet(.notEqual, 0)?.ranges == [Int64.min...(-1), 1...Int64.max])
        #expect(IntervalSet(3...7).isSubset(of: IntervalSet(0...12)))
        #expect(!IntervalSet(3...13).isSubset(of: IntervalSet(0...12)))
        #expect(IntervalSet(3...7).intersection(IntervalSet(5...20)).ranges == [5...7])
        // Far apart ranges never count as touching, whatever the wrapping difference.
        var far = IntervalSet(Int64.min...Int64.min)
        far.formUnion(IntervalSet(Int64.max...Int64.max))
        #expect(far.ranges.count == 2)
    }

    @Test func caseSetsListOrExcludeCases() {
        let all = CaseSet.all(count: 4)
        let one = CaseSet(count: 4, members: [1])
        #expect(all.isFull && !one.isFull && one.complement.contains(0) && !one.complement.contains(1))
        #expect(one.isSubset(of: all))
        #expect(all.isSubset(of: CaseSet(count: 4, members: [0, 1, 2, 3])))
        #expect(!all.isSubset(of: CaseSet(count: 4, members: [0, 1, 2])))
        var union = one
        union.formUnion(one.complement)
        #expect(union.isFull)
        #expect(one.intersection(one.complement).isEmpty)
        #expect(CaseSet(count: 4, members: [0, 9]).isSubset(of: CaseSet(count: 4, members: [0])))
        var states = CaseSet.all(count: 3)
        states.remove(2)
        #expect(states == CaseSet(count: 3, members: [2], isComplement: true))
    }
}
