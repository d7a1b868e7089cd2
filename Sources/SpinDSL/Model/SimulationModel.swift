/// What an unbound named effect does.
struct SimulationModel: Sendable {
    let delay: Duration?
    let outcome: [(weight: Int, emit: EmitModel)]
}
