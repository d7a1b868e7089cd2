import SpinDSLFrontEnd
import SpinDSLRunner

/// What `--hash-compact` says of a search: the chance, at most, that a state was hidden by
/// another with the same 64-bit signature (`CompactSet.missChance`).
public struct CompactionFigures: Sendable, Equatable {
    public let missChance: Double

    /// `hash compaction: 64-bit signatures, chance that a state was missed under 2.7e-06`.
    public var text: String {
        "hash compaction: 64-bit signatures, chance that a state was missed under \(Self.scientific(missChance))"
    }

    /// `{"signatureBits":64,"missChance":2.7e-06}`.
    var json: String {
        "{\"signatureBits\":64,\"missChance\":\(Self.scientific(missChance))}"
    }

    /// Two significant digits, as `2.7e-06` (`0` for none).
    static func scientific(_ value: Double) -> String {
        guard value.isFinite, value > 0 else { return "0" }
        return String(format: "%.1e", value)
    }
}
