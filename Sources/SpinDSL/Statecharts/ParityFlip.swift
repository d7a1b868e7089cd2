/// The entry parity of a state flipped in a hidden data slot: bits `mask` of slot `slot`.
struct ParityFlip: Hashable, Sendable {
    let slot: Int
    let mask: UInt64
}
