import SpinDSLFrontEnd
import SpinDSLRunner

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--bitstate BITS`: the set of states reached as 2^BITS bits, each state setting three of them
/// (SPIN's supertrace: Holzmann's bitstate hashing with double hashing, `-k3`). A state whose
/// three bits are all set already is taken as reached, which it may not be: a hash collision
/// hides it and whatever only it leads to, so the search is never complete; `coverage` estimates
/// the share of states it reached.
final class BitstateSet {
    /// How many bits a state sets.
    static let hashes = 3

    let bits: Int
    private let words: UnsafeMutablePointer<UInt64>
    private let mask: UInt64
    /// States added (the bits' fill decides how likely the next one collides).
    private(set) var added = 0

    /// Bytes held.
    var memoryBytes: Int { max(8, (1 << bits) / 8) }

    /// A set of 2^bits bits, all clear; nil when the memory cannot be had.
    init?(bits: Int) {
        guard CheckOptions.bitstateRange.contains(bits) else { return nil }
        let count = max(1, (1 << bits) / 64)
        guard let words = calloc(count, MemoryLayout<UInt64>.stride)?.assumingMemoryBound(to: UInt64.self) else { return nil }
        self.bits = bits
        self.words = words
        mask = (UInt64(1) << UInt64(bits)) &- 1
    }

    deinit { free(words) }

    /// Sets the bits of `bytes`; whether any was clear (the state is taken as new).
    func insert(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let (first, second) = Self.hashes(bytes)
        var position = first
        var isNew = false
        for _ in 0..<Self.hashes {
            let bit = position & mask
            let word = Int(truncatingIfNeeded: bit >> 6)
            let flag = UInt64(1) << (bit & 63)
            if words[word] & flag == 0 {
                isNew = true
                words[word] |= flag
            }
            position = position &+ second
        }
        if isNew { added &+= 1 }
        return isNew
    }

    /// Two independent 64-bit hashes of `bytes` (the second odd, so that its multiples reach
    /// every bit).
    static func hashes(_ bytes: UnsafeRawBufferPointer) -> (UInt64, UInt64) {
        var a: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
        var b: UInt64 = 0x1319_8A2E_0370_7344 &+ UInt64(bytes.count)
        var index = 0
        let count = bytes.count
        while index < count {
            var word: UInt64 = 0
            if index &+ 8 <= count {
                word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                index &+= 8
            } else {
                var shift: UInt64 = 0
                while index < count {
                    word |= UInt64(bytes[index]) << shift
                    shift &+= 8
                    index &+= 1
                }
            }
            a = (a ^ word) &* 0xBF58_476D_1CE4_E5B9
            a ^= a >> 31
            b = (b ^ (word &* 0x9E37_79B9_7F4A_7C15)) &* 0x94D0_49BB_1331_11EB
            b ^= b >> 29
        }
        a ^= a >> 32
        a = a &* 0xD6E8_FEB8_6659_FD93
        a ^= a >> 32
        b ^= b >> 31
        b = b &* 0xBF58_476D_1CE4_E5B9
        b ^= b >> 30
        return (a, b | 1)
    }

    /// The estimated share of the states reached that were stored rather than lost to a
    /// collision: one minus the mean, over the states added, of the chance that a new state
    /// finds its bits already set when `n` states are in, (1 - e^(-k n / m))^k.
    var coverage: Double {
        guard added > 0 else { return 1 }
        let m = Double(UInt64(1) << UInt64(bits)), k = Double(Self.hashes), n = Double(added)
        let samples = 1000
        var missed = 0.0
        for sample in 0..<samples {
            let x = n * (Double(sample) + 0.5) / Double(samples)
            missed += pow(1 - exp(-k * x / m), k)
        }
        return 1 - missed / Double(samples)
    }

    /// Bits per state: SPIN's hash factor (above 100, collisions are rare).
    var hashFactor: Double {
        added > 0 ? Double(UInt64(1) << UInt64(bits)) / Double(added) : Double(UInt64(1) << UInt64(bits))
    }
}
