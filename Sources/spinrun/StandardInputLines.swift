#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of the standard input, each at most `limit` bytes: a longer line is read to its end
/// but not kept (`.tooLong`), so that an endless line (`head -c 2500000000 /dev/zero`) costs
/// `limit` bytes of memory, not all of it. Lines end with LF or CRLF; the last one may have no end.
struct StandardInputLines {
    /// What one line was.
    enum Line {
        case text(String)
        case tooLong
    }

    let limit: Int
    private var buffer = [UInt8](repeating: 0, count: 65536)
    private var start = 0
    private var end = 0
    private var atEnd = false

    init(limit: Int) {
        self.limit = limit
    }

    /// The next line, or nil at the end of the input.
    mutating func next() -> Line? {
        var line: [UInt8] = []
        var tooLong = false
        var readAny = false
        while true {
            if start == end {
                guard !atEnd, refill() else {
                    guard readAny else { return nil }
                    return finish(line, tooLong: tooLong)
                }
            }
            readAny = true
            let available = start..<end
            if let newline = buffer[available].firstIndex(of: UInt8(ascii: "\n")) {
                append(buffer[start..<newline], to: &line, tooLong: &tooLong)
                start = newline + 1
                return finish(line, tooLong: tooLong)
            }
            append(buffer[available], to: &line, tooLong: &tooLong)
            start = end
        }
    }

    private func append(_ bytes: ArraySlice<UInt8>, to line: inout [UInt8], tooLong: inout Bool) {
        guard !tooLong else { return }
        // One byte of room for the CR of a CRLF.
        if line.count + bytes.count > limit &+ 1 {
            tooLong = true
            line = []
        } else {
            line.append(contentsOf: bytes)
        }
    }

    private func finish(_ line: [UInt8], tooLong: Bool) -> Line {
        var bytes = line[...]
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        guard !tooLong, bytes.count <= limit else { return .tooLong }
        return .text(String(decoding: bytes, as: UTF8.self))
    }

    /// Reads more input; false at its end (or on an error).
    private mutating func refill() -> Bool {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                atEnd = true
                return false
            }
            start = 0
            end = count
            return true
        }
    }
}
