/// A case of one of a spin's feedback rules: case `caseIndex` of rule `rule` (the rule's index
/// among the spin's feedbacks, `SpinModel.feedbacks`).
struct RuleCaseID: Sendable, Hashable {
    let rule: Int
    let caseIndex: Int
}
