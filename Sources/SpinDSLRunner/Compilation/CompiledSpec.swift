import Spin
import SpinDSLFrontEnd

/// A spec compiled once: reducer tables and compiled expressions for every spin. Each call to
/// `instantiate(_:)` makes fresh spins on the Spin core (with their own random generators, edge
/// memories and gears), ready for `SpinRuntime`.
public struct CompiledSpec: Sendable {
    /// The validated model.
    public let model: SpecModel
    package let tables: [ReducerTable]
    /// Each spin's loop: its feedbacks and the form each runs as.
    package let loops: [LoopPlan]

    /// Compiles a validated model.
    public init(_ model: SpecModel) {
        self.model = model
        let tables = model.spins.map(ReducerTable.init)
        self.tables = tables
        loops = zip(model.spins, tables).map { LoopPlan(spin: $0, table: $1) }
    }

    /// Fresh spins and gears for one run. With `options.runsScript`, each spin sends its own
    /// script's inputs from a feedback named `input`.
    public func instantiate(_ options: SpecRunOptions = SpecRunOptions()) -> SpecInstance {
        let gears = model.gears.map { _ in Gear<GearMessage>() }
        let spins = model.spins.enumerated().map { index, spin in
            SpinBuilderForSpec(spin: spin, table: tables[index], loop: loops[index], gears: gears, options: options).build()
        }
        return SpecInstance(model: model, spins: spins, gears: gears)
    }
}
