/// The `set` of a transition row as the row keeps it: a single assignment without an array.
///
/// Most rows set one field or none; an array per row would be a heap object per row, memory the
/// load must fault in. Always in its canonical form (one assignment is held
/// alone), so that equal lists are equal values.
struct RowAssignments: RandomAccessCollection, Hashable, Sendable {
    private enum Storage: Hashable, Sendable {
        case one(Assignment)
        case list([Assignment])
    }

    private let storage: Storage

    /// The canonical form of `assignments`.
    init(_ assignments: [Assignment]) {
        if assignments.count == 1, let assignment = assignments.first {
            storage = .one(assignment)
        } else {
            storage = .list(assignments)
        }
    }

    /// A single assignment.
    init(single assignment: Assignment) {
        storage = .one(assignment)
    }

    var startIndex: Int { 0 }

    var endIndex: Int {
        switch storage {
        case .one: return 1
        case .list(let assignments): return assignments.count
        }
    }

    subscript(position: Int) -> Assignment {
        switch storage {
        case .one(let assignment): return assignment
        case .list(let assignments): return assignments[position]
        }
    }

    /// The assignments as an array.
    var array: [Assignment] {
        switch storage {
        case .one(let assignment): return [assignment]
        case .list(let assignments): return assignments
        }
    }
}
