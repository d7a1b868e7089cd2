/// The newest filed row of each (state, event) bucket of `checkNondeterminism`, -1 for none: a flat
/// array when there are not many more buckets than rows (the usual case, and no hashing per row),
/// else a dictionary of the buckets in use.
struct BucketHeads {
    private var flat: [Int]
    private var sparse: [Int: Int] = [:]
    private let isFlat: Bool

    init(buckets states: Int, events: Int, rows: Int) {
        let (count, overflow) = states.multipliedReportingOverflow(by: events)
        isFlat = !overflow && count <= rows &* 4 &+ 4096
        flat = isFlat ? [Int](repeating: -1, count: max(count, 0)) : []
    }

    subscript(key: Int) -> Int {
        get {
            guard isFlat else { return sparse[key] ?? -1 }
            return key >= 0 && key < flat.count ? flat[key] : sparse[key] ?? -1
        }
        set {
            guard isFlat else { sparse[key] = newValue; return }
            if key >= 0 && key < flat.count { flat[key] = newValue } else { sparse[key] = newValue }
        }
    }
}
