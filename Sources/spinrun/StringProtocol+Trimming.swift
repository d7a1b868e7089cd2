extension StringProtocol {
    /// The text without leading and trailing whitespace.
    func trimmingSpaces() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
