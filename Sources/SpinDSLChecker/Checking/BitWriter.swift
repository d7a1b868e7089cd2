import SpinDSLFrontEnd
import SpinDSLRunner

/// Writes values of a few bits each, back to back, into a byte buffer that it reuses from one
/// state to the next (the checker packs every state it reaches).
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var accumulator: UInt64 = 0
    private var pending = 0

    /// Empties the buffer, keeping its storage.
    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        accumulator = 0
        pending = 0
    }

    /// Appends the low `count` bits of `value` (`count` ≤ 64).
    @inline(__always)
    mutating func write(_ value: UInt64, bits count: Int) {
        guard count > 0 else { return }
        let value = count == 64 ? value : value & ((1 << UInt64(count)) &- 1)
        accumulator |= value << UInt64(pending)
        let room = 64 &- pending
        if count < room {
            pending &+= count
            return
        }
        // The accumulator is full: its 8 bytes go out, and what did not fit starts the next.
        flushWord()
        let used = room
        accumulator = used == 64 ? 0 : value >> UInt64(used)
        pending = count &- used
    }

    /// Appends `value` in 7-bit groups, as few as it needs (small counts and deadlines).
    mutating func writeVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            write((rest & 0x7F) | 0x80, bits: 8)
            rest >>= 7
        }
        write(rest, bits: 8)
    }

    private mutating func flushWord() {
        for shift in stride(from: 0, to: 64, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt64(shift)))
        }
    }

    /// Writes out the bits still held, padded to a whole byte.
    mutating func finish() {
        var left = pending
        var word = accumulator
        while left > 0 {
            bytes.append(UInt8(truncatingIfNeeded: word))
            word >>= 8
            left &-= 8
        }
        accumulator = 0
        pending = 0
    }
}

/// Reads what `BitWriter` wrote, in the same order.
struct BitReader {
    private let base: UnsafeRawBufferPointer
    private var bitPosition = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        base = bytes
    }

    /// The next `count` bits (`count` ≤ 64); zeros past the end.
    @inline(__always)
    mutating func read(bits count: Int) -> UInt64 {
        guard count > 0 else { return 0 }
        var result: UInt64 = 0
        var got = 0
        while got < count {
            let byteIndex = bitPosition >> 3
            let offset = bitPosition & 7
            let byte: UInt64 = byteIndex < base.count ? UInt64(base[byteIndex]) : 0
            let take = min(8 &- offset, count &- got)
            let chunk = (byte >> UInt64(offset)) & ((1 << UInt64(take)) &- 1)
            result |= chunk << UInt64(got)
            got &+= take
            bitPosition &+= take
        }
        return result
    }

    mutating func readVarint() -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while shift < 64 {
            let group = read(bits: 8)
            result |= (group & 0x7F) << shift
            if group & 0x80 == 0 { break }
            shift &+= 7
        }
        return result
    }
}
