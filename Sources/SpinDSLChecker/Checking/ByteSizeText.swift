/// Sizes as `--max-memory` takes them (`CheckOptions.maxMemoryBytes`): a whole number of bytes,
/// or one followed by `K`, `M` or `G` (also written `KB`/`KiB`, `MB`/`MiB`, `GB`/`GiB`), each 1024
/// times the one before.
public enum ByteSizeText {
    /// The bytes of `text`; nil when it is not a size or is past `Int.max`.
    public static func parse(_ text: String) -> Int? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let number = Int(digits) else { return nil }
        let shift: Int
        switch text.dropFirst(digits.count).uppercased() {
        case "", "B": shift = 0
        case "K", "KB", "KIB": shift = 10
        case "M", "MB", "MIB": shift = 20
        case "G", "GB", "GIB": shift = 30
        default: return nil
        }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: 1 << shift)
        return overflow ? nil : bytes
    }

    /// `bytes` as `--max-memory` takes them, in the largest unit that divides them: `512M`,
    /// `3G`, `1536K`, or `1000 bytes`.
    public static func text(_ bytes: Int) -> String {
        for (unit, shift) in [("G", 30), ("M", 20), ("K", 10)] where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift)\(unit)"
        }
        return "\(bytes) bytes"
    }
}
