import Observation
import Testing
@testable import Spin

/// `ObservableSpin` (docs/semantics.md, "Observation"): tracked reads of the state are notified of
/// every new state, through `withObservationTracking`.
@Suite struct ObservableSpinTests {
    struct Form: Equatable, Sendable {
        var name = ""
        var isOn = false
    }

    enum FormEvent: Equatable, Sendable {
        case rename(String)
        case toggle
    }

    static let spin = Spin<Form, FormEvent>(initialState: Form(), feedbacks: [], reducer: Reducer(mutating: { form, event in
        switch event {
        case .rename(let name): form.name = name
        case .toggle: form.isOn.toggle()
        }
    }))

    /// Tracks one read of `read` and records whether a change was notified.
    static func track(_ read: @escaping () -> Void) -> Recorder<String> {
        let notified = Recorder<String>()
        withObservationTracking { read() } onChange: { notified.append("changed") }
        return notified
    }

    enum Clock: CaseIterable { case virtual, real }

    @Test(arguments: Clock.allCases)
    func trackedReadsAreNotifiedOfNewStates(clock: Clock) async {
        let runtime = clock == .virtual ? SpinRuntime(Self.spin, clock: VirtualClock()) : SpinRuntime(Self.spin)
        runtime.start()
        let observable = ObservableSpin(runtime)
        #expect(observable.state == Form())
        let first = Self.track { _ = observable.state }
        observable.emit(.rename("spin"))
        await runtime.awaitIdle()
        #expect(first.values == ["changed"])
        #expect(observable.state.name == "spin")
        // An event that changes nothing notifies nothing.
        let second = Self.track { _ = observable.state }
        observable.emit(.rename("spin"))
        await runtime.awaitIdle()
        #expect(second.values.isEmpty)
        // Bindings read through the tracked state and write by emitting.
        let isOn = observable.binding(for: \.isOn, event: .toggle)
        let third = Self.track { _ = isOn.wrappedValue }
        isOn.wrappedValue = true
        await runtime.awaitIdle()
        #expect(third.values == ["changed"])
        #expect(isOn.wrappedValue)
        let name = observable.binding(for: \.name, event: { FormEvent.rename($0) })
        name.wrappedValue = "loop"
        await runtime.awaitIdle()
        #expect(observable.state == Form(name: "loop", isOn: true))
        runtime.stop()
    }
}
