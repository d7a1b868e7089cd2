import SpinDSLFrontEnd
import SpinDSLRunner

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The successors one worker of the parallel search (`--workers`) found in one level, for one
/// shard, in the order found: per successor its vector (all of one length), its hash (the shard
/// uses it again), the state it was reached from and the move.
///
/// One block of raw memory, entries of one stride back to back, grown by doubling and kept from
/// level to level: a send is a copy of a few bytes, with no allocation and no per-array checks.
final class SuccessorOutbox {
    /// The length of every vector.
    let length: Int
    /// Bytes per entry: the vector, then hash, parent and move (4 bytes each).
    private let stride: Int
    private var storage: UnsafeMutableRawPointer?
    private var capacity = 0
    /// The number of successors.
    private(set) var count = 0
    /// Whether growing failed (memory ran out): the level's successors are incomplete.
    private(set) var failed = false

    init(length: Int) {
        self.length = length
        stride = length &+ 12
    }

    deinit {
        free(storage)
    }

    /// Adds `vector`, whose hash is `hash`, reached from `parent` by `move`.
    @inline(__always)
    func append(_ vector: UnsafeRawBufferPointer, hash: UInt32, parent: UInt32, move: UInt32) {
        if count == capacity {
            let grown = max(1024, capacity &* 2)
            guard let moved = realloc(storage, grown &* stride) else {
                failed = true
                return
            }
            storage = moved
            capacity = grown
        }
        guard let storage else { return }
        let entry = storage + count &* stride
        if let base = vector.baseAddress { entry.copyMemory(from: base, byteCount: min(length, vector.count)) }
        entry.storeBytes(of: hash, toByteOffset: length, as: UInt32.self)
        entry.storeBytes(of: parent, toByteOffset: length &+ 4, as: UInt32.self)
        entry.storeBytes(of: move, toByteOffset: length &+ 8, as: UInt32.self)
        count &+= 1
    }

    /// Successor `index`: its vector, hash, parent and move.
    @inline(__always)
    func entry(_ index: Int) -> (vector: UnsafeRawBufferPointer, hash: UInt32, parent: UInt32, move: UInt32) {
        guard let storage, index >= 0, index < count else { return (UnsafeRawBufferPointer(start: nil, count: 0), 0, StateStore.noParent, 0) }
        let entry = UnsafeRawPointer(storage + index &* stride)
        return (
            UnsafeRawBufferPointer(start: entry, count: length),
            entry.loadUnaligned(fromByteOffset: length, as: UInt32.self),
            entry.loadUnaligned(fromByteOffset: length &+ 4, as: UInt32.self),
            entry.loadUnaligned(fromByteOffset: length &+ 8, as: UInt32.self))
    }

    /// Empties it for the next level, keeping its memory.
    func removeAll() {
        count = 0
    }
}
