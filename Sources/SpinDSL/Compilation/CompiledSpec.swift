import Spin

/// A spec compiled once: reducer tables and compiled expressions for every spin. Each call to
/// `instantiate(_:)` makes fresh spins on the Spin core (with their own random generators, edge
/// memories and gears), ready for `SpinRuntime`.
public struct CompiledSpec: Sendable {
    /// The validated model.
    public let model: SpecModel
    let tables: [ReducerTable]

    /// Compiles a validated model.
    public init(_ model: SpecModel) {
        self.model = model
        self.tables = model.spins.map(ReducerTable.init)
    }

    /// Fresh spins and gears for one run.
    public func instantiate(_ options: SpecRunOptions = SpecRunOptions()) -> SpecInstance {
        instantiate(options, schedules: nil)
    }

    /// Fresh spins whose timed inputs also come from `schedules` (one per spin), read when the
    /// spins start.
    func instantiate(_ options: SpecRunOptions, schedules: [InputSchedule]?) -> SpecInstance {
        let gears = model.gears.map { _ in Gear<GearMessage>() }
        let spins = model.spins.enumerated().map { index, spin in
            SpinBuilderForSpec(spin: spin, table: tables[index], gears: gears, options: options, schedule: schedules?[index]).build()
        }
        return SpecInstance(model: model, spins: spins, gears: gears)
    }
}
