import SpinDSLFrontEnd

/// The hashes `LivelockDetector` builds its step signatures from.
///
/// The detector hashes every step of every run, so this is a few multiplications per word rather
/// than `Hasher` (SipHash, made for untrusted keys; a signature only has to tell states apart,
/// and a collision can at worst report a cycle early, as one of `Hasher` could). Faults, rare in
/// a step, are hashed with `Hasher`. Deterministic except for those.
///
/// A string is hashed by its bytes, in full up to `fullStringBytes`; a longer one by its length,
/// its first and last 64 bytes and 64 words spread evenly over it. A step costs the same however
/// long its strings grow: a string growing by 15 bytes a step for 100,000 steps was hashed in
/// full each step, 75 GB of hashing (docs/limits.md, "The livelock check").
enum SignatureHash {
    /// The value hashes start from.
    static let seed: UInt64 = 0x243F_6A88_85A3_08D3

    /// The splitmix64 finalizer: a bijection on 64 bits that mixes every input bit into every
    /// output bit.
    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        var bits = value
        bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
        bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
        return bits ^ (bits >> 31)
    }

    /// `hash` followed by `word`, order-sensitive.
    @inline(__always)
    static func combine(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        mix(hash &* 0x9E37_79B9_7F4A_7C15 &+ word)
    }

    @inline(__always)
    static func combine(_ hash: UInt64, _ word: Int) -> UInt64 {
        combine(hash, UInt64(bitPattern: Int64(word)))
    }

    /// A whole state: control state, data, fault, and a statechart's raised and propagated events.
    static func state(_ state: SpecState) -> UInt64 {
        var hash = combine(seed, state.control)
        hash = values(state.data, into: hash)
        if let fault = state.fault { hash = combine(hash, fault.hashValue) }
        if let queues = state.extras {
            // Kept up to date as the queue changes (`RaisedQueue`): a step costs the same however
            // many events wait.
            hash = combine(combine(hash, queues.raised.count), queues.raised.hash)
            hash = combine(hash, queues.outbox.count)
            for message in queues.outbox {
                hash = values(message.message.payload, into: combine(combine(hash, message.gear), message.message.kind))
            }
        }
        return hash
    }

    /// An event: kind, payload and fault.
    static func event(_ event: SpecEvent, into hash: UInt64) -> UInt64 {
        var hash = combine(hash, event.kind)
        if !event.payload.isEmpty { hash = values(event.payload, into: hash) }
        if let fault = event.fault { hash = combine(hash, fault.hashValue) }
        return hash
    }

    /// The count, then each value with its case (so that `int(1)` and `bool(true)` differ).
    private static func values(_ values: [SpinValue], into start: UInt64) -> UInt64 {
        var hash = combine(start, values.count)
        for value in values {
            switch value {
            case .int(let number): hash = combine(combine(hash, 0), UInt64(bitPattern: number))
            case .double(let number): hash = combine(combine(hash, 1), number.bitPattern)
            case .bool(let flag): hash = combine(combine(hash, 2), flag ? 1 : 0)
            case .string(let text): hash = combine(combine(hash, 3), string(text))
            case .symbol(let index): hash = combine(combine(hash, 4), index)
            case .duration(let milliseconds): hash = combine(combine(hash, 5), UInt64(bitPattern: milliseconds))
            }
        }
        return hash
    }

    /// The longest string hashed in full, in bytes.
    static let fullStringBytes = 1024

    /// A string's hash: its bytes, all of them or a bounded sample (see the type's notes).
    static func string(_ text: String) -> UInt64 {
        if let hash = text.utf8.withContiguousStorageIfAvailable(bytes) { return hash }
        return Array(text.utf8).withUnsafeBufferPointer(bytes)
    }

    private static func bytes(_ buffer: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = buffer.count
        var hash = combine(seed, count)
        guard let base = UnsafeRawPointer(buffer.baseAddress), count > 0 else { return hash }
        func word(at offset: Int) -> UInt64 { base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        if count < 8 {
            var tail: UInt64 = 0
            for index in 0..<count { tail |= UInt64(buffer[index]) << (8 &* UInt64(index)) }
            return combine(hash, tail)
        }
        if count <= fullStringBytes {
            var offset = 0
            while offset &+ 8 <= count {
                hash = combine(hash, word(at: offset))
                offset &+= 8
            }
            // The last (overlapping) word covers the bytes after the whole words.
            return combine(hash, word(at: count &- 8))
        }
        for offset in stride(from: 0, to: 64, by: 8) { hash = combine(hash, word(at: offset)) }
        for offset in stride(from: count &- 64, to: count, by: 8) { hash = combine(hash, word(at: offset)) }
        let step = (count &- 8) / 63
        for index in 0..<64 { hash = combine(hash, word(at: index &* step)) }
        return hash
    }
}
