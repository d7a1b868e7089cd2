import SpinDSLFrontEnd

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
/// an order-sensitive sum updated in place; the steps themselves are kept only as far back as a
/// reportable cycle can reach.
///
/// The rule: a step whose signature is the one `period` steps back continues the run; any other
/// step starts a new run, whose period is the distance to the latest earlier step with its
/// signature (none: no run). A run that reaches `period * repeats` steps is a cycle. That needs
/// the latest position of every signature since time last moved, which on a long run of one time
/// is a table far larger than the caches, touched at a random place on every step. So the
/// signatures are indexed twice (`SignatureTable`): `near` only as far back as a reportable
/// period reaches (`window`, small), on every step; `far`, all of them, only when its answer can
/// matter, and then all at once:
///
/// - A step that starts a run but has no signature within `window` steps back gets a period
///   larger than any reportable one, or none. Which, is left open (`unknownSince`): no run that
///   follows from it can be reported until a step's signature is found within the window.
/// - Such a step settles it: the steps since the open one are replayed with `far`, brought up to
///   date then, giving exactly the periods and runs of the rule.
///
/// A run that never repeats (a counter) never consults `far`; the reports are the rule's, step
/// for step. Why not a constant-memory cycle finder (Brent's, a hash of a window): the rule's
/// reports differ from theirs: for signatures `a b a c a b a c …` it follows distance 2 from the
/// second `a`, and distance 4 only from the second `b`, one step later than a finder of the first
/// four-step repetition would.
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
    /// The signature of each step since time last moved.
    private var signatures: [Int] = []
    /// Where each signature of the last `window` steps (at least) was seen last; rebuilt from
    /// `signatures` as the window moves on (`nearStart`: the first position it holds).
    private var near = SignatureTable()
    private var nearStart = 0
    /// Where each signature before `farEnd` was seen last; brought up to date only when needed.
    private var far = SignatureTable()
    private var farEnd = 0
    /// The first step, if any, that started a run with no signature within `window` steps back:
    /// from there on `period` and `run` are as they were before it, until a replay settles them.
    private var unknownSince: Int?
    /// The latest steps, step `p` at `p % recentCapacity`: a cycle can only be reported when it
    /// fits in `maxSteps / repeats` steps, so older steps are never part of one.
    private var recent: [Step] = []
    private let recentCapacity: Int
    /// The longest reportable period: `recentCapacity`.
    private var window: Int { recentCapacity }
    /// How far `near` may fall behind before it is rebuilt: twice the window, or 1024 more,
    /// saturated (`--max-steps` near `Int.max` makes a window near it).
    private let nearRebuildSpan: Int
    private let repeats: Int
    private var period = 0
    private var run = 0

    /// A detector for `spins` spins, in runs of at most `maxSteps` steps, reporting cycles that
    /// repeated `repeats` times.
    init(spins: Int, maxSteps: Int, repeats: Int) {
        contributions = (0..<max(0, spins)).map { Self.contribution(spin: $0, stateHash: Self.noState) }
        statesHash = contributions.reduce(0, &+)
        self.repeats = repeats
        // `maxSteps / repeats` can be `Int.max` itself: no arithmetic on it may wrap.
        let capacity = max(1, maxSteps / max(1, repeats))
        recentCapacity = capacity < Int.max ? capacity + 1 : capacity
        let (span, overflow) = recentCapacity.addingReportingOverflow(max(recentCapacity, 1024))
        nearRebuildSpan = overflow ? Int.max : span
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
            signatures.removeAll(keepingCapacity: true)
            near.removeAll()
            nearStart = 0
            far.removeAll()
            farEnd = 0
            unknownSince = nil
            recent.removeAll(keepingCapacity: true)
            period = 0
            run = 0
        }
        let signature = Self.signature(step, statesHash: statesHash)
        let position = signatures.count
        signatures.append(signature)
        if recent.count < recentCapacity {
            recent.append(step)
        } else {
            recent[position % recentCapacity] = step
        }
        moveNearWindow(to: position)
        // The latest earlier position of this signature, when it is within the window.
        let nearSeen = near.record(at: position, of: signatures).flatMap { position &- $0 <= window ? $0 : nil }
        if let since = unknownSince {
            // Still open unless this signature was seen within the window (see the type's notes).
            guard nearSeen != nil else { return nil }
            replay(from: since, through: position)
        } else if period > 0, position >= period, signatures[position &- period] == signature, sameStep(step, at: position &- period, now: position) {
            run &+= 1
        } else if let nearSeen {
            period = position &- nearSeen
            run = 1
        } else {
            unknownSince = position
            return nil
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

    /// Keeps `near` holding at least the last `window` positions before `position`, rebuilding it
    /// from the signatures when it holds twice as many (or 1024 more): O(1) per step on average.
    private mutating func moveNearWindow(to position: Int) {
        guard position &- nearStart >= nearRebuildSpan else { return }
        near.removeAll()
        nearStart = position &- window
        for earlier in nearStart..<position {
            _ = near.record(at: earlier, of: signatures)
        }
    }

    /// Settles `period` and `run` from step `since` (the first whose period was left open) to
    /// `position`, by the rule itself with `far` for the latest positions.
    ///
    /// Step `since` did not continue its run (that is how it came to be open). After it, up to
    /// `position`, every period is beyond the window (or none), so runs compare signatures only,
    /// as the rule does for steps older than `recent` keeps.
    private mutating func replay(from since: Int, through position: Int) {
        while farEnd < since {
            _ = far.record(at: farEnd, of: signatures)
            farEnd &+= 1
        }
        for current in since...position {
            let seen = far.record(at: current, of: signatures)
            farEnd = current &+ 1
            if current > since, period > 0, current >= period, signatures[current &- period] == signatures[current],
               current < position || sameStep(recent[position % recentCapacity], at: position &- period, now: position) {
                run &+= 1
            } else if let seen {
                period = current &- seen
                run = 1
            } else {
                period = 0
                run = 0
            }
        }
        unknownSince = nil
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
