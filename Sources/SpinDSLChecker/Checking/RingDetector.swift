import SpinDSLFrontEnd
import SpinDSLRunner

/// Finds a ring inside one drain of `RunMachine`: the machine coming back to a state it was in
/// (`RingSnapshot`), by Brent's cycle detection on the snapshots taken at the top of each pass
/// of the drain's loop.
///
/// One snapshot is kept (the tortoise); each new one (the hare) is compared with it; after 1, 2,
/// 4, 8, … comparisons the tortoise moves to the hare. Once the run is in a ring of `p` passes,
/// the first match is found within about twice the passes it took to get there, plus `p`, with
/// one stored snapshot and one comparison a pass; and the first match is exactly `p` passes
/// after the tortoise (a snapshot before the ring never comes back, so none matches earlier).
struct RingDetector {
    /// Counts that equal snapshots share (`RunMachine.ringKey()`): a snapshot is only built when
    /// its key equals the tortoise's, or to become the tortoise.
    struct Key: Equatable {
        var queued = 0
        var pending = 0
        var effects = 0
        var sleepers = 0
        /// The spins' control states, mixed.
        var controls = 0
    }

    /// The tortoise, its key, and the step count of the move when it was taken.
    private var saved: RingSnapshot?
    private var savedKey = Key()
    private var savedAtStep = 0
    /// Passes since the tortoise moved, and how many it waits before it moves again.
    private var passes = 0
    private var power = 1

    /// Forgets every snapshot: a new drain, or a pass that is not part of one.
    mutating func reset() {
        saved = nil
        passes = 0
        power = 1
    }

    /// Compares the state at step `step` of the move (its `key`, and `snapshot` built when
    /// needed) with the stored one. Returns the steps from the stored snapshot to this one when
    /// they are equal: the ring's length.
    mutating func observe(_ key: Key, _ snapshot: () -> RingSnapshot, atStep step: Int) -> Int? {
        guard let saved else {
            save(key, snapshot(), atStep: step)
            return nil
        }
        passes &+= 1
        if key == savedKey, saved == snapshot() { return step &- savedAtStep }
        if passes >= power {
            save(key, snapshot(), atStep: step)
            // The doubling stops short of overflowing: by then a move's bound ended it long ago.
            if power < Int.max / 2 { power &*= 2 }
        }
        return nil
    }

    private mutating func save(_ key: Key, _ snapshot: RingSnapshot, atStep step: Int) {
        saved = snapshot
        savedKey = key
        savedAtStep = step
        passes = 0
    }
}
