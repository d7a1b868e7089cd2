#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file's bytes straight into an array.
///
/// `Data(contentsOf:)` followed by `[UInt8](data)` held the file twice, and a large spec is
/// megabytes: each copy is fresh memory to fault in and fill, in a load that is measured against a
/// bare YAML scan of the same file.
enum FileBytes {
    /// The bytes of the file at `path`, at most `limit + 1` of them (so that a caller checking the
    /// limit still sees a file that grew past it); nil when it cannot be opened or read.
    static func contents(atPath path: String, limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        let cap = limit < Int.max ? limit &+ 1 : limit
        let expected = min(max(Int(status.st_size), 0), cap)
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
            if let count = fill(buffer, from: descriptor) { initialized = count } else { initialized = 0; failed = true }
        }
        guard !failed else { return nil }
        guard bytes.count == expected else { return bytes }
        // A file that grew after `fstat`, or one that reports no size, is read on in steps.
        var chunk = [UInt8](repeating: 0, count: 65536)
        while bytes.count < cap {
            let wanted = min(chunk.count, cap &- bytes.count)
            guard let count = chunk.withUnsafeMutableBufferPointer({ fill(UnsafeMutableBufferPointer(rebasing: $0[..<wanted]), from: descriptor) }) else {
                return nil
            }
            bytes.append(contentsOf: chunk[..<count])
            if count < wanted { break }
        }
        return bytes
    }

    /// Reads into `buffer` until it is full or the file ends: the number of bytes read, nil on an error.
    private static func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>, from descriptor: Int32) -> Int? {
        guard let base = buffer.baseAddress else { return 0 }
        var filled = 0
        while filled < buffer.count {
            let count = read(descriptor, base + filled, buffer.count &- filled)
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            filled &+= count
        }
        return filled
    }
}
