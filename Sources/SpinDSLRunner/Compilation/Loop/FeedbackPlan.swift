import SpinDSLFrontEnd

/// One feedback of a spin's loop, in the order the loop delivers each new state to them.
package struct FeedbackPlan: Sendable {
    /// The feedback's name: the `source` of the events it emits (the rule's name, or `outbox`,
    /// `state`).
    package let name: String
    package let kind: FeedbackKind
}
