/// A transition row's assignments in order: the data slot and the value.
///
/// The first is held inline and any others in an array: nearly every row assigns one field or
/// none, and an array per row would be an allocation for each of a large table's rows.
package struct TransitionAssignments: RandomAccessCollection, Sendable {
    package typealias Element = (slot: Int, value: RowExpression)

    private var head: Element?
    /// The assignments after the first; empty (no allocation) for rows with at most one.
    private var rest: [Element] = []

    /// No assignments.
    init() {}

    package var startIndex: Int { 0 }
    package var endIndex: Int { head == nil ? 0 : rest.count &+ 1 }

    /// The assignment at `position`, which must be a valid index.
    package subscript(position: Int) -> Element {
        if position == 0, let head { return head }
        return rest[position &- 1]
    }

    /// Adds `slot = value` after the others.
    mutating func append(slot: Int, value: RowExpression) {
        if head == nil {
            head = (slot, value)
        } else {
            rest.append((slot, value))
        }
    }
}
