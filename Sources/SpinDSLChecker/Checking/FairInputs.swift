import SpinDSLFrontEnd
import SpinDSLRunner

/// The inputs every spin's `fairness` names, numbered: bit `i` of a mask is input `events[i]`.
struct FairInputs {
    /// Each fair input: its spin and its event's kind.
    let events: [(spin: Int, kind: Int)]
    /// The weakly fair inputs and the strongly fair ones, a bit each.
    let weak: UInt64
    let strong: UInt64

    init(_ model: SpecModel) {
        var events: [(spin: Int, kind: Int)] = []
        var weak: UInt64 = 0, strong: UInt64 = 0
        func number(_ spin: Int, _ kind: Int) -> Int? {
            if let index = events.firstIndex(where: { $0.spin == spin && $0.kind == kind }) { return index }
            // The resolver refuses more (`[#TooManyFairInputs]`).
            guard events.count < FairnessModel.maxFairInputs else { return nil }
            events.append((spin, kind))
            return events.count &- 1
        }
        for (spin, model) in model.spins.enumerated() {
            for kind in model.fairness.weak { if let bit = number(spin, kind) { weak |= 1 << UInt64(bit) } }
            for kind in model.fairness.strong { if let bit = number(spin, kind) { strong |= 1 << UInt64(bit) } }
        }
        self.events = events
        self.weak = weak
        self.strong = strong
    }

    /// The number of input `kind` of spin `spin` among the fair ones, or `StateGraph.noFairInput`.
    func number(spin: Int, kind: Int) -> Int32 {
        guard let index = events.firstIndex(where: { $0.spin == spin && $0.kind == kind }) else { return StateGraph.noFairInput }
        return Int32(index)
    }
}
