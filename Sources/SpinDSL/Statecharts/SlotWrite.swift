/// A hidden data slot set to a number: a history record.
struct SlotWrite: Hashable, Sendable {
    let slot: Int
    let value: Int64
}
