/// The result of a simulated effect.
public enum SimulatedOutcome: Hashable, Sendable {
    case emit(EmitDeclaration)
    case choose([WeightedEmit])
}
