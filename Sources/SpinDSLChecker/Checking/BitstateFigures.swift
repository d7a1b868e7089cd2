import SpinDSLFrontEnd
import SpinDSLRunner

/// What `--bitstate` says of a search: its bits, the bits per state stored (SPIN's hash factor)
/// and the estimated share of the reachable states it reached (`BitstateSet.coverage`).
public struct BitstateFigures: Sendable, Equatable {
    public let bits: Int
    public let hashFactor: Double
    public let coverage: Double

    /// `bitstate 2^27 bits: hash factor 130.4, estimated coverage 99.97% of the states met`; under
    /// a hash factor of 100 it says that the states hidden behind a collision may be many more.
    public var text: String {
        var text = "bitstate 2^\(bits) bits: hash factor \(Self.rounded(hashFactor, 1)), estimated coverage \(Self.rounded(coverage * 100, 2))% of the states met"
        if hashFactor < 100 { text += " (under 100 bits a state, collisions hide many more: raise --bitstate)" }
        return text
    }

    /// `{"bits":27,"hashFactor":13.4,"coverage":0.9997}`.
    var json: String {
        "{\"bits\":\(bits),\"hashFactor\":\(Self.rounded(hashFactor, 1)),\"coverage\":\(Self.rounded(coverage, 6))}"
    }

    /// `value` with `places` decimals, without a trailing zero run (`99.97`, `13.4`, `100`).
    static func rounded(_ value: Double, _ places: Int) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.\(places)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
