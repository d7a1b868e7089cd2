import SpinDSLFrontEnd
import SpinDSLRunner

/// Everything a `RunMachine` in the middle of a move reads to decide what it does next, taken at
/// the top of a pass of a drain's loop (`RunMachine.ringSnapshot`): two equal snapshots of one
/// drain mean the drain does again what it did between them, for ever, when its choices take
/// their first outcome (`ChoiceOracle.takesFirstOutcomesFromHere`).
///
/// Numbers that only grow are left out or renumbered, so that a machine that comes back to
/// the same state compares equal:
///
/// - the step counts: they only feed the bounds (which end the run the way a ring is reported)
///   and the observer;
/// - each effect token, numbered in its spin by where it is first met (the effects, the
///   feedbacks' memories, the queue, the pending events, then the tasks): tokens are only
///   compared for equality (an effect's, a memory's, a queued event's — even one of an effect
///   that has ended), and a new one differs from every token ever made, so the numbers decide
///   the same comparisons; 0 stays "none";
/// - each sleeper's sequence number, as its rank among the sleepers': only their order is read,
///   and a new sleeper's comes after every other;
/// - the tasks' indices: a task is numbered by where it is first met (the effects spin by spin,
///   then the sleepers). An index only names a task, and a new task takes one no live task
///   holds, so two machines that differ only in the names do the same.
///
/// Left out of a ring's snapshot: the executor's jobs and the tasks only they hold (cancelled
/// tasks waiting to end with nothing). Jobs run only once the drains are over (`settle`, called
/// by the moves, never inside a drain), so nothing a drain does depends on them; a drain that
/// rings never returns to run them. The free task indices are naming too. What the machine only records for others
/// (coverage, the observer) is not part of it.
struct RingSnapshot: Hashable {
    /// A spin's loop (`RunMachine.SpinRun`), its tokens and its effects' tasks by number.
    struct Spin: Hashable {
        var state: SpecState
        var queue: [RunMachine.Queued]
        var raised: SpecEvent?
        var raisedSource: String?
        var pending: [RunMachine.Queued]
        var started: Bool
        var draining: Bool
        var stopped: Bool
        var effects: [RunMachine.Effect]
        var latest: SpecState?
        var memory: [RunMachine.SlotMemory]
    }

    var spins: [Spin]
    /// The tasks the effects and the sleepers hold, by their numbers, their tokens numbered.
    var tasks: [MachineTask?]
    /// The sleepers, their sequence numbers by rank, their tasks by number.
    var sleepers: [RunMachine.Sleeper]
    var now: Int64
    /// The effect being started: its spin and numbered token, or -1 and 0.
    var startingSpin: Int
    var startingToken: Int
    var trampolineDraining: Bool
    /// The drains claimed and not run yet, in order.
    var deferredDrains: [Int]
    /// The gears' listeners, (spin, slot) after (spin, slot), gear by gear with its count first.
    var listeners: [Int]
    var gearBuffers: [[GearMessage]]
    /// The executor's jobs, their tasks by number: empty for a ring (see above), held for a
    /// revisit (`MoveVisits`), whose two visits must do the same after the drain too.
    var jobs: [Int]
    /// The drain the snapshot was taken in.
    var drainingSpin: Int
    var outermost: Bool
}
