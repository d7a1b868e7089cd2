/// The gears of a spec by name, and each gear's events by name: built once per spec, so that
/// resolving a `catch:` or `propagate:` costs the same however many gears there are (a linear
/// search per rule made 100,000 gears and their rules take 30 s).
struct GearIndex {
    let gears: [GearModel]
    private let names: NameIndex
    private let eventNames: [NameIndex]

    init(_ gears: [GearModel]) {
        self.gears = gears
        names = NameIndex(gears.map(\.name.text))
        eventNames = gears.map { NameIndex($0.events.map(\.name.text)) }
    }

    /// The index of the gear called `name`.
    func gear(named name: String) -> Int? {
        names[name]
    }

    /// The index of `name` among the events of gear `gear`.
    func event(named name: String, ofGear gear: Int) -> Int? {
        eventNames.indices.contains(gear) ? eventNames[gear][name] : nil
    }
}
