/// What every spin `spinrun --swift` writes offers besides its typed API: its events made from
/// names and values, and its snapshot described by name, so that a driver (a test, a trace, a
/// console) can run any generated machine without knowing its types.
public protocol GeneratedMachine: SendableMetatype {
    associatedtype Snapshot: Sendable & Equatable
    associatedtype Event: Sendable & Hashable

    /// The spin's name in the spec.
    static var specName: String { get }
    /// The state the machine starts in.
    static var initial: Snapshot { get }
    /// Reduces `event` as the spec's table does.
    static func reduce(_ snapshot: inout Snapshot, _ event: Event)
    /// The event called `name` with the payload `payload` (every field, of its type); nil when the
    /// spin has no such event or the payload does not fit it.
    static func event(named name: String, _ payload: [String: GeneratedValue]) -> Event?
    /// `snapshot` as the spec names it.
    static func describe(_ snapshot: Snapshot) -> GeneratedState
}
