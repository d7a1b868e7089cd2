/// Names to their indices in declaration order. The first of duplicate names wins, as a search
/// from the start would find it (duplicates are reported separately).
///
/// The resolver looks up several names per transition row, so a large table makes hundreds of
/// thousands of lookups, and hashing a `String` (a seeded SipHash over its normalized form) is the
/// better part of each. Names are nearly always ASCII, so when every declared name is, lookups of
/// ASCII text go through a small open-addressing table hashed over the bytes instead. That answers
/// exactly as the dictionary does: an ASCII string is in normal form, so it equals another string
/// only if that one has the same bytes, and a declared name it could equal without being ASCII
/// (`K`, KELVIN SIGN, equals `K`) cannot be in the table. Any other lookup (non-ASCII text, or
/// a non-ASCII name declared) goes to the dictionary.
struct NameIndex {
    private let indices: [String: Int]
    /// The names, when all are ASCII; empty otherwise.
    private let names: [String]
    /// Open addressing over `hash(name) & mask`, linear probing: each slot is a name's index into
    /// `names` plus one, 0 when empty. Empty when not every name is ASCII.
    private let slots: [Int32]
    private let mask: Int

    init(_ names: [String]) {
        var indices: [String: Int] = [:]
        indices.reserveCapacity(names.count)
        var firsts: [Int] = []
        for (index, name) in names.enumerated() where indices[name] == nil {
            indices[name] = index
            firsts.append(index)
        }
        self.indices = indices
        // At most half full, so probes stay short; indices must fit the slots' Int32.
        guard names.count < Int(Int32.max) / 4, names.allSatisfy({ Self.asciiHash($0) != nil }) else {
            self.names = []
            slots = []
            mask = 0
            return
        }
        var capacity = 8
        while capacity < firsts.count &* 2 { capacity &*= 2 }
        let mask = capacity &- 1
        var slots = [Int32](repeating: 0, count: capacity)
        for index in firsts {
            guard let hash = Self.asciiHash(names[index]) else { continue }
            var slot = hash & mask
            while slots[slot] != 0 { slot = (slot &+ 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: index &+ 1)
        }
        self.names = names
        self.slots = slots
        self.mask = mask
    }

    subscript(name: String) -> Int? {
        guard !slots.isEmpty, let hash = Self.asciiHash(name) else { return indices[name] }
        var slot = hash & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            // Both ASCII: equal as strings exactly when equal as bytes, which `==` checks first.
            if names[entry &- 1] == name { return entry &- 1 }
            slot = (slot &+ 1) & mask
        }
    }

    /// FNV-1a over the UTF-8 bytes of `name`, or nil when it is not all ASCII (or not stored
    /// contiguously, which native strings always are).
    private static func asciiHash(_ name: String) -> Int? {
        let hash = name.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            return Int(truncatingIfNeeded: hash ^ (hash >> 29))
        }
        return hash ?? nil
    }
}
