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

    /// Fresh spins and gears for one run. With `options.runsScript`, each spin sends its own
    /// script's inputs from a feedback named `input`.
    public func instantiate(_ options: SpecRunOptions = SpecRunOptions()) -> SpecInstance {
        let gears = model.gears.map { _ in Gear<GearMessage>() }
        let spins = model.spins.enumerated().map { index, spin in
            SpinBuilderForSpec(spin: spin, table: tables[index], gears: gears, options: options).build()
        }
        return SpecInstance(model: model, spins: spins, gears: gears)
    }
}
