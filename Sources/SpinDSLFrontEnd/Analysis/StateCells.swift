/// The cells of the shadowed-row check for one event at a time, by control state, without
/// hashing: what the rows listing each state have taken so far. A state is full (an unguarded
/// row took it: only counted), partly taken (a `GuardCoverage`), or not yet listed. Arrays made
/// once per spin serve every event: a round number tells this event's marks from older ones.
struct StateCells {
    /// Per state, the round in which it was last listed (0: never).
    private var rounds: [Int32]
    /// Per state, listed this round: -1 when full, else its index in `coverages`.
    private var slots: [Int32]
    private var coverages: [GuardCoverage] = []
    private var round: Int32 = 0
    /// The states listed this round, in the order they were.
    private(set) var listed: [Int] = []
    /// How many states are full this round.
    private(set) var fullCount = 0

    init(stateCount: Int) {
        rounds = [Int32](repeating: 0, count: max(stateCount, 0))
        slots = [Int32](repeating: -1, count: max(stateCount, 0))
    }

    /// Forgets every cell, for the next event.
    mutating func startRound() {
        round &+= 1
        coverages.removeAll(keepingCapacity: true)
        listed.removeAll(keepingCapacity: true)
        fullCount = 0
    }

    private func isListed(_ state: Int) -> Bool {
        state >= 0 && state < rounds.count && rounds[state] == round
    }

    /// Whether an unguarded row (or rows together) took every case of `state`.
    func isFull(_ state: Int) -> Bool {
        isListed(state) && slots[state] < 0
    }

    /// What the rows took of `state`, when they took some but not all; nil otherwise.
    func coverage(of state: Int) -> GuardCoverage? {
        guard isListed(state), slots[state] >= 0 else { return nil }
        return coverages[Int(slots[state])]
    }

    /// Files a row's `condition` in `state` (a valid state that is not full).
    mutating func file(_ condition: [GuardConjunction], in state: Int, liveStates: CaseSet) {
        guard state >= 0, state < rounds.count, !isFull(state) else { return }
        if !isListed(state) {
            rounds[state] = round
            listed.append(state)
            // An unguarded row, the usual case, fills the state at once: no coverage is made.
            if condition.contains(where: { $0.constraints.isEmpty }) {
                slots[state] = -1
                fullCount &+= 1
                return
            }
            slots[state] = Int32(truncatingIfNeeded: coverages.count)
            coverages.append(GuardCoverage(liveStates: liveStates))
        }
        let slot = Int(slots[state])
        coverages[slot].add(condition)
        if coverages[slot].isTotal {
            slots[state] = -1
            fullCount &+= 1
        }
    }
}
