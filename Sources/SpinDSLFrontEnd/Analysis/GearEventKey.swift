/// A gear event by index: the gear in the spec, the event in the gear.
struct GearEventKey: Hashable {
    let gear: Int
    let event: Int
}
