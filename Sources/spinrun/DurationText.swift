/// Durations on the command line, as in specs: a decimal number and `ms`, `s`, `m` or `h`
/// (`300ms`, `1.5s`, `2m`, `24h`), to whole milliseconds; nil when invalid or not whole.
enum DurationText {
    static func parse(_ text: String) -> Int64? {
        let units: [(suffix: String, factor: Int64)] = [("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000)]
        guard let unit = units.first(where: { text.hasSuffix($0.suffix) }) else { return nil }
        let number = text.dropLast(unit.suffix.count)
        let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let integerPart = parts.first, !integerPart.isEmpty, integerPart.allSatisfy(\.isASCIIDigit) else { return nil }
        let fractionPart = parts.count > 1 ? parts[1] : ""
        guard parts.count == 1 || (!fractionPart.isEmpty && fractionPart.allSatisfy(\.isASCIIDigit)) else { return nil }
        // Exact decimal arithmetic: value = digits / 10^k, scaled by the unit's factor.
        guard fractionPart.count <= 9, let digits = Int64(integerPart + fractionPart) else { return nil }
        var denominator: Int64 = 1
        for _ in 0..<fractionPart.count { denominator = denominator &* 10 }
        let (scaled, overflow) = digits.multipliedReportingOverflow(by: unit.factor)
        guard !overflow, scaled % denominator == 0 else { return nil }
        return scaled / denominator
    }
}
