import SpinDSLFrontEnd

/// What varies from one run of a compiled spec to the next.
public struct SpecRunOptions: Sendable {
    /// The seed of `choose` rules and simulated effects; the same seed gives the same choices.
    public var seed: UInt64
    /// Host implementations of named effects, by name. An effect without one uses its `simulate`.
    public var effects: [String: HostEffect]
    /// Receives render lines: the spin's name and the rendered text.
    public var render: (@Sendable (_ spin: String, _ line: String) -> Void)?
    /// How long a host effect may take before it fails the spin; nil waits forever.
    public var effectTimeout: Duration?
    /// Whether the spins' own `script` sends its inputs. Off by default: a host program emits its
    /// own inputs. `spinrun` turns it on when no events are given.
    public var runsScript: Bool
    /// The longest string an expression may make, in UTF-8 bytes: a concatenation past it is a
    /// run-time error at its `+` (`[#StringTooLong]`), before the string is allocated. Default
    /// 16 MiB. `spinrun --max-string-bytes`.
    public var maxStringBytes: Int

    /// The default `maxStringBytes`: 16 MiB.
    public static let defaultMaxStringBytes = EvaluationContext.defaultMaxStringBytes

    /// Outcomes the `choose` rules and simulated effects take instead of drawing, each rule case's
    /// in order (a counterexample's choices, replayed); once a rule case's are used up, it draws.
    public var choices: [RecordedChoice] = []

    /// Creates options; the default seed is fixed so that runs are reproducible, and the script
    /// does not run unless asked for.
    public init(
        seed: UInt64 = 1,
        effects: [String: HostEffect] = [:],
        render: (@Sendable (_ spin: String, _ line: String) -> Void)? = nil,
        effectTimeout: Duration? = nil,
        runsScript: Bool = false,
        maxStringBytes: Int = SpecRunOptions.defaultMaxStringBytes
    ) {
        self.seed = seed
        self.effects = effects
        self.render = render
        self.effectTimeout = effectTimeout
        self.runsScript = runsScript
        self.maxStringBytes = maxStringBytes
    }
}
