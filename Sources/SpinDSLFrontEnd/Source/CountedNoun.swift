/// A count with its noun in the right number: "1 step", "2 steps", "0 events".
public enum CountedNoun {
    /// `count` and `singular`, or `plural` (default: `singular` + "s") unless the count is 1.
    public static func text(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
