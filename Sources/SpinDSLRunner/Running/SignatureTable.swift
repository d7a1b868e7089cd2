import SpinDSLFrontEnd

/// Where each step signature was seen last, for `LivelockDetector`: an index over an array of
/// signatures kept in order by its owner (signature `p` at `p`).
///
/// An open-addressing table of one word per slot, so that it stays in cache as long as possible:
/// 31 bits of the signature (a tag, never zero, so that a zero slot is empty) and the low 32 bits
/// of its position. A tag match is confirmed against the signatures themselves, so a lookup is
/// exact: the answer is the same as a dictionary from signature to last position. Keys are
/// already well-mixed hashes, so no key is hashed again.
struct SignatureTable {
    private var slots = Array(repeating: UInt64(0), count: Self.minimumCapacity)
    /// How many distinct signatures the slots hold.
    private var distinct = 0

    private static let minimumCapacity = 64

    /// Forgets every signature.
    ///
    /// Clearing costs the table's capacity, which is kept within a small multiple of the
    /// signatures it held: a table grown for a long stretch of one time shrinks back once the
    /// stretches are short again, so that steps that let time pass stay cheap.
    mutating func removeAll() {
        if distinct &* 16 < slots.count, slots.count > Self.minimumCapacity {
            var capacity = Self.minimumCapacity
            while capacity < distinct &* 4 { capacity &*= 2 }
            slots = Array(repeating: 0, count: capacity)
        } else {
            slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
        distinct = 0
    }

    /// Records that `signatures[position]` was seen at `position`, the latest position recorded so
    /// far; returns the position where it was recorded before, if it was.
    mutating func record(at position: Int, of signatures: [Int]) -> Int? {
        let key = signatures[position]
        if (distinct &+ 1) &* 2 > slots.count { grow() }
        let tag = Self.tag(key)
        let mask = slots.count &- 1
        var index = Self.bucket(tag) & mask
        while true {
            let slot = slots[index]
            if slot == 0 {
                slots[index] = Self.slot(tag: tag, position: position)
                distinct &+= 1
                return nil
            }
            if UInt32(truncatingIfNeeded: slot >> 32) == tag,
               let previous = Self.latest(key, low: UInt32(truncatingIfNeeded: slot), before: position, in: signatures) {
                slots[index] = Self.slot(tag: tag, position: position)
                return previous
            }
            index = (index &+ 1) & mask
        }
    }

    /// The latest position below `end` whose low 32 bits are `low` and whose signature is `key`:
    /// the slot keeps only the low bits of a position, and more than 2^32 signatures of one time
    /// are unlikely but not impossible. Nil when the tag matched another signature.
    private static func latest(_ key: Int, low: UInt32, before end: Int, in signatures: [Int]) -> Int? {
        guard Int(low) < end else { return nil }
        let span = Int(UInt32.max) &+ 1
        var position = (end &- 1) - ((end &- 1 &- Int(low)) % span)
        while position >= 0 {
            if signatures[position] == key { return position }
            position &-= span
        }
        return nil
    }

    private static func tag(_ key: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: UInt64(bitPattern: Int64(key)) >> 32) | 1
    }

    private static func slot(tag: UInt32, position: Int) -> UInt64 {
        UInt64(tag) << 32 | UInt64(UInt32(truncatingIfNeeded: position))
    }

    /// The slot to start probing at: from the tag alone, so that growing needs nothing but the
    /// slots. The tag's low bit is always set, so it is left out.
    private static func bucket(_ tag: UInt32) -> Int {
        Int(tag >> 1)
    }

    /// Doubles the capacity (always a power of two), keeping every entry.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count &* 2)
        let mask = slots.count &- 1
        for slot in old where slot != 0 {
            var index = Self.bucket(UInt32(truncatingIfNeeded: slot >> 32)) & mask
            while slots[index] != 0 { index = (index &+ 1) & mask }
            slots[index] = slot
        }
    }
}
