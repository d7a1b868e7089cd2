/// The values a bool in a guard can have for it to hold: none, `false`, `true` or both. Also the
/// values of an opaque condition (`label == "x"`), which the analysis treats as a bool of its own.
struct FlagSet: Hashable, Sendable {
    /// Bit 0: `false` is in the set; bit 1: `true` is.
    let bits: UInt8

    static let none = FlagSet(bits: 0)
    static let all = FlagSet(bits: 3)

    /// Just `value`.
    init(_ value: Bool) {
        bits = value ? 2 : 1
    }

    private init(bits: UInt8) {
        self.bits = bits & 3
    }

    var isEmpty: Bool { bits == 0 }
    var isFull: Bool { bits == 3 }
    var complement: FlagSet { FlagSet(bits: ~bits) }
    func intersection(_ other: FlagSet) -> FlagSet { FlagSet(bits: bits & other.bits) }
    func union(_ other: FlagSet) -> FlagSet { FlagSet(bits: bits | other.bits) }
    func isSubset(of other: FlagSet) -> Bool { bits & ~other.bits == 0 }
}
