/// The bounds of an int or double data field (`range: [lo, hi]`): assigning a value outside them is
/// a run-time error, and `spinrun --check` packs the field into as few bits as the bounds need.
public enum ValueRange: Hashable, Sendable, CustomStringConvertible {
    case int(ClosedRange<Int64>)
    case double(ClosedRange<Double>)

    /// Whether `value` lies within the bounds (a value of another type never does).
    public func contains(_ value: SpinValue) -> Bool {
        switch (self, value) {
        case let (.int(range), .int(number)): return range.contains(number)
        case let (.double(range), .double(number)): return range.contains(number)
        default: return false
        }
    }

    /// `[lo, hi]`, as written in a spec.
    public var description: String {
        switch self {
        case .int(let range): return "[\(range.lowerBound), \(range.upperBound)]"
        case .double(let range): return "[\(SpinValue.format(range.lowerBound)), \(SpinValue.format(range.upperBound))]"
        }
    }
}
