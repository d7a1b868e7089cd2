import SpinDSLFrontEnd
import SpinDSLRunner

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--hash-compact`: the set of states reached as 64-bit signatures of their vectors, in an
/// open-addressing table (at most three quarters full), instead of the vectors themselves
/// (SPIN's hash compaction, `-DHC`). A state whose signature is in the set already is taken as
/// reached; two states with one signature would hide the second and whatever only it leads to,
/// which among n states happens with a chance under n(n-1)/2 / 2^64 (`missChance`): 2.7e-6 for
/// ten million states. The search is otherwise the full one.
final class CompactSet {
    private var table: UnsafeMutablePointer<UInt64>?
    private var mask = 0
    /// Signatures held.
    private(set) var count = 0

    /// Bytes held.
    var memoryBytes: Int { table == nil ? 0 : (mask &+ 1) &* 8 }

    /// The bytes the table would take after its next growth, when the next insertion grows it;
    /// else 0.
    var growthBytes: Int {
        guard table != nil else { return Self.firstSize &* 8 }
        return count &* 4 >= (mask &+ 1) &* 3 ? (mask &+ 1) &* 16 : 0
    }

    private static let firstSize = 1 << 12
    /// A signature's home slot is its bits from this one on (its low bits are the hash's least
    /// mixed).
    private static let homeShift: UInt64 = 20

    deinit { free(table) }

    /// Adds the signature of `bytes`; whether it was not there (the state is taken as new), or
    /// nil when the table could not grow.
    func insert(_ bytes: UnsafeRawBufferPointer) -> Bool? {
        // The first of the bitstate set's two hashes: 64 well-mixed bits. 0 marks an empty slot.
        let hash = BitstateSet.hashes(bytes).0
        let signature = hash == 0 ? 1 : hash
        if growthBytes > 0 { guard grow() else { return nil } }
        guard let table else { return nil }
        var slot = Int(truncatingIfNeeded: signature >> Self.homeShift) & mask
        while true {
            let entry = table[slot]
            if entry == 0 { break }
            if entry == signature { return false }
            slot = (slot &+ 1) & mask
        }
        table[slot] = signature
        count &+= 1
        return true
    }

    private func grow() -> Bool {
        let size = table == nil ? Self.firstSize : (mask &+ 1) &* 2
        guard let grown = calloc(size, MemoryLayout<UInt64>.stride)?.assumingMemoryBound(to: UInt64.self) else { return false }
        let newMask = size &- 1
        if let table { ProbeTable.move(table, mask: mask, into: grown, mask: newMask, homeShift: Self.homeShift) }
        free(table)
        table = grown
        mask = newMask
        return true
    }

    /// An upper bound on the chance that some state was hidden by another's signature: the
    /// chance that any two of the `count` signatures are equal, n(n-1)/2 / 2^64.
    var missChance: Double {
        let n = Double(count)
        return min(1, n * (n - 1) / 2 / 18_446_744_073_709_551_616.0)
    }
}
