/// A malformed event, with where it came from.
struct EventSyntaxError: Error, Equatable, CustomStringConvertible {
    let origin: String
    let message: String
    var description: String { "\(origin): \(message)" }
}
