import SpinDSLFrontEnd

/// What an unbound named effect does, its latencies and outcomes compiled.
package typealias SimulationCode = Simulation<CompiledExpression>
