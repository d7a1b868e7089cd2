import Foundation
import Testing
@testable import SpinDSL

/// `FileBytes` reads a spec file straight into an array: every byte, at most the limit plus one, and
/// files whose size is not known in advance.
@Suite struct FileBytesTests {
    private static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("filebytes-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a file larger than one read comes back byte for byte")
    func wholeFile() throws {
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 256) }
        let path = try Self.temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FileBytes.contents(atPath: path, limit: 1_000_000) == bytes)
        #expect(FileBytes.contents(atPath: path, limit: 200_000) == bytes)
    }

    @Test("past the limit, one byte more than the limit is read, so that the caller sees the file is too large")
    func limit() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 100_000)
        let path = try Self.temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FileBytes.contents(atPath: path, limit: 10) == [UInt8](repeating: UInt8(ascii: "a"), count: 11))
        #expect(FileBytes.contents(atPath: path, limit: 99_999)?.count == 100_000)
    }

    @Test("an empty file is empty; a missing one cannot be read")
    func emptyAndMissing() throws {
        let path = try Self.temporaryFile([])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FileBytes.contents(atPath: path, limit: 100) == [])
        #expect(FileBytes.contents(atPath: path + "-missing", limit: 100) == nil)
    }

    #if os(Linux)
    @Test("a file that reports no size is read to its end")
    func fileWithoutSize() throws {
        // /proc files report a size of zero and have content.
        let bytes = try #require(FileBytes.contents(atPath: "/proc/self/status", limit: 1_000_000))
        #expect(String(decoding: bytes.prefix(5), as: UTF8.self) == "Name:")
        #expect(bytes.last == UInt8(ascii: "\n"))
    }
    #endif
}
