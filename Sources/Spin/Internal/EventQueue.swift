/// A first-in, first-out ring buffer. Grows by doubling and never shrinks, so a loop that keeps a
/// steady queue length does not allocate per event.
@usableFromInline
struct EventQueue<Element> {
    @usableFromInline var storage: [Element?] = []
    @usableFromInline var head = 0
    @usableFromInline private(set) var count = 0

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool { count == 0 }

    @inlinable
    mutating func append(_ element: Element) {
        if count == storage.count { grow() }
        var tail = head + count
        if tail >= storage.count { tail -= storage.count }
        storage[tail] = element
        count += 1
    }

    @inlinable
    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        // Moved out, not copied and then cleared: no retain and release of the element.
        let element = storage[head].take()
        head += 1
        if head == storage.count { head = 0 }
        count -= 1
        return element
    }

    /// Removes every element for which `shouldRemove` is true, keeping the order of the rest.
    @usableFromInline
    mutating func removeAll(where shouldRemove: (Element) -> Bool) {
        var kept: [Element?] = []
        kept.reserveCapacity(storage.count)
        while let element = popFirst() {
            if !shouldRemove(element) { kept.append(element) }
        }
        let capacity = storage.count
        count = kept.count
        head = 0
        kept.append(contentsOf: repeatElement(nil, count: max(0, capacity - kept.count)))
        storage = kept
    }

    @usableFromInline
    mutating func removeAll() {
        while popFirst() != nil {}
    }

    @usableFromInline
    mutating func grow() {
        let newCapacity = max(16, storage.count * 2)
        var grown: [Element?] = []
        grown.reserveCapacity(newCapacity)
        for offset in 0..<count {
            var index = head + offset
            if index >= storage.count { index -= storage.count }
            grown.append(storage[index])
        }
        grown.append(contentsOf: repeatElement(nil, count: newCapacity - count))
        storage = grown
        head = 0
    }
}

extension EventQueue: Sendable where Element: Sendable {}
