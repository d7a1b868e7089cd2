#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file's bytes straight into an array, within a limit, whatever the path names.
///
/// `Data(contentsOf:)` followed by `[UInt8](data)` held the file twice, and a large spec is
/// megabytes: each copy is fresh memory to fault in and fill, in a load that is measured against a
/// bare YAML scan of the same file.
///
/// A path need not name a regular file: `/dev/stdin` and a pipe are read to their end, a device
/// such as `/dev/zero` up to the limit. The file is opened without blocking, because opening a
/// named pipe (FIFO) that no program writes waits for a writer for ever; reading then blocks as
/// usual, and a pipe without a writer reads as empty at once (`nothingToRead`).
package enum FileBytes {
    /// Why a file could not be read.
    package enum Problem: Error, Equatable {
        case notFound
        case isDirectory
        case permissionDenied
        case symbolicLinkLoop
        /// A regular file larger than the limit (its size), or a stream that gave more (nil).
        case tooLarge(size: Int64?)
        /// Not a regular file (a pipe, a device), and it gave no bytes.
        case nothingToRead
        case unreadable
    }

    /// The bytes of the file at `path`, at most `limit`; a larger file is `tooLarge`.
    ///
    /// - Parameter rawPath: the path's bytes as the file system spells them, when `path` is only
    ///   how it is shown (a command-line argument that is not UTF-8 reaches Swift repaired).
    package static func contents(atPath path: String, rawPath: [CChar]? = nil, limit: Int) -> Result<[UInt8], Problem> {
        let descriptor = rawPath.map { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) } ?? open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(problem(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(problem(errno)) }
        let isRegular = status.st_mode & S_IFMT == S_IFREG
        if status.st_mode & S_IFMT == S_IFDIR { return .failure(.isDirectory) }
        if isRegular, Int64(status.st_size) > Int64(limit) { return .failure(.tooLarge(size: Int64(status.st_size))) }
        // Reads block from here on: a pipe with a writer is read as it is written.
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        guard let bytes = contents(of: descriptor, expected: isRegular ? Int(status.st_size) : 0, limit: limit) else {
            return .failure(.unreadable)
        }
        if bytes.count > limit { return .failure(.tooLarge(size: isRegular ? Int64(bytes.count) : nil)) }
        if bytes.isEmpty, !isRegular { return .failure(.nothingToRead) }
        return .success(bytes)
    }

    private static func problem(_ code: Int32) -> Problem {
        switch code {
        case ENOENT, ENOTDIR: return .notFound
        case EACCES, EPERM: return .permissionDenied
        case ELOOP: return .symbolicLinkLoop
        case EISDIR: return .isDirectory
        default: return .unreadable
        }
    }

    /// Reads at most `limit + 1` bytes, `expected` of them at once; nil on a read error.
    private static func contents(of descriptor: Int32, expected size: Int, limit: Int) -> [UInt8]? {
        let cap = limit < Int.max ? limit &+ 1 : limit
        let expected = min(max(size, 0), cap)
        var failed = false
        // Not for 0 bytes (a file that reports no size, a device): an array made with capacity 0
        // is the shared empty storage, and the initializer stores its count there — a write every
        // other thread's empty array reads (the thread sanitizer reports it as a race).
        var bytes: [UInt8] = []
        if expected > 0 {
            bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
                if let count = fill(buffer, from: descriptor) { initialized = count } else { initialized = 0; failed = true }
            }
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
