/// The hashes `LivelockDetector` builds its step signatures from.
///
/// The detector hashes every step of every run, so this is a few multiplications per word rather
/// than `Hasher` (SipHash, made for untrusted keys; a signature only has to tell states apart,
/// and a collision can at worst report a cycle early, as one of `Hasher` could). Strings and
/// faults, rare in a step, are hashed with `Hasher`. Deterministic except for those.
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
            hash = combine(hash, queues.raised.count)
            for event in queues.raised { hash = self.event(event, into: hash) }
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
            case .string(let text): hash = combine(combine(hash, 3), text.hashValue)
            case .symbol(let index): hash = combine(combine(hash, 4), index)
            case .duration(let milliseconds): hash = combine(combine(hash, 5), UInt64(bitPattern: milliseconds))
            }
        }
        return hash
    }
}
