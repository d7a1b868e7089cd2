/// Sizes on the command line (`--max-memory`): a whole number of bytes, or one followed by `K`,
/// `M` or `G` (also written `KB`/`KiB`, `MB`/`MiB`, `GB`/`GiB`), each 1024 times the one before;
/// nil when invalid or past `Int.max`.
enum ByteSizeText {
    static func parse(_ text: String) -> Int? {
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
}
