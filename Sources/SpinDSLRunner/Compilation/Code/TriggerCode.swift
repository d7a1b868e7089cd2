import SpinDSLFrontEnd

/// A rule case's trigger with its expression compiled.
package typealias TriggerCode = Trigger<CompiledExpression>
