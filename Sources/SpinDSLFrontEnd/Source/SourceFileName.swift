import Spin

/// A file path kept once for the whole process, named by a small number.
///
/// Every YAML node, expression node and diagnostic carries a `SourceLocation`, and a large spec has
/// millions of them. Were each to hold the path as a `String`, every copy would retain and release
/// it, and every location would be 16 bytes larger. The number makes a location
/// plain data, copied without any reference counting; the path is looked up only when a location
/// is shown or compared by path.
///
/// Paths are never forgotten: a process names a handful of files (spec paths, `<spec>`, `--until`),
/// so the table stays small.
struct SourceFileName: Hashable, Sendable {
    /// The path's index in `table`.
    private let index: UInt32

    /// The name of `path`, recording it the first time it is seen.
    init(_ path: String) {
        index = Self.table.withLock { table in table.index(of: path) }
    }

    /// The path as the user gave it.
    var path: String {
        Self.table.withLock { table in table.path(at: index) }
    }

    /// The paths seen so far, both ways.
    private struct Table {
        var paths: [String] = []
        var indices: [String: UInt32] = [:]

        mutating func index(of path: String) -> UInt32 {
            if let index = indices[path] { return index }
            // Past 2^32 distinct paths (never, in practice) new paths share the last index rather
            // than trap: locations would then show the wrong path, not crash the process.
            guard let index = UInt32(exactly: paths.count) else { return UInt32.max }
            paths.append(path)
            indices[path] = index
            return index
        }

        func path(at index: UInt32) -> String {
            let offset = Int(index)
            return offset < paths.count ? paths[offset] : paths.last ?? ""
        }
    }

    private static let table = Locked(Table())
}
