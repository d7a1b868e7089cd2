import SpinDSLFrontEnd
import SpinDSLRunner
import SpinGeneratedSupport
import SpinTestSupport
import Testing

/// Every generated machine (`Generated/Machines.swift`) and the interpreter's table of the same
/// spin, given the same events: after every event, the same control state, the same data and the
/// same fault (place, group and message), until the spin finishes or faults.
@Suite struct GeneratedDifferentialTests {
    /// An input event: its spec name and payload.
    struct Input {
        let name: String
        let payload: [String: GeneratedValue]
        let values: [SpinValue]
        let kind: Int
    }

    /// The runs of 40 random inputs each machine is given.
    static let runs = 24

    @Test func everyGeneratedMachineAgreesWithTheInterpreter() throws {
        let sources = Dictionary(GeneratedSources.all.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(generatedMachines.count >= FlatSpecs.count + 2)
        var steps = 0
        var faults = 0
        var rows = 0
        var rowsFired = 0
        for (key, machine) in generatedMachines.sorted(by: { $0.key < $1.key }) {
            let parts = key.split(separator: "#", maxSplits: 1).map(String.init)
            let source = try #require(sources[parts[0]], "\(key): no such spec")
            let spec = TestSpec.load(text: source.text, path: source.path)
            let model = try #require(spec.model, "\(key):\n\(spec.renderedDiagnostics)")
            let compiled = CompiledSpec(model)
            let index = try #require(model.spins.firstIndex { $0.name.text == parts[1] })
            var fired: Set<Int> = []
            for run in 0..<Self.runs {
                var random = SeededRandom(seed: UInt64(run) &* 7919 &+ UInt64(key.utf8.count))
                let inputs = (0..<40).map { _ in Self.input(model.spins[index], &random) }
                let (count, faulted) = try Self.compare(machine, compiled, spin: index, inputs: inputs, key: key, fired: &fired)
                steps += count
                if faulted { faults += 1 }
            }
            rows += model.spins[index].transitions.count
            rowsFired += fired.count
        }
        print("generated differential: \(generatedMachines.count) machines, \(steps) steps, \(faults) runs ended by a fault, \(rowsFired) of \(rows) rows fired")
        // The random specs fault now and then (overflow, division by zero, ranges): those paths
        // are compared too.
        #expect(steps > 10_000)
        #expect(faults > 20)
    }

    /// Runs `inputs` on both; the steps taken and whether a fault stopped them.
    private static func compare<Machine: GeneratedMachine>(
        _ machine: Machine.Type, _ compiled: CompiledSpec, spin index: Int, inputs: [Input], key: String, fired: inout Set<Int>
    ) throws -> (Int, Bool) {
        let spin = compiled.model.spins[index]
        let table = compiled.tables[index]
        var state = SpecState(control: spin.initialState, data: spin.initialData)
        var snapshot = Machine.initial
        try #require(Machine.describe(snapshot) == describe(state, spin), "\(key): initial states differ")
        var steps = 0
        for input in inputs {
            if spin.finalStates.contains(state.control) || state.hasFault { break }
            let event = try #require(Machine.event(named: input.name, input.payload), "\(key): no event \(input.name) \(input.payload)")
            var row = -1
            _ = table.reduce(&state, SpecEvent(kind: input.kind, payload: input.values), firedRow: &row)
            if row >= 0 { fired.insert(row) }
            Machine.reduce(&snapshot, event)
            steps += 1
            let expected = describe(state, spin), actual = Machine.describe(snapshot)
            guard expected == actual else {
                Issue.record("\(key) after \(steps) events (last \(input.name) \(input.payload)):\ninterpreter \(expected)\ngenerated   \(actual)")
                return (steps, false)
            }
        }
        return (steps, state.hasFault)
    }

    /// The interpreter's state as a generated machine describes its own.
    private static func describe(_ state: SpecState, _ spin: SpinModel) -> GeneratedState {
        let data = zip(spin.fields, state.data).map { field, value in
            GeneratedState.Field(field.name.text, generated(value, field.type))
        }
        let fault = state.fault.map { GeneratedFault($0.location.description, $0.group.name, $0.message) }
        let name = spin.hasControlStates && spin.states.indices.contains(state.control) ? spin.states[state.control].text : nil
        return GeneratedState(state: name, data: data, fault: fault)
    }

    private static func generated(_ value: SpinValue, _ type: ValueType) -> GeneratedValue {
        switch value {
        case .int(let number), .duration(let number): return .int(number)
        case .double(let number): return .double(number)
        case .bool(let flag): return .bool(flag)
        case .string(let text): return .string(text)
        case .symbol: return .symbol(value.formatted(as: type))
        }
    }

    /// A random input of `spin`, with a payload from a few values per type that reach the edges
    /// (zero, negatives, NaN, huge doubles, blank and non-ASCII text).
    private static func input(_ spin: SpinModel, _ random: inout SeededRandom) -> Input {
        let inputs = spin.events.indices.filter { spin.events[$0].isInput }
        let kind = random.pick(inputs.isEmpty ? Array(spin.events.indices) : inputs)
        let event = spin.events[kind]
        var payload: [String: GeneratedValue] = [:]
        var values: [SpinValue] = []
        for field in event.fields {
            let value: SpinValue
            switch field.type {
            case .int: value = .int(random.pick([0, 1, 2, 3, 5, -1, -4, 25, 1 << 40, .max, .min]))
            case .double: value = .double(random.pick([0.0, 0.5, 2.5, -1.5, 1e300, -0.0, .nan, .infinity]))
            case .bool: value = .bool(random.chance(50))
            case .string: value = .string(random.pick(["", "ab", " a ", "abc", "é", "Ab"]))
            case .enumeration(let enumType): value = .symbol(random.int(0...max(0, enumType.cases.count - 1)))
            case .duration: value = .duration(random.pick([0, 250, 1000]))
            }
            values.append(value)
            payload[field.name.text] = generated(value, field.type)
        }
        return Input(name: event.name.text, payload: payload, values: values, kind: kind)
    }
}
