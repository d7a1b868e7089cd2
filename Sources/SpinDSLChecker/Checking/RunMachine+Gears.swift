import SpinDSLFrontEnd
import SpinDSLRunner

/// The gears between the spins (`Gear`): listeners attach as their spins start, and a message
/// no listener takes yet is kept for one that will.
extension RunMachine {
    mutating func attach(gear: Int, spin: Int, slot: Int) {
        listeners[gear].append((spin, slot))
        let buffered = gearBuffers[gear]
        gearBuffers[gear].removeAll()
        for message in buffered { deliverGearMessage(message, to: spin, slot: slot) }
    }

    /// `Gear.propagate`: to every listener attached now, in attach order; kept while none is.
    mutating func propagate(_ gear: Int, _ message: GearMessage) {
        guard listeners.indices.contains(gear) else { return }
        if listeners[gear].isEmpty {
            // Only a spin that starts later can attach; once all have started, no one will.
            if spins.contains(where: { !$0.started }) {
                if gearBuffers[gear].count >= 1024 { gearBuffers[gear].removeFirst() }
                gearBuffers[gear].append(message)
            }
            return
        }
        for listener in listeners[gear] {
            deliverGearMessage(message, to: listener.spin, slot: listener.slot)
        }
    }

    private mutating func deliverGearMessage(_ message: GearMessage, to spin: Int, slot: Int) {
        guard case .gearListener(let rule, _, let event) = program.spins[spin].slots[slot].kind, message.kind == event else { return }
        let state = spins[spin].latest ?? SpecState(control: 0, data: [])
        if let event = act(spin, rule, state: state, payload: message.payload) {
            enqueue(spin, event, origin: slot, token: 0)
        }
    }
}
