import SpinDSLFrontEnd
import SpinDSLRunner

/// The checker's moves on the machine: one move made, and every run a move can make.
extension RunMachine {
    /// Makes move `kind` from this settled run: the start, an input, or time moving on, then
    /// the spins settling.
    mutating func make(_ kind: CheckMove.Kind) {
        beginMove()
        switch kind {
        case .start: start()
        case .input(let spin, let event): emitInput(event, into: spin)
        case .advance: advance()
        }
    }

    /// Each run of the moves `kinds` from this machine, numbered from 0 as the search numbers
    /// them: the kinds in order, each once for every combination of its choices' outcomes in
    /// branch order. Each run starts from a copy of this machine and carries over what the runs
    /// before it leave for it: the oracle's place, the states their drains met (`MoveVisits`) and
    /// the coverage. `body` gets the run's number, its kind and the machine after it, and says
    /// whether to go on. Returns false when `maxRuns` runs were made and more were due.
    ///
    /// The start's runs (`.start` from a new machine) are enumerated so for the search and for
    /// a counterexample, and every move of a counterexample; the search's other moves are
    /// enumerated from the state's vector (`Explorer.expand`, on the machine it unpacks into),
    /// in the same order.
    @discardableResult
    func forEachRun(of kinds: [CheckMove.Kind], maxRuns: Int = Int.max, _ body: (_ label: UInt32, _ kind: CheckMove.Kind, _ run: RunMachine) -> Bool) -> Bool {
        var (oracle, visits, coverage) = (oracle, moveVisits, coverage)
        var label: UInt32 = 0
        for kind in kinds {
            oracle.reset()
            repeat {
                if label >= maxRuns { return false }
                var run = self
                (run.oracle, run.moveVisits, run.coverage) = (oracle, visits, coverage)
                run.oracle.rewind()
                run.make(kind)
                (oracle, visits, coverage) = (run.oracle, run.moveVisits, run.coverage)
                guard body(label, kind, run) else { return true }
                label &+= 1
            } while oracle.advance()
        }
        return true
    }
}
