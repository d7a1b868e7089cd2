import Foundation

/// Programs the exports run (Graphviz's `dot`, SPIN's `spin`), found as a shell finds them.
public enum ExecutableLookup {
    /// The executable `name` in a directory of `PATH`, or nil.
    public static func executable(_ name: String) -> URL? {
        let directories = (getenv("PATH").map { String(cString: $0) } ?? "").split(separator: ":").map(String.init)
        for directory in directories where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: directory).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }
}
