import Testing
@testable import SpinDSLFrontEnd

/// `NameIndex` answers as a dictionary from each name to its first index does, whether a lookup
/// goes through its ASCII table or through the dictionary.
@Suite struct NameIndexTests {
    /// The first index of `name` in `names`, by Swift string equality: what the index must answer.
    static func reference(_ names: [String], _ name: String) -> Int? {
        names.firstIndex(of: name)
    }

    static let probes = [
        "idle", "Idle", "idle ", "", "a", "b", "z", "state_1", "state_99", "state_100", "K", "\u{212A}",
        "caf\u{E9}", "cafe\u{301}", "ünits", "x-y", "x_y",
    ]

    @Test(arguments: [
        ["idle", "running", "done"],
        ["a", "b", "a", "c", "b"],  // duplicates: the first wins
        (0..<500).map { "state_\($0)" },  // enough names for collisions in the table
        ["K", "caf\u{E9}", "ünits"],  // a non-ASCII name: every lookup goes to the dictionary
        ["\u{212A}", "idle"],  // KELVIN SIGN declared: "K" must find it, as String == says
        [],
    ])
    func answersAsStringEqualityDoes(names: [String]) {
        let index = NameIndex(names)
        for probe in Self.probes + names {
            #expect(index[probe] == Self.reference(names, probe), "\(probe) in \(names.prefix(5))")
        }
    }

    @Test func kelvinSignAndCombiningAccentsFollowStringEquality() {
        // Canonically equivalent strings are equal in Swift; the index must agree either way round.
        #expect(NameIndex(["\u{212A}"])["K"] == 0)
        #expect(NameIndex(["K"])["\u{212A}"] == 0)
        #expect(NameIndex(["caf\u{E9}"])["cafe\u{301}"] == 0)
        #expect(NameIndex(["cafe\u{301}"])["caf\u{E9}"] == 0)
        #expect(NameIndex(["idle"])["IDLE"] == nil)
    }
}
