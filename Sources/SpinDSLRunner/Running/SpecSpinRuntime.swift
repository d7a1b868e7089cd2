import Spin
import SpinDSLFrontEnd

/// One spin of a spec on the Spin core, driven by names: a host program emits events by name with
/// payloads of Swift values, and reads the control state and data fields by name.
///
/// ```swift
/// let turnstile = try instance.runtime(named: "Turnstile")
/// turnstile.start()
/// try turnstile.emit("coin", ["amount": 25])
/// print(turnstile.controlState ?? "-", try turnstile.data("credit", as: Int.self))   // unlocked 25
/// ```
///
/// The underlying `SpinRuntime` (`runtime`) is there for everything else: `states`, `render(on:)`,
/// `awaitState(where:)`, `stop()`.
public final class SpecSpinRuntime: Sendable {
    /// The spin's model: its events, fields and states.
    public let model: SpinModel
    /// The core runtime that runs it.
    public let runtime: SpinRuntime<SpecState, SpecEvent>

    /// Wraps a runtime of the spin `model` describes.
    public init(_ model: SpinModel, runtime: SpinRuntime<SpecState, SpecEvent>) {
        self.model = model
        self.runtime = runtime
    }

    /// Starts the spin (see `SpinRuntime.start()`).
    public func start() {
        runtime.start()
    }

    /// Emits the input event `event` with `payload` by field name: `emit("coin", ["amount": 25])`.
    /// Values are Swift values of the fields' types; an enum field takes its case's name (a
    /// `String`, a `String`-backed enum, or a Swift enum case of the same name).
    ///
    /// - Throws: `UsageProblem` naming what is wrong: an unknown event (with the nearest input),
    ///   an event that is not an input, an unknown or missing field, or a value of the wrong type.
    public func emit(_ event: String, _ payload: [String: any Sendable] = [:]) throws(UsageProblem) {
        runtime.emit(try model.inputEvent(event, payload))
    }

    /// The name of the current control state, or nil for a spin without control states.
    public var controlState: String? {
        model.controlName(runtime.state.control)
    }

    /// The current value of data field `field`.
    /// - Throws: `UsageProblem` for an unknown field (with the nearest name).
    public func data(_ field: String) throws(UsageProblem) -> SpinSnapshot.Value {
        try model.value(of: field, in: runtime.state)
    }

    /// The current value of data field `field` as a `T` (`Int`, `Int64` or `Double` for an int
    /// field, `Double`, `Bool`, `String` for a string or an enum's case name, `Duration`).
    /// - Throws: `UsageProblem` for an unknown field, or a type that does not hold its values.
    public func data<T>(_ field: String, as type: T.Type) throws(UsageProblem) -> T {
        try model.value(of: field, in: runtime.state, as: type)
    }

    /// The spin's current state by name; `Codable`.
    public func snapshot() -> SpinSnapshot {
        model.snapshot(runtime.state)
    }

    /// Returns when the spin has settled (see `SpinRuntime.awaitIdle()`).
    public func awaitIdle() async {
        await runtime.awaitIdle()
    }
}
