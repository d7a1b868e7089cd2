/// The entry parity of a state flipped in a hidden data slot: bits `mask` of slot `slot`.
package struct ParityFlip: Hashable, Sendable {
    package let slot: Int
    package let mask: UInt64
}
