import SpinDSLFrontEnd
import SpinDSLRunner

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The set of states an exploration reached: their vectors back to back in one arena, an
/// open-addressing hash table of their numbers, and per state the state it was first reached
/// from and which of that state's moves reached it (the breadth-first tree of shortest paths).
///
/// No allocation per state: every array grows by doubling, in raw memory (`realloc`), and an
/// allocation that fails, or would take the store past its `memoryLimit`, is reported (`insert`
/// returns nil) instead of trapping, so that the checker can stop with status `incomplete`.
final class StateStore {
    /// The number of states.
    private(set) var count = 0
    /// The bytes of the vectors in the arena.
    private(set) var vectorBytes = 0
    /// The first state whose vector is in the arena: those before it were released
    /// (`release(below:)`, a bitstate search keeps only the levels it has yet to expand).
    private(set) var firstKept = 0
    /// The length of every vector when they all have one (else 0).
    private let fixedLength: Int

    private var arena: UnsafeMutablePointer<UInt8>?
    private var arenaCapacity = 0
    /// Where each vector starts, when lengths vary (one more entry: the end of the last).
    private var offsets: UnsafeMutablePointer<Int>?
    private var parents: UnsafeMutablePointer<UInt32>?
    private var moves: UnsafeMutablePointer<UInt32>?
    private var perStateCapacity = 0
    /// Slots hold a tag in the high 32 bits and the state's number plus one in the low 32; 0 is
    /// empty. The tag is the state's hash, so that a probe compares hashes without touching the
    /// state's vector; or, for vectors of at most 4 bytes, the vector itself, so that a probe
    /// decides without touching the arena at all.
    private var table: UnsafeMutablePointer<UInt64>?
    /// Whether tags are the vectors themselves.
    private let tagsAreVectors: Bool
    private var tableMask = 0

    /// The most bytes the store may hold, counting the old and the new array while one grows
    /// (`--max-memory`).
    private let memoryLimit: Int
    /// Whether an insertion was refused because growing would pass `memoryLimit` (rather than
    /// because an allocation failed).
    private(set) var reachedMemoryLimit = false

    /// `--bitstate`: the bits that stand for the states reached, instead of the hash table.
    let bitstate: BitstateSet?
    /// `--hash-compact`: the signatures of the states reached, instead of the hash table.
    let compact: CompactSet?
    /// Whether the store keeps only the vectors of the states still to expand (`release(below:)`):
    /// a bitstate or compacted search, which tells new states by bits or signatures.
    var forgetsVectors: Bool { bitstate != nil || compact != nil }

    /// The parent of a state that has none (an initial state).
    static let noParent = UInt32.max

    /// Bytes per state outside the arena: parent, move and, when lengths vary, offset.
    private var perStateBytes: Int { 4 &+ 4 &+ (fixedLength == 0 ? 8 : 0) }

    /// - Parameters:
    ///   - fixedLength: the length of every vector, or 0 when lengths vary.
    ///   - memoryLimit: the most bytes the store may hold (`memoryBytes`, while an array grows
    ///     both its old and its new size).
    ///   - bitstate: `--bitstate`'s set, which then decides what is new (no hash table is kept).
    ///   - compact: `--hash-compact`'s set, which then decides what is new (no hash table is kept).
    init(fixedLength: Int, memoryLimit: Int = Int.max, bitstate: BitstateSet? = nil, compact: CompactSet? = nil) {
        self.fixedLength = fixedLength
        self.memoryLimit = memoryLimit
        self.bitstate = bitstate
        self.compact = compact
        tagsAreVectors = fixedLength > 0 && fixedLength <= 4
    }

    deinit {
        free(arena)
        free(offsets)
        free(parents)
        free(moves)
        free(table)
    }

    /// Bytes held for the states, their table and their tree.
    var memoryBytes: Int {
        arenaCapacity &+ perStateCapacity &* perStateBytes &+ (bitstate?.memoryBytes ?? compact?.memoryBytes ?? (tableMask &+ 1) &* 8)
    }

    /// Whether `extra` more bytes keep the store within its limit; records it when not.
    private func allows(_ extra: Int) -> Bool {
        let (total, overflow) = memoryBytes.addingReportingOverflow(extra)
        guard overflow || total > memoryLimit else { return true }
        reachedMemoryLimit = true
        return false
    }

    /// The vector of state `id`.
    func vector(_ id: Int) -> UnsafeRawBufferPointer {
        guard let arena, id >= firstKept, id < count else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        if fixedLength > 0 {
            return UnsafeRawBufferPointer(start: arena + (id &- firstKept) &* fixedLength, count: fixedLength)
        }
        guard let offsets else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: arena + offsets[id], count: offsets[id &+ 1] &- offsets[id])
    }

    /// The state `id` was first reached from, and the index of the move that reached it.
    func parent(of id: Int) -> (parent: UInt32, move: UInt32) {
        guard let parents, let moves, id >= 0, id < count else { return (Self.noParent, 0) }
        return (parents[id], moves[id])
    }

    /// Adds `bytes` unless an equal vector is there. Returns the state's number and whether it is
    /// new, or nil when memory ran out. With `bitstate`, a state taken as reached before has the
    /// number -1 (its number is not kept), unless it is its parent's.
    func insert(_ bytes: UnsafeRawBufferPointer, parent: UInt32, move: UInt32) -> (id: Int, isNew: Bool)? {
        if let bitstate { return insertBit(bytes, parent: parent, move: move, into: bitstate) }
        if let compact { return insertCompact(bytes, parent: parent, move: move, into: compact) }
        return insert(bytes, hash: Self.hash(bytes), parent: parent, move: move)
    }

    /// `insert` of a vector whose `hash(_:)` is known (the parallel search's shards: the worker
    /// that found it hashed it to pick the shard). The full store only.
    func insert(_ bytes: UnsafeRawBufferPointer, hash: UInt32, parent: UInt32, move: UInt32) -> (id: Int, isNew: Bool)? {
        // At most three quarters full.
        if table == nil || count &* 4 >= (tableMask &+ 1) &* 3 {
            guard growTable() else { return nil }
        }
        guard reservePerState(count &+ 1), let table else { return nil }
        let tag = (tagsAreVectors ? Self.word(bytes) : UInt64(hash)) << 32
        var slot = Int(truncatingIfNeeded: hash) & tableMask
        while true {
            let entry = table[slot]
            if entry == 0 { break }
            if entry & 0xFFFF_FFFF_0000_0000 == tag {
                let id = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) &- 1
                if tagsAreVectors || equal(id, bytes) { return (id, false) }
            }
            slot = (slot &+ 1) & tableMask
        }
        guard let id = append(bytes, parent: parent, move: move) else { return nil }
        table[slot] = tag | UInt64(id &+ 1)
        return (id, true)
    }

    /// Stores a new state's vector, parent and move (`reservePerState` made room); its number,
    /// or nil when memory ran out.
    private func append(_ bytes: UnsafeRawBufferPointer, parent: UInt32, move: UInt32) -> Int? {
        guard reserveArena(vectorBytes &+ bytes.count), let arena else { return nil }
        let id = count
        if let base = bytes.baseAddress, bytes.count > 0 {
            (arena + vectorBytes).update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        }
        vectorBytes &+= bytes.count
        if fixedLength == 0, let offsets {
            offsets[id &+ 1] = vectorBytes
        }
        parents?[id] = parent
        moves?[id] = move
        count &+= 1
        return id
    }

    private func insertBit(_ bytes: UnsafeRawBufferPointer, parent: UInt32, move: UInt32, into bitstate: BitstateSet) -> (id: Int, isNew: Bool)? {
        // A move back to the state it left is told exactly: it changes nothing.
        if parent != Self.noParent, equal(Int(parent), bytes) { return (Int(parent), false) }
        guard reservePerState(count &+ 1) else { return nil }
        guard bitstate.insert(bytes) else { return (-1, false) }
        return append(bytes, parent: parent, move: move).map { ($0, true) }
    }

    private func insertCompact(_ bytes: UnsafeRawBufferPointer, parent: UInt32, move: UInt32, into compact: CompactSet) -> (id: Int, isNew: Bool)? {
        // A move back to the state it left is told exactly: it changes nothing.
        if parent != Self.noParent, equal(Int(parent), bytes) { return (Int(parent), false) }
        guard reservePerState(count &+ 1), allows(compact.growthBytes) else { return nil }
        guard let isNew = compact.insert(bytes) else { return nil }
        guard isNew else { return (-1, false) }
        return append(bytes, parent: parent, move: move).map { ($0, true) }
    }

    /// Drops the vectors of the states before `id` (their parents and moves stay: the tree of
    /// first reaches), moving the rest to the arena's start. Only a bitstate or compacted search
    /// does: the hash table finds states by their vectors.
    func release(below id: Int) {
        guard forgetsVectors, let arena, id > firstKept, id <= count else { return }
        let cut: Int
        if fixedLength > 0 {
            cut = (id &- firstKept) &* fixedLength
        } else if let offsets {
            cut = offsets[id]
            for state in id...count { offsets[state] &-= cut }
        } else {
            return
        }
        let kept = vectorBytes &- cut
        if kept > 0 { memmove(arena, arena + cut, kept) }
        vectorBytes = kept
        firstKept = id
    }

    private func equal(_ id: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let stored = vector(id)
        guard stored.count == bytes.count else { return false }
        guard let a = stored.baseAddress, let b = bytes.baseAddress else { return stored.count == 0 }
        return memcmp(a, b, bytes.count) == 0
    }

    /// The bytes of a vector of at most 4 bytes, as a number.
    @inline(__always)
    private static func word(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var word: UInt64 = 0
        for index in 0..<min(4, bytes.count) { word |= UInt64(bytes[index]) << UInt64(index &* 8) }
        return word
    }

    /// A 32-bit hash of a vector: 8 bytes at a time, multiplied and folded.
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var index = 0
        let count = bytes.count
        while index &+ 8 <= count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            h = (h ^ word) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
            index &+= 8
        }
        if index < count {
            var word: UInt64 = 0
            var shift: UInt64 = 0
            while index < count {
                word |= UInt64(bytes[index]) << shift
                shift &+= 8
                index &+= 1
            }
            h = (h ^ word) &* 0x94D0_49BB_1331_11EB
        }
        h ^= h >> 29
        h = h &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 32
        return UInt32(truncatingIfNeeded: h)
    }

    private func growTable() -> Bool {
        let newSize = table == nil ? 1 << 12 : (tableMask &+ 1) &* 2
        // The old table is freed only once the new one is filled.
        guard allows(newSize &* 8) else { return false }
        guard let grown = calloc(newSize, MemoryLayout<UInt64>.stride)?.assumingMemoryBound(to: UInt64.self) else { return false }
        let mask = newSize &- 1
        if tagsAreVectors {
            // The tags are the vectors: hash them again, in the order they lie in the arena.
            for id in 0..<count {
                let vector = self.vector(id)
                ProbeTable.place((Self.word(vector) << 32) | UInt64(id &+ 1), home: Int(truncatingIfNeeded: Self.hash(vector)), in: grown, mask: mask)
            }
        } else if let table {
            // The tags are the hashes: each entry's home is in its high half.
            ProbeTable.move(table, mask: tableMask, into: grown, mask: mask, homeShift: 32)
        }
        free(table)
        table = grown
        tableMask = mask
        return true
    }

    private func reservePerState(_ needed: Int) -> Bool {
        guard needed > perStateCapacity else { return true }
        let capacity = max(1024, perStateCapacity &* 2)
        // `realloc` may move an array: for a moment it is there twice.
        guard allows(capacity &* perStateBytes) else { return false }
        guard let newParents = realloc(parents, capacity &* 4)?.assumingMemoryBound(to: UInt32.self) else { return false }
        parents = newParents
        guard let newMoves = realloc(moves, capacity &* 4)?.assumingMemoryBound(to: UInt32.self) else { return false }
        moves = newMoves
        if fixedLength == 0 {
            let first = offsets == nil
            guard let newOffsets = realloc(offsets, (capacity &+ 1) &* MemoryLayout<Int>.stride)?
                .assumingMemoryBound(to: Int.self) else { return false }
            offsets = newOffsets
            if first { newOffsets[0] = 0 }
        }
        perStateCapacity = capacity
        return true
    }

    private func reserveArena(_ needed: Int) -> Bool {
        guard needed > arenaCapacity || arena == nil else { return true }
        var capacity = max(1 << 16, arenaCapacity)
        while capacity < needed { capacity &*= 2 }
        guard allows(capacity) else { return false }
        guard let grown = realloc(arena, capacity)?.assumingMemoryBound(to: UInt8.self) else { return false }
        arena = grown
        arenaCapacity = capacity
        return true
    }
}
