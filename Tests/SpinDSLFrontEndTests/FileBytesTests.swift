import Foundation
import Testing
@testable import SpinDSLFrontEnd

/// `FileBytes` reads a spec file straight into an array: every byte, within the limit, files whose
/// size is not known in advance, and paths that are not regular files, without ever blocking on a
/// pipe nobody writes.
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
        #expect(FileBytes.contents(atPath: path, limit: 1_000_000) == .success(bytes))
        #expect(FileBytes.contents(atPath: path, limit: 200_000) == .success(bytes))
    }

    @Test("past the limit: too large, with the size of a regular file")
    func limit() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 100_000)
        let path = try Self.temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FileBytes.contents(atPath: path, limit: 10) == .failure(.tooLarge(size: 100_000)))
        #expect(FileBytes.contents(atPath: path, limit: 99_999) == .failure(.tooLarge(size: 100_000)))
    }

    @Test("an empty file is empty; a missing one, a directory and a symbolic link loop say so")
    func emptyMissingDirectoryLoop() throws {
        let path = try Self.temporaryFile([])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FileBytes.contents(atPath: path, limit: 100) == .success([]))
        #expect(FileBytes.contents(atPath: path + "-missing", limit: 100) == .failure(.notFound))
        #expect(FileBytes.contents(atPath: FileManager.default.temporaryDirectory.path, limit: 100) == .failure(.isDirectory))
        let loop = path + "-loop"
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        defer { try? FileManager.default.removeItem(atPath: loop) }
        #expect(FileBytes.contents(atPath: loop, limit: 100) == .failure(.symbolicLinkLoop))
    }

    #if os(Linux)
    @Test("a file that reports no size is read to its end")
    func fileWithoutSize() throws {
        // /proc files report a size of zero and have content.
        guard case .success(let bytes) = FileBytes.contents(atPath: "/proc/self/status", limit: 1_000_000) else {
            Issue.record("/proc/self/status not read")
            return
        }
        #expect(String(decoding: bytes.prefix(5), as: UTF8.self) == "Name:")
        #expect(bytes.last == UInt8(ascii: "\n"))
    }

    @Test("devices: /dev/zero is too large after one byte past the limit (size unknown), /dev/null has nothing to read")
    func devices() {
        #expect(FileBytes.contents(atPath: "/dev/zero", limit: 1000) == .failure(.tooLarge(size: nil)))
        #expect(FileBytes.contents(atPath: "/dev/null", limit: 1000) == .failure(.nothingToRead))
    }

    @Test("a named pipe that nobody writes: nothing to read, at once (opening it does not wait for a writer)")
    func pipeWithoutWriter() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("filebytes-fifo-\(UUID().uuidString)").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FileBytes.contents(atPath: path, limit: 1000) == .failure(.nothingToRead))
    }

    @Test("a path whose bytes are not UTF-8 is opened by its raw bytes")
    func rawPath() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("filebytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let raw = Array(directory.path.utf8CString.dropLast()) + Array("/bad".utf8CString.dropLast()) + [CChar(bitPattern: 0xFF)] + Array("name.yaml".utf8CString)
        let descriptor = open(raw, O_WRONLY | O_CREAT, 0o600)
        #expect(descriptor >= 0)
        _ = "spin: X\n".withCString { write(descriptor, $0, 8) }
        close(descriptor)
        let shown = directory.path + "/bad\u{FFFD}name.yaml"
        #expect(FileBytes.contents(atPath: shown, limit: 1000) == .failure(.notFound))
        #expect(FileBytes.contents(atPath: shown, rawPath: raw, limit: 1000) == .success(Array("spin: X\n".utf8)))
    }
    #endif
}
