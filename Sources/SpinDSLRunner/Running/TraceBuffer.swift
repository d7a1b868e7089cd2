import SpinDSLFrontEnd

/// A growing run of bytes that the trace is written into through a pointer.
///
/// The JSON Lines trace is a dozen small pieces per step. Appending them to a `[UInt8]` checks
/// that the array is uniquely referenced and has room on every append; this checks room only,
/// and copies each piece with one `memcpy`. It owns its memory, so it cannot be copied: a copy
/// would either share the memory (and free it twice) or copy it (and hide the cost).
public struct TraceBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    /// The bytes written so far.
    public private(set) var count = 0
    private var capacity: Int

    /// An empty buffer with room for `capacity` bytes before it first grows.
    public init(capacity: Int = 4096) {
        self.capacity = max(64, capacity)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Whether nothing is written.
    public var isEmpty: Bool { count == 0 }

    /// Makes room for at least `minimumCapacity` bytes in all.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        if minimumCapacity > capacity { grow(to: minimumCapacity) }
    }

    /// Forgets the bytes, keeping the memory.
    public mutating func removeAll() {
        count = 0
    }

    /// Calls `body` with the bytes written so far.
    public func withUnsafeBytes<Result, Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// The bytes written so far, as an array (for tests and slow paths).
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    // MARK: Appending

    /// Appends one byte.
    @inline(__always)
    public mutating func append(_ byte: UInt8) {
        reserveRoom(1)
        base[count] = byte
        count &+= 1
    }

    /// Appends `bytes`.
    @inline(__always)
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        append(source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    }

    /// Appends `count` bytes from `source`.
    @inline(__always)
    mutating func append(_ source: UnsafePointer<UInt8>, count length: Int) {
        reserveRoom(length)
        Self.copy(UnsafeRawPointer(source), to: UnsafeMutableRawPointer(base + count), count: length)
        count &+= length
    }

    /// Copies `length` bytes. Most pieces of a trace line are a few bytes long, where a call to
    /// `memcpy` costs more than the copy: up to 16 bytes are moved as two overlapping words.
    @inline(__always)
    private static func copy(_ source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, count length: Int) {
        if length > 16 {
            destination.copyMemory(from: source, byteCount: length)
        } else if length >= 8 {
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
            destination.storeBytes(of: head, as: UInt64.self)
            destination.storeBytes(of: tail, toByteOffset: length &- 8, as: UInt64.self)
        } else if length >= 4 {
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self)
            destination.storeBytes(of: head, as: UInt32.self)
            destination.storeBytes(of: tail, toByteOffset: length &- 4, as: UInt32.self)
        } else {
            var offset = 0
            while offset < length {
                destination.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
                offset &+= 1
            }
        }
    }

    /// Appends `bytes`.
    public mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Appends the UTF-8 bytes of `text`.
    public mutating func append(_ text: String) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { append(UnsafeRawBufferPointer($0)) }
        if copied == nil {
            for byte in text.utf8 { append(byte) }
        }
    }

    /// Appends the bytes of a literal.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(UnsafeRawBufferPointer($0)) }
    }

    /// Makes room for `extra` more bytes, and returns where they go; the caller writes at most
    /// `extra` bytes there, then calls `advance(by:)` with how many it wrote.
    @inline(__always)
    mutating func room(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        reserveRoom(extra)
        return base + count
    }

    /// Counts `written` bytes written at `room(_:)`.
    @inline(__always)
    mutating func advance(by written: Int) {
        count &+= written
    }

    @inline(__always)
    private mutating func reserveRoom(_ extra: Int) {
        if capacity &- count < extra { grow(to: count &+ extra) }
    }

    /// At least doubles, so that appending is O(1) on average.
    private mutating func grow(to minimumCapacity: Int) {
        let doubled = capacity.multipliedReportingOverflow(by: 2)
        let newCapacity = max(minimumCapacity, doubled.overflow ? minimumCapacity : doubled.partialValue)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
