/// A hidden data slot set to a number: a history record.
package struct SlotWrite: Hashable, Sendable {
    package let slot: Int
    package let value: Int64
}
