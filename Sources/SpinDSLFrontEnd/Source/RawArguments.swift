#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line's arguments as the bytes the program was given.
///
/// Swift decodes each argument as UTF-8 and replaces bytes that are not (`bad\377name.yaml`
/// arrives as `bad\u{FFFD}name.yaml`), which names no file. A path shown that way is opened by the
/// bytes of the argument it came from.
public enum RawArguments {
    /// The NUL-terminated bytes of the argument that Swift shows as `argument`, when they are not
    /// valid UTF-8; nil when `argument` is exactly what was given.
    public static func bytes(of argument: String) -> [CChar]? {
        guard argument.unicodeScalars.contains("\u{FFFD}") else { return nil }
        for index in 0..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let count = strlen(pointer)
            let raw = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: count)
            guard String(validating: raw, as: UTF8.self) == nil, String(decoding: raw, as: UTF8.self) == argument else { continue }
            return Array(UnsafeBufferPointer(start: pointer, count: count + 1))
        }
        return nil
    }
}
