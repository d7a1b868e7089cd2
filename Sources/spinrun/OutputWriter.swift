#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Writes whole lines to stdout or stderr, unbuffered (one `write(2)` per line), so that a run
/// killed at any moment has lost nothing already printed, and lines from different threads never
/// interleave.
final class OutputWriter: Sendable {
    /// The standard output.
    static let standardOutput = OutputWriter(fileDescriptor: 1)
    /// The standard error.
    static let standardError = OutputWriter(fileDescriptor: 2)

    private let fileDescriptor: Int32
    private let lock = Mutex(())

    private init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Whether this is a terminal.
    var isTerminal: Bool { isatty(fileDescriptor) == 1 }

    /// Writes `text` followed by a newline.
    func line(_ text: String) {
        write(text + "\n")
    }

    /// Writes `text` as is.
    func write(_ text: String) {
        guard !text.isEmpty else { return }
        lock.withLock { _ in
            var bytes = Array(text.utf8)
            bytes.withUnsafeMutableBytes { buffer in
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
        }
    }
}

#if canImport(Glibc) || canImport(Musl)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
#else
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    Darwin.write(descriptor, buffer, count)
}
#endif
