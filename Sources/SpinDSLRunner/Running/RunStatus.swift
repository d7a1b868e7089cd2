import SpinDSLFrontEnd

/// How a run ended.
public enum RunStatus: String, Sendable, Equatable {
    /// Every spin reached a final state.
    case final
    /// Nothing was left to do: no queued event, running effect or pending timer.
    case idle
    /// The `--until` condition held.
    case until
    /// The step limit was reached.
    case maxSteps = "max-steps"
    /// The virtual time limit was reached.
    case maxTime = "max-time"
    /// The same cycle of states repeated without time passing (see `RunLimits.livelockRepeats`).
    case livelock
    /// An event arrived at a spin whose queue already held `RunLimits.maxQueueLength` events.
    case maxQueue = "max-queue"
    /// A run-time error: overflow, division by zero, an effect that failed.
    case error
    /// An invariant of a spin did not hold after a step (or in the initial state).
    case invariant
    /// Interrupted (Ctrl-C, SIGINT).
    case interrupted
    /// Asked to stop by SIGTERM (`timeout`, a CI runner, a service manager): ends like an
    /// interruption, with a status of its own.
    case terminated
}
