/// Why a payload is not a flat JSON object.
struct JSONParseFailure: Error, Equatable, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
