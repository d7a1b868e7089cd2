import Foundation
import Testing

/// Arrays (docs/spec-format.md, "Arrays"): a data field with `size: N` is N element fields, read
/// as `flag[i]` and written as `set: { 'flag[i]': … }`; an index computed at run time is checked
/// where it is evaluated; checked state and the Promela export hold the elements.
@Suite struct ArrayTests {
    static let peterson = "Tests/SpinrunTests/Fixtures/peterson-arrays.yaml"
    static let overrun = "Tests/SpinrunTests/Fixtures/array-index-overrun.yaml"

    /// Three lamps of an enum array, brightened one at a time at a run-time index.
    static let lights = """
        spin: Lights
        data:
          lamp: { type: enum, values: [off, dim, bright], size: 3, initial: [off, dim, off] }
          at: { type: int, initial: 0, range: [0, 2] }
        events:
          turn: { to: { type: int, values: [0, 1, 2] } }
          brighten: {}
        inputs: [turn, brighten]
        transitions:
          - { on: turn, set: { at: event.to } }
          - { on: brighten, when: "lamp[at] != .bright", set: { 'lamp[at]': "lamp[at] == .off ? .dim : .bright" } }

        """

    @Test func oneRowPerStepServesBothProcesses() throws {
        let steps = [0, 1, 0, 0, 1, 1, 0].flatMap { ["--event", "step={\"who\":\($0)}"] }
        let run = try SpinrunProcess.run(steps + [Self.peterson])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == """
            [       0ms] #1   PetersonArrays  step {"who":0}  (input)  flag[0]=false flag[1]=false pc[0]=1 pc[1]=0 turn=0
            [       0ms] #2   PetersonArrays  step {"who":1}  (input)  flag[0]=false flag[1]=false pc[0]=1 pc[1]=1 turn=0
            [       0ms] #3   PetersonArrays  step {"who":0}  (input)  flag[0]=true flag[1]=false pc[0]=2 pc[1]=1 turn=0
            [       0ms] #4   PetersonArrays  step {"who":0}  (input)  flag[0]=true flag[1]=false pc[0]=3 pc[1]=1 turn=1
            [       0ms] #5   PetersonArrays  step {"who":1}  (input)  flag[0]=true flag[1]=true pc[0]=3 pc[1]=2 turn=1
            [       0ms] #6   PetersonArrays  step {"who":1}  (input)  flag[0]=true flag[1]=true pc[0]=3 pc[1]=3 turn=0
            [       0ms] #7   PetersonArrays  step {"who":0}  (input)  flag[0]=true flag[1]=true pc[0]=4 pc[1]=3 turn=0
            idle: 7 steps, 0ms
              PetersonArrays  flag[0]=true flag[1]=true pc[0]=4 pc[1]=3 turn=0

            """)
    }

    /// The arrays are the flat fields of Specs/peterson.yaml: the same 34 states and 63 moves.
    @Test func petersonWrittenWithArraysHasPetersonsStates() throws {
        let arrays = try SpinrunProcess.run(["--check", Self.peterson])
        let flat = try SpinrunProcess.run(["--check", "Specs/peterson.yaml"])
        #expect(PropertyTests.withoutSeconds(arrays.stdout) == "ok: 34 states, 63 transitions, depth 9\n")
        #expect(PropertyTests.withoutSeconds(flat.stdout) == PropertyTests.withoutSeconds(arrays.stdout))
        #expect(arrays.status == 0)
    }

    @Test func anEnumArrayIsReadAndWrittenAtARunTimeIndex() throws {
        let spec = try HistoryKindTests.written(Self.lights)
        defer { try? FileManager.default.removeItem(atPath: spec) }
        let inputs = ["brighten", "turn={\"to\":1}", "brighten", "brighten", "turn={\"to\":2}", "brighten"].flatMap { ["--event", $0] }
        let run = try SpinrunProcess.run(inputs + [spec])
        #expect(run.status == 0)
        #expect(run.stdout == """
            [       0ms] #1   Lights  brighten  (input)  lamp[0]=dim lamp[1]=dim lamp[2]=off at=0
            [       0ms] #2   Lights  turn {"to":1}  (input)  lamp[0]=dim lamp[1]=dim lamp[2]=off at=1
            [       0ms] #3   Lights  brighten  (input)  lamp[0]=dim lamp[1]=bright lamp[2]=off at=1
            [       0ms] #4   Lights  brighten  (input)  lamp[0]=dim lamp[1]=bright lamp[2]=off at=1  (unchanged)
            [       0ms] #5   Lights  turn {"to":2}  (input)  lamp[0]=dim lamp[1]=bright lamp[2]=off at=2
            [       0ms] #6   Lights  brighten  (input)  lamp[0]=dim lamp[1]=bright lamp[2]=dim at=2
            idle: 6 steps, 0ms
              Lights  lamp[0]=dim lamp[1]=bright lamp[2]=dim at=2

            """)
        // Each lamp is off, dim or bright but lamp 1 starts dim: 3 * 2 * 3 lamps, 3 places.
        let check = try SpinrunProcess.run(["--check", spec])
        #expect(PropertyTests.withoutSeconds(check.stdout) == "ok: 54 states, 142 transitions, depth 8\n")
        let jsonl = try SpinrunProcess.run(["--format", "jsonl", "--event", "brighten", spec])
        #expect(jsonl.stdout.split(separator: "\n").dropFirst().first == """
            {"step":1,"time":0,"spin":"Lights","event":{"name":"brighten","payload":{}},"source":"input","from":null,"to":null,"state":{"lamp[0]":"dim","lamp[1]":"dim","lamp[2]":"off","at":0}}
            """)
    }

    @Test func anIndexOutsideTheArrayStopsTheRunAtTheIndex() throws {
        let run = try SpinrunProcess.run(["--event", "raise", "--event", "raise", "--event", "raise", Self.overrun])
        #expect(run.status == 3)
        #expect(run.stdout == """
            [       0ms] #1   Flags  raise  (input)  flags[0]=true flags[1]=false next=1
            [       0ms] #2   Flags  raise  (input)  flags[0]=true flags[1]=true next=2
            [       0ms] #3   Flags  raise  (input)  flags[0]=true flags[1]=true next=2
            error: 3 steps, 0ms
              Flags  flags[0]=true flags[1]=true next=2

            """)
        #expect(run.stderr == "\(Self.overrun):11:32: error: index 2 in 'flags[next]' is outside the 2 elements of the array [#IndexOutOfRange]\n")
    }

    @Test func theCheckerReportsAnIndexOutsideTheArrayWithACounterexampleThatReplays() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("arrays-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("overrun.jsonl").path
        let check = try SpinrunProcess.run(["--check", "--counterexample", trace, Self.overrun])
        #expect(check.status == 6)
        #expect(PropertyTests.withoutSeconds(check.stdout) == """
            \(Self.overrun):11:32: error: index 2 in 'flags[next]' is outside the 2 elements of the array [#IndexOutOfRange]
              counterexample: 3 moves after the start, 3 steps
              [   0ms] #1   Flags  raise  (input)  flags[0]=true flags[1]=false next=1
              [   0ms] #2   Flags  raise  (input)  flags[0]=true flags[1]=true next=2
              [   0ms] #3   Flags  raise  (input)  flags[0]=true flags[1]=true next=2
            violated: 3 states, 4 transitions, depth 2

            """)
        let replay = try SpinrunProcess.run(["--replay", trace, Self.overrun])
        #expect(replay.stdout == "replay: identical to the recorded trace (3 steps, status error)\n")
        #expect(replay.status == 0)
    }

    /// SPIN on the export: the 34 states of Peterson, and the overrun found by its own array bound
    /// check at the checker's depth (its trail replays in the spec's terms).
    @Test(.enabled(if: SpinTools.installed), arguments: [Self.peterson, Self.overrun])
    func spinAgreesOnArrays(spec: String) throws {
        let agreement = try PromelaTests.agreement(spec)
        #expect(agreement.exported)
        #expect(agreement.compared)
        #expect(agreement.outcome == (spec == Self.overrun ? "violation" : "ok"))
    }

    @Test func theExportNamesElementsInTheirOwnNamespace() throws {
        let export = try SpinrunProcess.run(["--promela", Self.overrun])
        #expect(export.status == 0)
        let lines = export.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("bool s0_e_flags_0 = 1;"))
        #expect(lines.contains("bool s0_e_flags_1 = 0;"))
        #expect(lines.contains("bit indexcheck[1];   /* read at 1 by an index out of range: SPIN's own bound check fails */"))
    }
}
