import SpinDSL
import Synchronization

/// The JSON Lines records of a run's steps, collected for `--html` as the run writes them (from
/// the loop's drainer), in the bytes `--format jsonl` writes.
final class TraceBytes: Sendable {
    private let storage = Mutex<[UInt8]>([])

    /// Appends `step`'s line.
    func append(_ step: TraceStep, encoder: TraceEncoder) {
        storage.withLock { encoder.appendLine(step, to: &$0) }
    }

    /// The lines so far.
    var bytes: [UInt8] { storage.withLock { $0 } }
}
