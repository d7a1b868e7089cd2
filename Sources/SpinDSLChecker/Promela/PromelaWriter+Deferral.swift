import SpinDSLFrontEnd
import SpinDSLRunner

/// A statechart's deferred events in the Promela model (docs/statecharts.md, rule 19), as the
/// reducer keeps them (`Deferral`): `Deferral.capacity` byte variables, each an event's kind plus
/// one (0: empty), oldest first, so that SPIN stores the queue as the checker does.
extension PromelaWriter {
    /// Place `place` of spin `spin`'s queue of deferred events.
    static func deferredVariable(_ spin: Int, _ place: Int) -> String { "\(prefix(spin))dq\(place)" }

    /// The place plus one of the event offered again (0: none); 0 between moves.
    static func offeredPlace(_ spin: Int) -> String { "\(prefix(spin))dqf" }

    /// The kind `ev` takes for the rest of a step whose event was deferred: no row is on it.
    static let noEvent = 255

    /// Declares the queue and the place variable.
    mutating func declareDeferral(_ spin: Int) {
        let places = (0..<Deferral.capacity).map { "\(Self.deferredVariable(spin, $0)) = 0" }
        line("byte \(places.joined(separator: ", "));   /* the deferred events: kind plus one, 0 empty */")
        line("byte \(Self.offeredPlace(spin)) = 0;   /* the place of the deferred event offered again, 0 between moves */")
    }

    /// The queue's variables, as state variables (the probe's copies).
    func deferralVariables(_ spin: Int) -> [(name: String, type: String)] {
        guard chart(spin)?.deferral != nil else { return [] }
        return (0..<Deferral.capacity).map { (Self.deferredVariable(spin, $0), "byte") }
    }

    /// Whether the configuration defers events of kind `kind` (a Promela expression).
    func defersTest(_ spin: Int, _ deferral: Deferral, kind: String) -> String {
        let parts = deferral.deferredKinds.map { deferred in
            "(\(kind) == \(deferred) && \(configurationTest(spin, deferral.configurations(deferring: deferred))))"
        }
        return parts.isEmpty ? "0" : "(" + parts.joined(separator: " || ") + ")"
    }

    /// At the start of a step: a deferred `ev` goes to the end of the queue, and the step reduces
    /// nothing else (a change, as the reducer reports it).
    mutating func deferring(_ spin: Int, _ deferral: Deferral) {
        let last = Self.deferredVariable(spin, Deferral.capacity &- 1)
        line("if")
        line(":: \(defersTest(spin, deferral, kind: "ev")) ->")
        indent += 1
        assertion("\(last) == 0", "more than \(Deferral.capacity) deferred events of \(model.spins[spin].name.text)")
        line("if")
        for place in 0..<Deferral.capacity {
            let variable = Self.deferredVariable(spin, place)
            let before = (0..<place).map { "\(Self.deferredVariable(spin, $0)) != 0" }
            line(":: \((before + ["\(variable) == 0"]).joined(separator: " && ")) -> \(variable) = ev + 1")
        }
        line(":: else -> skip")
        line("fi;")
        line("changed = 1; ev = \(Self.noEvent)")
        indent -= 1
        line(":: else")
        line("fi;")
    }

    /// Whether a waiting event is no longer deferred.
    func offeredTest(_ spin: Int, _ deferral: Deferral) -> String {
        (0..<Deferral.capacity).map { place in
            let variable = Self.deferredVariable(spin, place)
            return "(\(variable) != 0 && !\(defersTest(spin, deferral, kind: "\(variable) - 1")))"
        }.joined(separator: " || ")
    }

    /// Takes the first waiting event no state defers into `ev`, the later ones moving up.
    mutating func takeOffered(_ spin: Int, _ deferral: Deferral) {
        let found = Self.offeredPlace(spin)
        for place in 0..<Deferral.capacity {
            let variable = Self.deferredVariable(spin, place)
            line("if :: \(found) == 0 && \(variable) != 0 && !\(defersTest(spin, deferral, kind: "\(variable) - 1")) -> \(found) = \(place &+ 1) :: else fi;")
        }
        line("if")
        for place in 0..<Deferral.capacity {
            line(":: \(found) == \(place &+ 1) -> ev = \(Self.deferredVariable(spin, place)) - 1")
        }
        line("fi;")
        for place in 0..<(Deferral.capacity &- 1) {
            line("if :: \(found) <= \(place &+ 1) -> \(Self.deferredVariable(spin, place)) = \(Self.deferredVariable(spin, place &+ 1)) :: else fi;")
        }
        line("\(Self.deferredVariable(spin, Deferral.capacity &- 1)) = 0; \(found) = 0;")
    }
}
