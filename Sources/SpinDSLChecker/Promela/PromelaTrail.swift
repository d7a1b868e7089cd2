import SpinDSLFrontEnd
import SpinDSLRunner

/// A trail SPIN wrote for the model of `PromelaExporter` (`./pan` writes `model.pml.trail` when it
/// finds a violation), read back in the spec's terms: `spin -t -k TRAIL model.pml` follows the
/// trail on the model and runs the `printf` of each move's `d_step` (`PromelaMarker`), so the lines
/// it prints name the moves; run on the machine from the start, they are the counterexample
/// `spinrun --check --counterexample` writes (docs/checking.md, "Reading a SPIN trail").
public enum PromelaTrail {
    /// Why a trail cannot be read in the spec's terms.
    public enum Problem: Error, Sendable, Equatable {
        /// Line `line` of the file (1-based) is not a line of a trail (`N:N:N`), or the file has
        /// no step (`line` is then the number of its lines plus one).
        case notATrail(line: Int)
        /// The trail is not one of this spec's model: what disagrees, in words.
        case notOfSpec(String)
    }

    /// What SPIN's guided simulation prints after the last step of a trail it followed.
    static let trailEnds = "spin: trail ends after "

    /// Whether `text` reads as a SPIN trail: its first line that is not blank is `N:N:N` (a JSON
    /// Lines trace starts with `{`).
    public static func isTrail(_ text: String) -> Bool {
        guard let first = text.split(whereSeparator: \.isNewline).first(where: { !$0.allSatisfy(\.isWhitespace) }) else {
            return false
        }
        return numbers(first) != nil
    }

    /// How many steps the trail `text` has: its lines `N:N:N` whose first number is not negative
    /// (SPIN writes a negative one on its own lines: `-2:N:-2`, `-4:-4:-4`, a cycle's start).
    /// Blank lines are skipped; any other line, or no step at all, is `.notATrail`.
    public static func steps(_ text: String) -> Result<Int, Problem> {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        var steps = 0
        for (offset, line) in lines.enumerated() where !line.allSatisfy(\.isWhitespace) {
            guard let numbers = numbers(line) else { return .failure(.notATrail(line: offset &+ 1)) }
            if numbers.first >= 0 { steps &+= 1 }
        }
        // A file ends with a newline: its last "line" is the empty text after it.
        let count = lines.last?.isEmpty == true ? lines.count &- 1 : lines.count
        return steps > 0 ? .success(steps) : .failure(.notATrail(line: count &+ 1))
    }

    /// The three numbers of a trail's line `step:process:transition`, or nil when it is not one.
    private static func numbers(_ line: Substring) -> (first: Int, second: Int, third: Int)? {
        let parts = trimmed(line).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ part in
            let digits = part.hasPrefix("-") ? part.dropFirst() : part
            return !digits.isEmpty && digits.count <= 18 && digits.allSatisfy { $0.isASCII && $0.isNumber }
        }), let first = Int(parts[0]), let second = Int(parts[1]), let third = Int(parts[2]) else { return nil }
        return (first, second, third)
    }

    /// The counterexample of a trail of `steps` steps (`steps(_:)`): `simulation` is what
    /// `spin -t -k TRAIL model.pml` printed for the model `PromelaExporter` writes of `compiled`.
    /// SPIN must have followed every step (it says so: `spin: trail ends after N steps`), each a
    /// move that printed its marker but for a last one, SPIN's `timeout` at an invalid end state;
    /// time must move by as much as the machine moves it. The trace is the moves run on the machine
    /// from the start.
    public static func counterexample(_ compiled: CompiledSpec, simulation: String, steps: Int) -> Result<CounterexampleTrace, Problem> {
        let lines = simulation.split(whereSeparator: \.isNewline)
        var markers: [PromelaMarker.Move] = []
        for line in lines {
            if let move = PromelaMarker.move(line) {
                markers.append(move)
            } else if line.drop(while: { $0 == " " }).hasPrefix(PromelaMarker.prefix) {
                return .failure(.notOfSpec("SPIN printed a move the spec does not have: '\(trimmed(line))'"))
            }
        }
        let followed = lines.lazy.compactMap { line -> Int? in
            guard line.hasPrefix(trailEnds) else { return nil }
            return Int(line.dropFirst(trailEnds.count).prefix { $0.isNumber })
        }.first
        guard followed == steps else {
            // SPIN's own words for where it lost the trail (`2: proc 0, no matching stmnt 9`).
            // (Not its warning that the model, written again just now, is newer than the trail.)
            let said = lines.first { line in
                PromelaMarker.move(line) == nil && !line.hasPrefix("spin: trail ends") && !line.hasPrefix("spin: warning")
                    && !line.allSatisfy(\.isWhitespace)
            }
            let place = said.map { ": '\(trimmed($0))'" } ?? ""
            let count = followed.map { "followed \(CountedNoun.text($0, "step")) of its \(steps)" } ?? "did not follow its \(CountedNoun.text(steps, "step"))"
            return .failure(.notOfSpec("SPIN \(count) on the spec's model\(place)"))
        }
        // Every step is a move's d_step, but for the last of an invalid end state: SPIN's
        // `timeout`, which is no move. Steps that print no move are statements of another model.
        guard markers.count == steps || markers.count &+ 1 == steps else {
            return .failure(.notOfSpec("SPIN followed its \(CountedNoun.text(steps, "step")) on the spec's model, and \(CountedNoun.text(markers.count, "was a move", plural: "were moves"))"))
        }
        let model = compiled.model
        var moves = [CheckMove(kind: .start, outcomes: [])]
        for (number, marker) in markers.enumerated() {
            switch marker {
            case .input(let spin, let index):
                let inputs = model.spins.indices.contains(spin) ? Explorer.inputEvents(of: model.spins[spin]) : []
                guard inputs.indices.contains(index) else {
                    return .failure(.notOfSpec("move \(number &+ 1) of the trail is input \(index) of spin \(spin), which the spec does not have"))
                }
                moves.append(CheckMove(kind: .input(spin: spin, event: inputs[index]), outcomes: []))
            case .time:
                moves.append(CheckMove(kind: .advance, outcomes: []))
            }
        }
        // A move is bounded as the model bounds it (an `assert` past `PromelaWriter.moveStepLimit`
        // steps): a move that does not settle ends the trail, and is shown as the checker shows
        // a livelock's (its first 1,000 steps, replayed to the same bound).
        let bound = PromelaWriter.moveStepLimit
        let program = MachineProgram(compiled, script: false, maxStringBytes: SpecRunOptions.defaultMaxStringBytes)
        var machine = RunMachine(program, oracle: .enumerating())
        machine.moveStepLimit = bound
        var run = CounterexampleRun(machine)
        for move in moves { run.make(move) }
        if run.lastMoveUnsettled, run.moves.count == moves.count {
            run.showLastMoveUnsettled(bound: bound, ringLength: nil)
        }
        let (trace, times) = (run.trace(), run.times)
        // Each move that ran: time moved as SPIN's model moved it (the export and the run agree).
        for (number, marker) in markers.enumerated() {
            guard case .time(let units, let unit) = marker else { continue }
            let after = number &+ 1
            guard times.indices.contains(after) else {
                return .failure(.notOfSpec("the spec's run ends at move \(number) of the trail's \(markers.count)"))
            }
            let moved = (times[after] &- times[after &- 1]) / 1_000_000
            let (modelMoved, overflow) = units.multipliedReportingOverflow(by: unit)
            guard !overflow, moved == modelMoved else {
                return .failure(.notOfSpec("move \(after) of the trail moves time by \(units) × \(unit)ms in SPIN's model, by \(moved)ms in the spec's run"))
            }
        }
        guard times.count == moves.count else {
            return .failure(.notOfSpec("the spec's run ends at move \(times.count &- 1) of the trail's \(markers.count)"))
        }
        return .success(trace)
    }

    /// `line` without blanks (or a carriage return) at either end.
    private static func trimmed(_ line: Substring) -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        var rest = line.drop(while: blank)
        while let last = rest.last, blank(last) { rest = rest.dropLast() }
        return rest
    }
}
