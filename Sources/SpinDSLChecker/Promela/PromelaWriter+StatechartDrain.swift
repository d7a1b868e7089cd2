import SpinDSLFrontEnd
import SpinDSLRunner

/// A statechart spin's step and move as `inline` definitions, and the drain that takes its
/// eventless rows and raised events before anything queued, as the runtime does
/// (`PromelaWriter+Statechart`).
extension PromelaWriter {
    /// Writes the step and the move of a statechart spin as `inline` definitions, which the moves
    /// use by name: a statechart's step is long, and SPIN limits how long a `d_step` may be, so
    /// each move holds it once.
    mutating func defineStatechartSteps(_ spin: Int) {
        let prefix = Self.prefix(spin)
        line()
        line("inline \(prefix)step() {")
        indent += 1
        step(spin)
        line("skip")
        indent -= 1
        line("}")
        inlined.insert(spin)
        line()
        line("/* a move: the step of ev, then until the spin stops or nothing is left, an enabled eventless")
        line("   row, else the oldest raised event, else the oldest queued event (Spin.withInternalEvents) */")
        line("inline \(prefix)move() {")
        indent += 1
        statechartMove(spin)
        line("skip")
        indent -= 1
        line("}")
    }

    /// Whether an eventless row of the configuration is enabled.
    func eventlessEnabled(_ spin: Int, chart: Statechart) -> String {
        let eventless = chart.columns &- 1
        var always: [Int] = []
        var guarded: [String] = []
        for configuration in 0..<model.spins[spin].configurations.count {
            let cellIndex = configuration &* chart.columns &+ eventless
            guard chart.cells.indices.contains(cellIndex), !chart.cells[cellIndex].isEmpty else { continue }
            let guards = chart.cells[cellIndex].map { candidateGuard($0, spin: spin, chart: chart, event: []) }
            if guards.contains("1") {
                always.append(configuration)
            } else {
                guarded.append("(\(Self.prefix(spin))state == \(configuration) && (\(guards.joined(separator: " || "))))")
            }
        }
        let parts = (always.isEmpty ? [] : [configurationTest(spin, always)]) + guarded
        return parts.isEmpty ? "0" : parts.joined(separator: " || ")
    }

    /// The body of `move()`: one step per turn of a loop, so that the step is written once.
    private mutating func statechartMove(_ spin: Int) {
        guard let chart = chart(spin) else { return }
        let prefix = Self.prefix(spin)
        let raises = mayRaise(spin)
        let queued = !rules[spin].isEmpty
        guard chart.hasEventlessRows || raises || queued || chart.deferral != nil else {
            step(spin)
            return
        }
        line("do")
        line(":: \(prefix)step();")
        indent += 1
        // A probe stops at the first assertion that fails: the move is a finding.
        line("if :: bad -> break :: else fi;")
        let final = isFinal(spin)
        if final != "0" { line("if :: \(final) -> break :: else fi;") }
        var closing = 0
        if chart.hasEventlessRows {
            line("if")
            line(":: \(eventlessEnabled(spin, chart: chart)) -> ev = \(chart.columns &- 1)")
            line(":: else ->")
            indent += 1
            closing &+= 1
        }
        if raises {
            line("if")
            line(":: \(prefix)rqn > 0 ->")
            indent += 1
            popQueue(spin, queue: "rq", length: Self.raisedQueueLength)
            indent -= 1
            line(":: else ->")
            indent += 1
            closing &+= 1
        }
        if let deferral = chart.deferral {
            // Deferred events no state defers any more, after the raised ones, before any input.
            line("if")
            line(":: \(offeredTest(spin, deferral)) ->")
            indent += 1
            takeOffered(spin, deferral)
            indent -= 1
            line(":: else ->")
            indent += 1
            closing &+= 1
        }
        if queued {
            line("if")
            line(":: \(prefix)qn > 0 ->")
            indent += 1
            popQueue(spin)
            indent -= 1
            line(":: else -> break")
            line("fi")
        } else {
            line("break")
        }
        for _ in 0..<closing {
            indent -= 1
            line("fi")
        }
        indent -= 1
        line("od;")
        if raises { line("\(prefix)rqh = 0;") }
        if queued { line("\(prefix)qh = 0;") }
    }

    /// The drain after a timer's event was queued: the move of the oldest queued event.
    mutating func statechartDrain(_ spin: Int) {
        let prefix = Self.prefix(spin)
        guard !rules[spin].isEmpty else { return }
        line("if")
        line(":: \(prefix)qn > 0 ->")
        indent += 1
        popQueue(spin)
        line("\(prefix)move()")
        indent -= 1
        line(":: else")
        line("fi;")
    }

    /// Empties the raised queue of a spin that stopped (the checker does not keep it).
    mutating func clearRaised(_ spin: Int) {
        let prefix = Self.prefix(spin)
        let fields = model.spins[spin].events.map(\.fields.count).max() ?? 0
        line("do")
        line(":: \(prefix)rqn > 0 ->")
        indent += 1
        line("\(prefix)rq[\(prefix)rqh] = 0;")
        for index in 0..<fields { line("\(prefix)rqp\(index)[\(prefix)rqh] = 0;") }
        line("\(prefix)rqh = (\(prefix)rqh + 1) % \(Self.raisedQueueLength); \(prefix)rqn--")
        indent -= 1
        line(":: else -> break")
        line("od;")
        line("\(prefix)rqh = 0;")
    }
}
