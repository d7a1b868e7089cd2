import SpinDSLFrontEnd

/// The bytes of `TraceEncoder`'s pieces, in memory that is never written after it is made, so
/// that the encoder reads them through a plain pointer (no array, no reference counting per step).
final class PieceStore: Sendable {
    // `UnsafeMutablePointer` is not Sendable; the bytes are written once, in `init`, and only read
    // after that.
    nonisolated(unsafe) let base: UnsafeMutablePointer<UInt8>

    init(_ bytes: [UInt8]) {
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
        bytes.withUnsafeBufferPointer { source in
            if let start = source.baseAddress { base.initialize(from: start, count: source.count) }
        }
    }

    deinit {
        base.deallocate()
    }
}
