/// Parses the durations of a spec: a decimal number followed by `ms`, `s`, `m` or `h`
/// (`300ms`, `1s`, `1.5s`, `2m`, `1h`, `0s`), exactly, into whole milliseconds.
///
/// No arithmetic here can trap: overflow, signs, exponents, `nan` and missing units are all
/// `invalid`, and a value that is not a whole number of milliseconds (`0.5ms`) is `fractional`.
package enum DurationParser {
    /// What a duration's text means.
    package enum Outcome: Equatable {
        case milliseconds(Int64)
        case fractional
        case invalid
    }

    package static func parse(_ text: String) -> Outcome {
        let bytes = Array(text.utf8)
        var index = 0
        func isDigit(_ i: Int) -> Bool {
            i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9")
        }
        let integerStart = index
        while isDigit(index) { index &+= 1 }
        let integerDigits = bytes[integerStart..<index]
        guard !integerDigits.isEmpty else { return .invalid }
        var fractionDigits = bytes[index..<index]
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index &+= 1
            let fractionStart = index
            while isDigit(index) { index &+= 1 }
            fractionDigits = bytes[fractionStart..<index]
            guard !fractionDigits.isEmpty else { return .invalid }
        }
        let factor: Int64
        switch String(decoding: bytes[index...], as: UTF8.self) {
        case "ms": factor = 1
        case "s": factor = 1_000
        case "m": factor = 60_000
        case "h": factor = 3_600_000
        default: return .invalid
        }

        guard let whole = number(integerDigits) else { return .invalid }
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: factor)
        guard !overflow else { return .invalid }

        // Trailing zeros of the fraction change nothing. Past 7 significant digits no fraction can
        // come out whole: the largest factor, 3,600,000, has only 2^7 and 5^5 to cancel 10^k.
        while let last = fractionDigits.last, last == UInt8(ascii: "0") { fractionDigits = fractionDigits.dropLast() }
        guard !fractionDigits.isEmpty else { return .milliseconds(scaled) }
        guard fractionDigits.count <= 7, let fraction = number(fractionDigits) else { return .fractional }
        var denominator: Int64 = 1
        for _ in fractionDigits { denominator = denominator.multipliedReportingOverflow(by: 10).partialValue }
        // fraction < 10^7 and factor <= 3.6e6: the product fits easily.
        let (part, partOverflow) = fraction.multipliedReportingOverflow(by: factor)
        guard !partOverflow else { return .invalid }
        let (quotient, remainder) = part.quotientAndRemainder(dividingBy: denominator)
        guard remainder == 0 else { return .fractional }
        let (total, totalOverflow) = scaled.addingReportingOverflow(quotient)
        return totalOverflow ? .invalid : .milliseconds(total)
    }

    /// The value of a run of decimal digits, or nil when it does not fit in `Int64`.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int64? {
        var result: Int64 = 0
        for byte in digits {
            let (shifted, overflow1) = result.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = shifted.addingReportingOverflow(Int64(byte &- UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            result = next
        }
        return result
    }
}
