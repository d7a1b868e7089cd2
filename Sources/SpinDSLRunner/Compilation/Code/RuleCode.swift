import SpinDSLFrontEnd

/// A rule case ready to run: each of its expressions compiled (the trigger's, the condition,
/// computed durations, its action's payloads and template). Made once per spin by `LoopPlan`;
/// the Spin core's feedbacks (`SpinBuilderForSpec`) and the checker's machine (`MachineProgram`)
/// both run this code.
package typealias RuleCode = Rule<CompiledExpression>
