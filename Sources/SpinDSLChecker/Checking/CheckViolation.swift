import SpinDSLFrontEnd
import SpinDSLRunner

/// Something `spinrun --check` found: a reachable state that breaks an invariant or fails, a
/// dead end, or spins that do not settle — with the shortest run that gets there.
public struct CheckViolation: Sendable {
    public enum Kind: Sendable, Equatable {
        /// An invariant does not hold after a step.
        case invariant(InvariantFailure)
        /// A run-time error (a range, an overflow, a division by zero, an effect without `simulate`).
        case error(SpecFault)
        /// A reachable state, not final, where no input and no timer changes anything; the spins
        /// that wait for a final state.
        case deadEnd(waiting: [String])
        /// The spins did not settle after one move: they took more than `steps` steps (the bound,
        /// `ringLength` nil), or, at step `steps` of the move, were found to come back to the
        /// same state every `ringLength` steps (`RunMachine.detectsRings`).
        case livelock(steps: Int, ringLength: Int?)
        /// A property does not hold: the counterexample is a lasso, its cycle from `cycleStart` on.
        case property(PropertyFailure)
    }

    public let kind: Kind
    /// Moves from the start (the start itself is not counted): the length of the counterexample.
    public let depth: Int
    /// The shortest run that reaches it: the start, then each move.
    public let counterexample: [CheckMove]
    /// A lasso's: the index in `counterexample` of the cycle's first move; the cycle ends in the
    /// state it began in (no move: the run stays for ever in its last state).
    public let cycleStart: Int?
    /// The counterexample's run, made by the search that found it (`CounterexampleRun`); nil
    /// for a violation made by hand, whose moves `SpecChecker.counterexample(_:)` runs.
    let trace: CounterexampleTrace?

    public init(kind: Kind, depth: Int, counterexample: [CheckMove], cycleStart: Int? = nil) {
        self.init(kind: kind, depth: depth, counterexample: counterexample, cycleStart: cycleStart, trace: nil)
    }

    init(kind: Kind, depth: Int, counterexample: [CheckMove], cycleStart: Int?, trace: CounterexampleTrace?) {
        self.kind = kind
        self.depth = depth
        self.counterexample = counterexample
        self.cycleStart = cycleStart
        self.trace = trace
    }

    /// `invariant`, `error`, `deadlock` or `livelock`.
    public var name: String {
        switch kind {
        case .invariant: return "invariant"
        case .error: return "error"
        case .deadEnd: return "deadlock"
        case .livelock: return "livelock"
        case .property: return "property"
        }
    }

    /// Where in the spec, when the finding has a place.
    public var location: SourceLocation? {
        switch kind {
        case .invariant(let failure): return failure.location
        case .property(let failure): return failure.location
        case .error(let fault): return fault.location
        case .deadEnd, .livelock: return nil
        }
    }

    /// The catalog's group of the finding.
    public var group: DiagnosticGroup {
        switch kind {
        case .invariant: return .invariantViolated
        case .error(let fault): return fault.group
        case .deadEnd: return .deadEnd
        case .livelock: return .neverSettles
        case .property: return .propertyViolated
        }
    }

    /// What was found, in one line.
    public var message: String {
        switch kind {
        case .invariant(let failure): return failure.message
        case .property(let failure): return failure.message
        case .error(let fault): return fault.message
        case .deadEnd(let waiting): return group.message(["waiting": CheckMessages.waiting(waiting)])
        case .livelock(let steps, let ringLength):
            return group.message(["how": CheckMessages.neverSettles(steps: steps, ringLength: ringLength)])
        }
    }

    /// `file:line:column: error: message [#Group]`, or `error: message [#Group]` without a place.
    public var description: String {
        (location.map { "\($0): " } ?? "") + "error: " + message + " " + group.tag
    }

    /// `{"kind":…,"message":…,"location":…,"depth":…}`.
    public var json: String {
        "{\"kind\":\(JSONText.string(name)),\"message\":\(JSONText.string(message)),\"location\":\(JSONText.optional(location?.description)),\"depth\":\(depth)}"
    }
}
