import SpinDSLFrontEnd

/// A host program's implementation of a named effect of a spec.
public typealias HostEffect = @Sendable (EffectRequest) async throws -> HostEvent?
