/// The position where each signature was last seen, for `LivelockDetector`: an open-addressing
/// hash table of integers whose keys are already hashes, so no key is hashed again, and which is
/// emptied in O(1) (each slot carries the generation it was written in).
///
/// A run that never leaves one virtual time fills it with one entry per step, so a slot is one
/// struct (one cache line touched per probe) rather than three parallel arrays.
struct SignatureTable {
    private struct Slot {
        var key = 0
        var position = 0
        /// The generation the slot was written in; a slot of an older generation is empty.
        var generation = 0
    }

    private var slots = Array(repeating: Slot(), count: 256)
    private var generation = 1
    private var count = 0

    /// Forgets every signature.
    mutating func removeAll() {
        generation &+= 1
        count = 0
    }

    /// Stores `position` for `key` and returns the position stored before, if any.
    mutating func exchange(_ key: Int, position: Int) -> Int? {
        if (count &+ 1) &* 2 > slots.count { grow() }
        let mask = slots.count &- 1
        var index = Self.bucket(key) & mask
        while slots[index].generation == generation {
            if slots[index].key == key {
                let previous = slots[index].position
                slots[index].position = position
                return previous
            }
            index = (index &+ 1) & mask
        }
        slots[index] = Slot(key: key, position: position, generation: generation)
        count &+= 1
        return nil
    }

    private static func bucket(_ key: Int) -> Int {
        key ^ (key >> 32)
    }

    /// Doubles the capacity (always a power of two), keeping this generation's entries.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count &* 2)
        let mask = slots.count &- 1
        for slot in old where slot.generation == generation {
            var index = Self.bucket(slot.key) & mask
            while slots[index].generation == generation { index = (index &+ 1) & mask }
            slots[index] = slot
        }
    }
}
