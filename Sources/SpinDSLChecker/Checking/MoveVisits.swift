import SpinDSLFrontEnd
import SpinDSLRunner

/// The states the drains of a move's runs were in, remembered across the runs that enumerate the
/// move's choices, so that a run coming to a state an earlier run was in stops there
/// (`RunMachine.End.revisited`): what can follow was, or is being, run from there already
/// (docs/checking.md, "Choices inside a move").
///
/// The runs of a move enumerate outcomes depth first (`ChoiceOracle.advance()`), and a run takes
/// its prescribed outcomes, then the first of every choice after them. A state is remembered
/// only where a run is past its prescription, so where it is first met every later choice takes
/// its first outcome, and the runs that differ from it only after that point are exactly the next
/// ones: by the time another run meets the state, all of them have run. A state met again by
/// the same run is a ring, left to `RingDetector` (a livelock).
///
/// States are kept per drain, and a drain is named by the order it starts in within the run:
/// runs that agree on the outcomes taken before a drain started reach it the same way, so their
/// drains of that number are one drain, with the same callers around it. A drain's table lives
/// while the runs keep those outcomes (`beginRun(keeping:)`).
///
/// The snapshots hold the executor's jobs (`RingSnapshot.jobs`): two visits must agree on what
/// runs once the drain is over, not only inside it.
struct MoveVisits {
    private struct Table {
        /// The choices made before the drain started.
        let choicesBefore: Int
        /// Each state, and the run that first met it.
        var seen: [RingSnapshot: Int] = [:]
    }

    /// By the drain's number within a run.
    private var tables: [Int: Table] = [:]
    private var run = 0
    private var drains = 0
    private var kept = 0

    /// The most states kept for one move, all drains together: past it states are compared with
    /// the kept ones, and not kept (a cut only saves runs; it is never needed to be right).
    static let capacity = 20_000

    /// A new run of the move, whose outcomes before position `position` are the previous run's
    /// (-1: the first run of a move). Forgets the drains that started after that position.
    mutating func beginRun(keeping position: Int) {
        if position < 0 {
            if !tables.isEmpty { tables.removeAll() }
            kept = 0
        } else if !tables.isEmpty {
            tables = tables.filter { $0.value.choicesBefore <= position }
        }
        run &+= 1
        drains = 0
    }

    /// A drain starts after `choices` choices of the run; returns its number.
    mutating func startDrain(choices: Int) -> Int {
        drains &+= 1
        if let table = tables[drains], table.choicesBefore != choices {
            // Cannot happen for runs that agree up to here; a stale table is dropped, not trusted.
            tables[drains] = nil
        }
        return drains
    }

    /// Whether another run met `snapshot` in drain `drain` (which started after `choicesBefore`
    /// choices); remembers it, for this run, if none did.
    mutating func metBefore(_ snapshot: RingSnapshot, drain: Int, choicesBefore: Int) -> Bool {
        if let first = tables[drain]?.seen[snapshot] { return first != run }
        guard kept < Self.capacity else { return false }
        kept &+= 1
        tables[drain, default: Table(choicesBefore: choicesBefore)].seen[snapshot] = run
        return false
    }
}
