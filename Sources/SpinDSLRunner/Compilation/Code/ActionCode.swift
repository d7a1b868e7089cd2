import SpinDSLFrontEnd

/// A rule's action with its expressions compiled.
package typealias ActionCode = Action<CompiledExpression>
