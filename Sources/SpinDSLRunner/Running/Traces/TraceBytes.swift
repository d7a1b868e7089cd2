import Synchronization
import SpinDSLFrontEnd

/// The JSON Lines records of a run's steps, collected for `--html` as the run writes them (from
/// the loop's drainer), in the bytes `--format jsonl` writes.
public final class TraceBytes: Sendable {
    private let storage = Mutex<[UInt8]>([])

    /// No lines yet.
    public init() {}

    /// Appends `step`'s line.
    public func append(_ step: TraceStep, encoder: TraceEncoder) {
        storage.withLock { encoder.appendLine(step, to: &$0) }
    }

    /// The lines so far.
    public var bytes: [UInt8] { storage.withLock { $0 } }
}
