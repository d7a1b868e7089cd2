/// Finds a livelock: the same cycle of steps (each a spin, an event, and every spin's state after
/// it) repeating back to back while virtual time stands still.
///
/// The check is exact about what it sees, all spins' states and the events reduced, but not the
/// queues the core keeps to itself: a cycle is reported once it has repeated `repeats` times in a
/// row, which no finite queue built before the cycle started can plausibly account for, and only
/// when it changes some state (steps that change nothing deliver nothing and cannot loop).
///
/// Each step is one signature: a hash of the step and of every spin's state. It runs on every
/// step of every run, so it is kept cheap: each spin's state is hashed only when that spin steps
/// (with `SignatureHash`, a few multiplications per word), and the spins' hashes are combined by
/// an order-sensitive sum updated in place; the signatures since time last moved are indexed by a
/// table of one word per slot (`SignatureTable`), small enough to stay in cache on long runs; the
/// steps themselves are kept only as far back as a reportable cycle can reach.
///
/// Why not a constant-memory cycle finder (Brent's, a hash of a window): what is reported, and
/// when, follows this detector's own rule (a run of matches at the distance to the latest equal
/// signature), which such a finder does not reproduce: for signatures `a b a c a b a c …` it
/// follows distance 2 from the second `a`, and only from the second `b` distance 4, so it reports
/// one step later than the first place four-step repetition would be found. Keeping the reports
/// identical needs the latest position of every signature.
struct LivelockDetector {
    struct Step: Hashable {
        let spin: Int
        let event: SpecEvent
        let from: Int
        let to: Int
        /// Whether the step changed its spin's state.
        let changed: Bool
    }

    /// Each spin's contribution to `statesHash`: a mix of its index and its latest state's hash.
    private var contributions: [Int]
    /// The sum of `contributions`: all spins' states at once.
    private var statesHash = 0
    private var time: Int64 = -1
    /// The signature of each step since time last moved, and where each was seen last.
    private var history = SignatureTable()
    /// The latest steps, step `p` at `p % recentCapacity`: a cycle can only be reported when it
    /// fits in `maxSteps / repeats` steps, so older steps are never part of one.
    private var recent: [Step] = []
    private let recentCapacity: Int
    private let repeats: Int
    private var period = 0
    private var run = 0

    /// A detector for `spins` spins, in runs of at most `maxSteps` steps, reporting cycles that
    /// repeated `repeats` times.
    init(spins: Int, maxSteps: Int, repeats: Int) {
        contributions = (0..<max(0, spins)).map { Self.contribution(spin: $0, stateHash: Self.noState) }
        statesHash = contributions.reduce(0, &+)
        self.repeats = repeats
        recentCapacity = max(1, maxSteps / max(1, repeats)) &+ 1
    }

    /// The hash standing for a spin that has not stepped yet.
    private static let noState = 0x5F3759DF

    /// Records a step; returns the cycle's steps (oldest first) once it repeated `repeats` times.
    mutating func observe(_ step: Step, state: SpecState, time now: Int64) -> [Step]? {
        if contributions.indices.contains(step.spin) {
            let updated = Self.contribution(spin: step.spin, stateHash: Int(truncatingIfNeeded: SignatureHash.state(state)))
            statesHash = statesHash &- contributions[step.spin] &+ updated
            contributions[step.spin] = updated
        }
        if now != time {
            time = now
            history.removeAll()
            recent.removeAll(keepingCapacity: true)
            period = 0
            run = 0
        }
        let signature = Self.signature(step, statesHash: statesHash)
        let position = history.count
        let seen = history.record(signature)
        if period > 0, position >= period, history[position &- period] == signature, sameStep(step, at: position &- period, now: position) {
            run &+= 1
        } else if let seen {
            period = position &- seen
            run = 1
        } else {
            period = 0
            run = 0
        }
        if recent.count < recentCapacity {
            recent.append(step)
        } else {
            recent[position % recentCapacity] = step
        }
        let (needed, overflow) = period.multipliedReportingOverflow(by: repeats)
        guard period > 0, !overflow, run >= needed, period <= recentCapacity else { return nil }
        let cycle = ((position &+ 1 &- period)...position).map { recent[$0 % recentCapacity] }
        // Steps that change nothing deliver no state, so they cannot feed themselves: a run of them
        // is a finite queue draining (levels with a large gap), not a livelock. A real cycle
        // changes some state and changes it back.
        guard cycle.contains(where: \.changed) else { return nil }
        return cycle
    }

    /// Whether step `earlier` was `step`. Steps older than `recent` keeps can never be part of a
    /// reported cycle; for them the equal signature (which hashes the step) stands in.
    private func sameStep(_ step: Step, at earlier: Int, now position: Int) -> Bool {
        guard position &- earlier < recentCapacity else { return true }
        return recent[earlier % recentCapacity] == step
    }

    /// The step's signature: its spin, event, control states and whether it changed anything,
    /// with every spin's state.
    private static func signature(_ step: Step, statesHash: Int) -> Int {
        var hash = SignatureHash.combine(SignatureHash.seed, step.spin)
        hash = SignatureHash.event(step.event, into: hash)
        hash = SignatureHash.combine(hash, step.from)
        hash = SignatureHash.combine(hash, step.to)
        hash = SignatureHash.combine(hash, step.changed ? 1 : 0)
        return Int(truncatingIfNeeded: SignatureHash.combine(hash, statesHash))
    }

    /// A well-mixed function of a spin's index and its state's hash (the splitmix64 finalizer),
    /// so that a sum of them changes when any spin's state does and when two spins swap states.
    private static func contribution(spin: Int, stateHash: Int) -> Int {
        var bits = UInt64(bitPattern: Int64(stateHash)) &+ UInt64(truncatingIfNeeded: spin &+ 1) &* 0x9E37_79B9_7F4A_7C15
        bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
        bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: bits ^ (bits >> 31))
    }
}
