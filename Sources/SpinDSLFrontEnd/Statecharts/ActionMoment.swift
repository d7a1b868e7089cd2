/// The active states while each action block of one microstep runs.
///
/// SCXML (Appendix D, `exitStates` and `enterStates`) removes each state from the configuration
/// right after its exit actions ran, and adds each state right before its entry actions run: so
/// `active(.S)` in an exit action does not see the states already exited (those inside and those
/// exited before), in an entry action it sees the states already entered (this one included) and
/// not those still to come, and in a row's actions, which run between the two, it sees neither
/// the exited states nor the entered ones (W3C SCXML tests 409 and 411). The reducer, the checker
/// (which runs the reducer) and the Promela export all walk a microstep's blocks with one of
/// these, so the rule is written once.
package struct ActionMoment: Sendable {
    /// Per state, whether it is active at this moment.
    package private(set) var active: [Bool]
    /// The states the microstep exits, in exit order, and enters, in entry order.
    private let exited: [Int]
    private let entered: [Int]
    /// How many of `exited` are gone, and how many of `entered` are in.
    private var exitedCount = 0
    private var enteredCount = 0

    /// The moment before the first block of a microstep from the active states `before` (none for
    /// the initial entry) that exits `exited` (in exit order) and enters `entered` (in entry
    /// order): the configuration the step starts from.
    init(stateCount: Int, before: some Sequence<Int>, exited: [Int], entered: [Int]) {
        var active = [Bool](repeating: false, count: stateCount)
        for state in before where active.indices.contains(state) { active[state] = true }
        self.active = active
        self.exited = exited
        self.entered = entered
    }

    /// Moves on to the moment block `source` runs at: an exit block of S after the states exited
    /// before S are gone (S itself is still active); a row's block after every exit and before
    /// any entry; an entry block of S after S and the states entered before it are in.
    package mutating func advance(to source: ActionBlockSource) {
        switch source {
        case .exit(let state, _):
            while exitedCount < exited.count, exited[exitedCount] != state { exitNext() }
        case .row, .raise, .initial(state: nil):
            while exitedCount < exited.count { exitNext() }
        case .entry(let state, _), .initial(let state?):
            // A default entry's actions run after its state's entry actions, before its children's.
            while exitedCount < exited.count { exitNext() }
            // Entry order is document order: the states entered up to S are those numbered up to it.
            while enteredCount < entered.count, entered[enteredCount] <= state {
                let next = entered[enteredCount]
                if active.indices.contains(next) { active[next] = true }
                enteredCount &+= 1
            }
        }
    }

    private mutating func exitNext() {
        let next = exited[exitedCount]
        if active.indices.contains(next) { active[next] = false }
        exitedCount &+= 1
    }
}
