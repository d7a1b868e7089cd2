import SpinDSLFrontEnd
import SpinDSLRunner

/// The states of the parallel search (`--workers N`, docs/checking.md "The parallel search"):
/// one `StateStore` per worker, each holding the states whose vectors hash to it, and the
/// breadth-first numbering of them all.
///
/// A level is expanded by the workers in contiguous ranges of the frontier, each sending every
/// successor to the shard its hash names (`SuccessorOutbox`); then each shard takes what the
/// workers sent it, worker by worker, in the order found. That is the order of (parent, move),
/// the order the one-worker search finds them in, so a state reached twice in a level keeps the
/// first reach, and merging the shards' new states by (parent, move) numbers them exactly as the
/// one-worker search does: states, parents, counterexamples and findings are the same.
///
/// Unchecked `Sendable`: while the workers expand a level they only read it (vectors of the
/// frontier, the shard of a vector), and while the shards take their states each thread changes
/// its own shard alone; the numbering is done between, on one thread.
final class ShardedStore: @unchecked Sendable {
    /// The shards; a state's parent there is its parent's global number.
    private let shards: [StateStore]
    /// Global number → shard (high 8 bits) and number in the shard (low 56).
    private var locations: [UInt64] = []

    /// The number of states.
    var count: Int { locations.count }

    /// Bytes held for the states, their tables, their tree and the numbering.
    var memoryBytes: Int { shards.reduce(locations.capacity &* 8) { $0 &+ $1.memoryBytes } }

    /// - Parameters:
    ///   - shards: the number of shards (workers), 2 to 255.
    ///   - fixedLength: the length of every vector.
    ///   - memoryLimit: the most bytes each shard may hold.
    init(shards: Int, fixedLength: Int, memoryLimit: Int) {
        self.shards = (0..<shards).map { _ in StateStore(fixedLength: fixedLength, memoryLimit: memoryLimit) }
    }

    /// The shard of a vector whose hash is `hash`.
    @inline(__always)
    func shard(ofHash hash: UInt32) -> Int {
        // The store's table uses the hash's low bits: the shard takes the high ones.
        Int(hash >> 24) % shards.count
    }

    private func place(_ id: Int) -> (shard: Int, local: Int)? {
        guard id >= 0, id < locations.count else { return nil }
        let location = locations[id]
        return (Int(location >> 56), Int(location & 0x00FF_FFFF_FFFF_FFFF))
    }

    /// The vector of state `id`.
    func vector(_ id: Int) -> UnsafeRawBufferPointer {
        guard let (shard, local) = place(id) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return shards[shard].vector(local)
    }

    /// The state `id` was first reached from (a global number), and the move.
    func parent(of id: Int) -> (parent: UInt32, move: UInt32) {
        guard let (shard, local) = place(id) else { return (StateStore.noParent, 0) }
        return shards[shard].parent(of: local)
    }

    /// Inserts `vector` at once, numbering it next if it is new: for the start's states, found
    /// one by one. Nil when memory ran out.
    func insert(_ vector: UnsafeRawBufferPointer, parent: UInt32, move: UInt32) -> (id: Int, isNew: Bool)? {
        let hash = StateStore.hash(vector)
        let shard = shard(ofHash: hash)
        guard let inserted = shards[shard].insert(vector, hash: hash, parent: parent, move: move) else { return nil }
        guard inserted.isNew else {
            // Its global number: states of the start are few, found by a search of the locations.
            let location = UInt64(shard) << 56 | UInt64(inserted.id)
            return locations.firstIndex(of: location).map { ($0, false) }
        }
        locations.append(UInt64(shard) << 56 | UInt64(inserted.id))
        return (locations.count &- 1, true)
    }

    /// The new states shard `shard` took from `outboxes` (one per worker, in worker order), in
    /// the order taken: their numbers in the shard, and nil when memory ran out. Called for each
    /// shard on its own thread.
    func take(_ outboxes: [SuccessorOutbox], into shard: Int) -> [Int]? {
        let store = shards[shard]
        var fresh: [Int] = []
        for outbox in outboxes {
            for index in 0..<outbox.count {
                let (vector, hash, parent, move) = outbox.entry(index)
                guard let inserted = store.insert(vector, hash: hash, parent: parent, move: move) else { return nil }
                if inserted.isNew { fresh.append(inserted.id) }
            }
        }
        return fresh
    }

    /// Numbers the new states of a level, `fresh[s]` being shard s's in the order taken, by
    /// (parent, move): the one-worker search's order.
    func number(_ fresh: [[Int]]) {
        var next = [Int](repeating: 0, count: fresh.count)
        while true {
            var best = -1
            var bestKey: (UInt32, UInt32) = (0, 0)
            for shard in fresh.indices where next[shard] < fresh[shard].count {
                let key = shards[shard].parent(of: fresh[shard][next[shard]])
                if best < 0 || (key.parent, key.move) < bestKey {
                    best = shard
                    bestKey = (key.parent, key.move)
                }
            }
            guard best >= 0 else { return }
            locations.append(UInt64(best) << 56 | UInt64(fresh[best][next[best]]))
            next[best] &+= 1
        }
    }

    /// Whether a shard refused a state for `--max-memory`.
    var reachedMemoryLimit: Bool { shards.contains(where: \.reachedMemoryLimit) }
}
