import SpinDSLFrontEnd
import SpinDSLRunner

/// Open-addressing tables of 64-bit entries (0 marks an empty slot) probed linearly, as the
/// state store (`StateStore`) and the compacted set (`CompactSet`) keep them: what their growth
/// shares.
enum ProbeTable {
    /// Puts `entry` in the first empty slot of `table` from `home` on.
    @inline(__always)
    static func place(_ entry: UInt64, home: Int, in table: UnsafeMutablePointer<UInt64>, mask: Int) {
        var slot = home & mask
        while table[slot] != 0 { slot = (slot &+ 1) & mask }
        table[slot] = entry
    }

    /// Moves every entry of `old` (slots `0...oldMask`) into `new`, each homed at its bits from
    /// `homeShift` on.
    static func move(
        _ old: UnsafeMutablePointer<UInt64>, mask oldMask: Int, into new: UnsafeMutablePointer<UInt64>, mask newMask: Int, homeShift: UInt64
    ) {
        for slot in 0...oldMask where old[slot] != 0 {
            place(old[slot], home: Int(truncatingIfNeeded: old[slot] >> homeShift), in: new, mask: newMask)
        }
    }
}
