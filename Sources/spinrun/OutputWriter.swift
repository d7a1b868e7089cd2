#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SpinDSL
import Synchronization

/// Writes whole lines to stdout or stderr; lines from different threads never interleave.
///
/// Line by line (one `write(2)` per line) by default, so that a run killed at any moment has lost
/// nothing already printed. A long trace to a file or a pipe is written in chunks instead
/// (`bufferChunks()`): one `write(2)` per 64 KiB rather than per line, which is what lets a trace
/// keep up with the run. The chunks are then flushed by `flush()`, which `spinrun` calls when the
/// run ends however it ends (final, a limit, a run-time error, Ctrl-C) and before anything goes to
/// stderr, so the trace is still complete and in order.
final class OutputWriter: Sendable {
    /// The standard output.
    static let standardOutput = OutputWriter(fileDescriptor: 1)
    /// The standard error.
    static let standardError = OutputWriter(fileDescriptor: 2)

    /// Bytes held before a write in chunk mode.
    static let chunkSize = 64 * 1024

    private struct Pending: ~Copyable {
        var bytes = TraceBuffer()
        var chunked = false
    }

    private let fileDescriptor: Int32
    private let pending = Mutex(Pending())

    private init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Whether this is a terminal.
    var isTerminal: Bool { isatty(fileDescriptor) == 1 }

    /// From now on, hold output until `chunkSize` bytes are pending or `flush()` is called.
    func bufferChunks() {
        pending.withLock { pending in
            pending.chunked = true
            pending.bytes.reserveCapacity(Self.chunkSize &+ 4096)
        }
    }

    /// Writes `text` followed by a newline.
    func line(_ text: String) {
        append { bytes in
            bytes.append(text)
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    /// Writes `text` as is.
    func write(_ text: String) {
        guard !text.isEmpty else { return }
        append { $0.append(text) }
    }

    /// Lets `body` append bytes (whole lines) to the output, under the writer's lock.
    func append(_ body: (inout TraceBuffer) -> Void) {
        pending.withLock { pending in
            body(&pending.bytes)
            if !pending.chunked || pending.bytes.count >= Self.chunkSize {
                writeAll(&pending.bytes)
            }
        }
    }

    /// Writes whatever is pending.
    func flush() {
        pending.withLock { pending in writeAll(&pending.bytes) }
    }

    private func writeAll(_ bytes: inout TraceBuffer) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(fileDescriptor, base + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return // a closed pipe: nothing more can be written
                }
            }
        }
        bytes.removeAll()
    }
}

#if canImport(Glibc) || canImport(Musl)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
#else
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    Darwin.write(descriptor, buffer, count)
}
#endif
