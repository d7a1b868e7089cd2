@testable import Spin
import Foundation
import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// The host API by names: events emitted by name with Swift values, data and control state read by
/// name, a `Codable` snapshot, and errors that name what is wrong.
@Suite struct HostAPITests {
    /// A heater with a field of each type, set by one input.
    private static let heater = """
        spin: Heater
        states: [idle, running]
        data:
          mode: { type: enum, values: [heat, cool, off], initial: off }
          target: 20.5
          label: "none"
          power: 0
          on: false
          cooldown: { type: duration, initial: 1.5s }
        events:
          set: { target: double, label: string, power: int, on: bool }
          stop: {}
          overheat: {}
        inputs: [set, stop]
        transitions:
          - { on: set, to: running, set: { mode: .heat, target: event.target, label: event.label, power: event.power, on: event.on } }
          - { from: running, on: stop, to: idle, set: { mode: .off } }
          - { on: overheat, to: idle }
        """

    private func heater() throws -> (SpecInstance, SpecSpinRuntime, VirtualClock) {
        let compiled = try #require(TestSpec.load(text: Self.heater, path: "heater.yaml").compiled)
        let instance = compiled.instantiate()
        let clock = VirtualClock()
        return (instance, try instance.runtime(named: "Heater", clock: clock), clock)
    }

    @Test func eventsGoInByNameWithSwiftValuesAndStateComesOutByName() async throws {
        let (_, heater, clock) = try heater()
        heater.start()
        #expect(heater.controlState == "idle")
        #expect(try heater.data("mode") == .enumCase("off"))
        try heater.emit("set", ["target": 22, "label": "living room", "power": Int64(3), "on": true])
        await clock.settled()
        #expect(heater.controlState == "running")
        #expect(try heater.data("target", as: Double.self) == 22.0)
        #expect(try heater.data("label", as: String.self) == "living room")
        #expect(try heater.data("power", as: Int.self) == 3)
        #expect(try heater.data("power", as: Double.self) == 3.0)
        #expect(try heater.data("on", as: Bool.self) == true)
        #expect(try heater.data("mode", as: String.self) == "heat")
        #expect(try heater.data("cooldown", as: Duration.self) == .milliseconds(1500))
        try heater.emit("stop")
        await clock.settled()
        #expect(heater.snapshot() == SpinSnapshot(spin: "Heater", state: "idle", data: [
            "mode": .enumCase("off"), "target": .double(22), "label": .string("living room"), "power": .int(3), "on": .bool(true),
            "cooldown": .duration(.milliseconds(1500)),
        ]))
    }

    @Test func aSnapshotIsCodable() throws {
        let (_, heater, _) = try heater()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(heater.snapshot()), as: UTF8.self)
        #expect(json == #"{"data":{"cooldown":"1.5s","label":"none","mode":"off","on":false,"power":0,"target":20.5},"spin":"Heater","state":"idle"}"#)
        let decoded = try JSONDecoder().decode(SpinSnapshot.self, from: Data(json.utf8))
        #expect(decoded == SpinSnapshot(spin: "Heater", state: "idle", data: [
            "mode": .string("off"), "target": .double(20.5), "label": .string("none"), "power": .int(0), "on": .bool(false),
            "cooldown": .string("1.5s"),
        ]))
    }

    /// Each mistake a host can make, and the exact message it gets.
    @Test func errorsNameTheNameOrTheTypeThatIsWrong() throws {
        let (instance, heater, _) = try heater()
        func message(_ body: () throws -> Void) -> String? {
            do {
                try body()
                return nil
            } catch {
                return (error as? UsageProblem)?.description
            }
        }
        #expect(message { try heater.emit("sett") } == "spin 'Heater' has no event 'sett'; did you mean 'set'? [#UnknownInputEvent]")
        #expect(message { try heater.emit("overheat") } == "event 'overheat' is not an input of spin 'Heater'; declare it under 'inputs' [#NotAnInput]")
        #expect(message { try heater.emit("set", ["target": 22, "label": "x", "power": 1]) }
            == "input 'set' without a valid 'on' (bool) [#InputInvalidField]")
        #expect(message { try heater.emit("set", ["target": 22, "label": "x", "power": 1, "on": true, "powr": 2]) }
            == "input 'set' with unknown field 'powr'; did you mean 'power'? [#InputUnknownField]")
        #expect(message { try heater.emit("set", ["target": 22, "label": "x", "power": "1", "on": true]) }
            == #"field 'power' of 'set' must be an int, not "1" (String) [#PayloadFieldType]"#)
        #expect(message { try heater.emit("set", ["target": 22, "label": "x", "power": 1.5, "on": true]) }
            == "field 'power' of 'set' must be an int, not 1.5 (Double) [#PayloadFieldType]")
        #expect(message { _ = try heater.data("targt") } == "unknown data field 'targt'; did you mean 'target'? [#UnknownDataField]")
        #expect(message { _ = try heater.data("target", as: Int.self) }
            == "data field 'target' of spin 'Heater' has type double; it does not read as Int; read it as Double [#DataFieldReadType]")
        #expect(message { _ = try heater.data("mode", as: Int.self) }
            == "data field 'mode' of spin 'Heater' has type mode; it does not read as Int; read it as String [#DataFieldReadType]")
        #expect(message { _ = try instance.runtime(named: "Heatr") }
            == "unknown spin 'Heatr'; did you mean 'Heater'? (the spins: Heater) [#UnknownSpin]")
    }

    private enum Item: Sendable { case cola, water, chips }

    /// An enum payload (a shared type) goes in by case name, as a `String` or a Swift enum case.
    @Test func anEnumPayloadGoesInByCaseName() async throws {
        let text = """
            types:
              Item: [cola, water, chips]
            spin: Shop
            data:
              last: { type: Item, initial: cola }
            events:
              buy: { item: Item }
            inputs: [buy]
            transitions:
              - { on: buy, set: { last: event.item } }
            """
        let compiled = try #require(TestSpec.load(text: text, path: "shop.yaml").compiled)
        let clock = VirtualClock()
        let shop = try compiled.instantiate().runtime(named: "Shop", clock: clock)
        shop.start()
        try shop.emit("buy", ["item": "chips"])
        await clock.settled()
        #expect(try shop.data("last", as: String.self) == "chips")
        try shop.emit("buy", ["item": Item.water])
        await clock.settled()
        #expect(shop.snapshot().data == ["last": .enumCase("water")])
        #expect(throws: UsageProblem.self) { try shop.emit("buy", ["item": "tea"]) }
        do {
            try shop.emit("buy", ["item": "tea"])
        } catch {
            #expect(error.description == #"field 'item' of 'buy' must be one of "cola", "water", "chips", not "tea" (String) [#PayloadFieldType]"#)
        }
    }

    private enum Mode: Sendable { case heat, cool }
    private enum NamedMode: String, Sendable { case warm = "heat" }

    /// An enum field takes its case by name: a `String`, a `String`-backed enum's raw value, or a
    /// Swift enum case of the same name; nothing else. Numbers fit when exact; durations are whole
    /// milliseconds, as a `Duration` or as text.
    @Test func swiftValuesConvertByTheFieldsType() {
        let mode = ValueType.enumeration(EnumType(name: "mode", cases: ["heat", "cool", "off"]))
        #expect(SpinModel.spinValue("cool", as: mode) == .symbol(1))
        #expect(SpinModel.spinValue(Mode.cool, as: mode) == .symbol(1))
        #expect(SpinModel.spinValue(NamedMode.warm, as: mode) == .symbol(0))
        #expect(SpinModel.spinValue("hot", as: mode) == nil)
        #expect(SpinModel.spinValue(1, as: mode) == nil)
        #expect(SpinModel.spinValue(SpinSnapshot.Value.enumCase("off"), as: mode) == .symbol(2))
        #expect(SpinModel.spinValue(Int64.max, as: .int) == .int(.max))
        #expect(SpinModel.spinValue(UInt64.max, as: .int) == nil)
        #expect(SpinModel.spinValue(Float(0.5), as: .double) == .double(0.5))
        #expect(SpinModel.spinValue(true, as: .int) == nil)
        #expect(SpinModel.spinValue(Duration.milliseconds(1500), as: .duration) == .duration(1500))
        #expect(SpinModel.spinValue("1.5s", as: .duration) == .duration(1500))
        #expect(SpinModel.spinValue(Duration.microseconds(1), as: .duration) == nil)
        #expect(SpinModel.spinValue(1500, as: .duration) == nil)
    }

    /// The easy way to run a whole spec: `SpecRun`, fed by name while it runs.
    @Test func aWholeSpecRunsFedByName() async throws {
        let compiled = try #require(loadSpec("gear.yaml").compiled)
        let run = SpecRun(compiled, holdOpen: true)
        let ended = Task { await run.run() }
        #expect(throws: UsageProblem.self) { try run.emit("Feature.retry") }
        #expect(throws: UsageProblem.self) { try run.snapshot(of: "Featur") }
        run.closeInput()
        let summary = await ended.value
        #expect(summary.status == .idle)
        #expect(try run.snapshot(of: "Feature") == SpinSnapshot(spin: "Feature", state: "loaded", data: ["attempts": .int(2)]))
        #expect(run.snapshots.map(\.state) == ["authorized", "loaded"])

        let turnstile = SpecRun(try #require(loadSpec("turnstile.yaml").compiled), holdOpen: true)
        let done = Task { await turnstile.run() }
        try turnstile.emit("coin", ["amount": 25])
        try turnstile.emit("Turnstile.push")
        turnstile.closeInput()
        #expect(await done.value.spins.map(\.state) == ["locked"])
        #expect(try turnstile.snapshot(of: "Turnstile").data == ["credit": .int(25), "passes": .int(1)])
    }
}
