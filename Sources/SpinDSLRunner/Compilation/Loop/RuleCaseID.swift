import SpinDSLFrontEnd

/// A case of one of a spin's feedback rules: case `caseIndex` of rule `rule` (the rule's index
/// among the spin's feedbacks, `SpinModel.feedbacks`).
package struct RuleCaseID: Sendable, Hashable {
    package let rule: Int
    package let caseIndex: Int
}
