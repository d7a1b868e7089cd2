import SpinDSLFrontEnd
import SpinDSLRunner

/// A finding's counterexample: the path of moves from the start, each move found again by
/// enumerating the moves of the state it leaves.
extension Explorer {
    /// The moves from the start to `finding`: up the tree of first reaches to the start, then each
    /// move found again by enumerating its state's moves.
    func counterexample(_ finding: Finding) -> [CheckMove] {
        if let lasso = finding.lasso { return lasso.moves }
        var labels: [UInt32] = finding.move == UInt32.max ? [] : [finding.move]
        var state = finding.parent
        while state != StateStore.noParent, hasStates {
            let (parent, move) = storedParent(of: Int(state))
            labels.append(move)
            state = parent
        }
        labels.reverse()
        guard let first = labels.first else { return [] }
        let (start, startVector) = startMove(first)
        var moves = [start]
        // Each later label is a move of the state the labels before it reach: its vector is the
        // store's, or (a bitstate search released it) the one the path's moves make again.
        var path: [Int] = []
        var walk = finding.parent
        while walk != StateStore.noParent, hasStates {
            path.append(Int(walk))
            walk = storedParent(of: Int(walk)).parent
        }
        path.reverse()
        var vector = startVector
        for (index, label) in labels.dropFirst().enumerated() {
            guard path.indices.contains(index), hasStates else { break }
            if holdsVector(path[index]) { vector = Array(storedVector(path[index])) }
            guard let (move, next) = self.move(label, from: vector) else { break }
            moves.append(move)
            vector = next
        }
        return moves
    }

    /// The start's run `label`, with the outcomes it chose, and the vector of the state it reaches.
    func startMove(_ label: UInt32) -> (CheckMove, [UInt8]) {
        var found = (CheckMove(kind: .start, outcomes: []), [UInt8]())
        forEachStartRun { index, fresh in
            guard index == label else { return true }
            let vector = fresh.ended == nil ? Array(codec.pack(fresh)) : []
            found = (CheckMove(kind: .start, outcomes: fresh.oracle.made.map(\.outcome)), vector)
            return false
        }
        return found
    }

    /// Move `label` of state `id`, with the outcomes it chose.
    func move(_ label: UInt32, of id: Int) -> CheckMove? {
        guard let store, store.holdsVector(id) else { return nil }
        return move(label, from: Array(store.vector(id)))?.move
    }

    /// Move `label` of the state `vector` packs, with the outcomes it chose, and the vector of the
    /// state it reaches (empty when the move ends in a finding).
    private func move(_ label: UInt32, from vector: [UInt8]) -> (move: CheckMove, next: [UInt8])? {
        vector.withUnsafeBytes { bytes in codec.unpack(bytes, into: &machine) }
        var index: UInt32 = 0
        for template in moveKinds() {
            machine.oracle.reset()
            repeat {
                vector.withUnsafeBytes { bytes in codec.unpack(bytes, into: &machine) }
                machine.oracle.rewind()
                apply(template)
                if index == label {
                    let next = machine.ended == nil ? Array(codec.pack(machine)) : []
                    return (CheckMove(kind: template, outcomes: machine.oracle.made.map(\.outcome)), next)
                }
                index &+= 1
            } while machine.oracle.advance()
        }
        return nil
    }

    // MARK: The states, in one store or in shards

    /// Whether states are stored (none before the start's first).
    private var hasStates: Bool { sharded != nil || store != nil }

    /// The vector of state `id`.
    func storedVector(_ id: Int) -> UnsafeRawBufferPointer {
        if let sharded { return sharded.vector(id) }
        return store?.vector(id) ?? UnsafeRawBufferPointer(start: nil, count: 0)
    }

    /// The state `id` was first reached from, and the move.
    private func storedParent(of id: Int) -> (parent: UInt32, move: UInt32) {
        if let sharded { return sharded.parent(of: id) }
        return store?.parent(of: id) ?? (StateStore.noParent, 0)
    }

    /// Whether the vector of `id` is still held.
    private func holdsVector(_ id: Int) -> Bool {
        if let sharded { return id >= 0 && id < sharded.count }
        return store?.holdsVector(id) ?? false
    }
}
