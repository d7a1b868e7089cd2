import SpinDSLFrontEnd

/// Why a payload is not a flat JSON object.
public struct JSONParseFailure: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
