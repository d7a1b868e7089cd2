/// The transition rows of one spin as written, shared by the spin's `TransitionModel`s.
final class WrittenTransitions: Sendable {
    let rows: [TransitionDeclaration]

    init(_ rows: [TransitionDeclaration]) {
        self.rows = rows
    }
}
