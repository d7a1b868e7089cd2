#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process environment.
enum Environment {
    /// The variable's value, or nil when unset or empty.
    static func value(_ name: String) -> String? {
        guard let pointer = getenv(name) else { return nil }
        let value = String(cString: pointer)
        return value.isEmpty ? nil : value
    }
}
