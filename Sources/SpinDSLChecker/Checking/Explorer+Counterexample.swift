import SpinDSLFrontEnd
import SpinDSLRunner

/// A finding's counterexample, made from what the search recorded: the number of each move among
/// the runs of the state it left, from the start to the finding.
extension Explorer {
    /// `finding`'s counterexample: its moves, made once on one machine from the start
    /// (`CounterexampleRun`), with their trace. The moves' numbers are those on the path of first
    /// reaches back to the start (a shortest path), or a lasso's.
    func counterexample(_ finding: Finding) -> CounterexampleRun {
        let labels = finding.lasso?.labels ?? labelsOfPath(to: finding)
        var run = CounterexampleRun(Self.moveMachine(program, oracle: .enumerating(), options: options))
        for (index, label) in labels.enumerated() {
            let kinds: [CheckMove.Kind] = index == 0 ? [.start] : moveKinds(of: run.machine)
            guard run.make(label: label, of: kinds) else { break }
        }
        if case .livelock(let bound, let ringLength) = finding.kind, run.moves.count == labels.count {
            run.showLastMoveUnsettled(bound: bound, ringLength: ringLength)
        }
        return run
    }

    /// The numbers of the moves from the start to `finding`: up the tree of first reaches.
    private func labelsOfPath(to finding: Finding) -> [UInt32] {
        var labels: [UInt32] = finding.move == UInt32.max ? [] : [finding.move]
        var state = finding.parent
        while state != StateStore.noParent, hasStates {
            let (parent, move) = storedParent(of: Int(state))
            labels.append(move)
            state = parent
        }
        labels.reverse()
        return labels
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
}
