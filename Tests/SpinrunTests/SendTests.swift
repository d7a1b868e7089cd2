import Foundation
import Testing

/// Sends to the spin itself (docs/statecharts.md, rule 20): `{ send: E, with, delay, id }` puts E
/// on the external queue after the delay, its payload and delay evaluated when the send runs; a
/// pending send survives leaving the state that sent it, a send of its channel replaces it (and
/// restarts its timer), `{ cancel: X }` drops the pending sends of id X.
@Suite struct SendTests {
    static let spec = "Tests/SpinrunTests/Fixtures/sends.yaml"
    static let flat = "Tests/SpinrunTests/Fixtures/sends-flat.yaml"

    /// The door: `log` from the start's entry of `closed` arrives in `opened` with the count of
    /// when it was sent; the re-entry at 1s cancels and sends again (the close is due 2s after
    /// it, but the close at 2s cancels it); the hold at 1.5s lengthens the next wait only.
    @Test func aSendArrivesAfterItsDelayWithWhatItWasSentWith() throws {
        let run = try SpinrunProcess.run([Self.spec, "--events", "Tests/SpinrunTests/Fixtures/sends-events.txt"])
        #expect(run.status == 0)
        #expect(run.stdout == """
            [       0ms] #1   Door  open       (input)  closed → opened  opens=1 wait=2s logged=0
            [     500ms] #2   Door  log {"count":0}  (send(log))  opened  opens=1 wait=2s logged=0  (unchanged)
            [    1000ms] #3   Door  open       (input)  opened  opens=2 wait=2s logged=0  (re-entered opened)
            [    1500ms] #4   Door  hold       (input)  opened  opens=2 wait=3s logged=0
            [    2000ms] #5   Door  close      (input)  opened → closed  opens=2 wait=3s logged=0
            [    2200ms] #6   Door  open       (input)  closed → opened  opens=3 wait=3s logged=0
            [    2500ms] #7   Door  log {"count":2}  (send(log))  opened  opens=3 wait=3s logged=2
            [    5200ms] #8   Door  autoClose  (send(timer))  opened → closed  opens=3 wait=3s logged=2
            [    5700ms] #9   Door  log {"count":3}  (send(log))  closed  opens=3 wait=3s logged=3
            idle: 9 steps, 5700ms
              Door  closed  opens=3 wait=3s logged=3

            """)
    }

    /// A flat spin's rows send too: without a delay the event is next on the queue, as an input
    /// would be; two sends of one event from two rows are two channels (`send(ping)`,
    /// `send(ping#1)`); the fields the language keeps for a send are in no trace.
    @Test func aRowSendsAtOnceOrAfterADelay() throws {
        let run = try SpinrunProcess.run([Self.flat, "--event", "start", "--format", "jsonl"])
        #expect(run.status == 0)
        #expect(run.stdout == """
            {"run":{"seed":1,"inputs":"events"}}
            {"step":1,"time":0,"spin":"Pinger","event":{"name":"start","payload":{}},"source":"input","from":"idle","to":"waiting","state":{"pongs":0}}
            {"step":2,"time":0,"spin":"Pinger","event":{"name":"ping","payload":{"n":1}},"source":"send(ping)","from":"waiting","to":"waiting","state":{"pongs":1}}
            {"step":3,"time":1000,"spin":"Pinger","event":{"name":"ping","payload":{"n":2}},"source":"send(ping#1)","from":"waiting","to":"waiting","state":{"pongs":2}}
            {"step":4,"time":2000,"spin":"Pinger","event":{"name":"ping","payload":{"n":3}},"source":"send(ping#1)","from":"waiting","to":"waiting","state":{"pongs":2}}
            {"step":5,"time":7000,"spin":"Pinger","event":{"name":"giveUp","payload":{}},"source":"send(patience)","from":"waiting","to":"idle","state":{"pongs":0}}
            {"summary":{"status":"idle","steps":5,"time":7000,"spins":{"Pinger":{"state":"idle","data":{"pongs":0}}}}}

            """)
        let trace = try HistoryKindTests.written(run.stdout)
        let replay = try SpinrunProcess.run(["--replay", trace, Self.flat])
        #expect(replay.stdout == "replay: identical to the recorded trace (5 steps, status idle)\n")
    }

    /// Pending sends are checked state: whether each channel's send is pending, with its timer
    /// and the state it was sent from (its payload); not the counters that told a run so.
    @Test func theCheckerCountsPendingSends() throws {
        let door = try SpinrunProcess.run(["--check", Self.spec])
        #expect(door.status == 0)
        #expect(BitstateTests.withoutSeconds(door.stdout) == "ok: 892 states, 2957 transitions, depth 17\n")
        let flat = try SpinrunProcess.run(["--check", Self.flat])
        #expect(BitstateTests.withoutSeconds(flat.stdout) == "ok: 12 states, 22 transitions, depth 5\n")
    }

    /// A lamp that turns itself off: 3 states (off; on, its send pending; off with nothing
    /// pending is the first), whatever was sent and cancelled before.
    @Test func aCancelledOrDeliveredSendLeavesNothingBehind() throws {
        let lamp = try HistoryKindTests.written("""
            spin: Lamp
            states: [off, on]
            events: [toggle, timeout]
            inputs: [toggle]
            transitions:
              - { from: off, on: toggle, to: on, send: timeout, delay: 5s, id: autoOff }
              - { from: on, on: toggle, to: off, cancel: autoOff }
              - { from: on, on: timeout, to: off }
            """)
        let check = try SpinrunProcess.run(["--check", lamp])
        #expect(BitstateTests.withoutSeconds(check.stdout) == "ok: 2 states, 4 transitions, depth 1\n")
    }

    /// A counterexample through a send replays: the send at the start is replaced by the one
    /// `closed`'s entry makes again, which arrives 500ms later with the count of then.
    @Test func aCounterexampleThroughASendReplays() throws {
        let text = try String(contentsOfFile: Self.spec, encoding: .utf8) + "invariants:\n  neverThree: logged < 3\n"
        let spec = try HistoryKindTests.written(text)
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("sends-\(UUID().uuidString).jsonl").path
        let check = try SpinrunProcess.run(["--check", "--counterexample", trace, spec])
        #expect(check.status == 6)
        #expect(check.stdout.contains("""
              counterexample: 5 moves after the start, 5 steps
              [   0ms] #1   Door  open       (input)  closed → opened  opens=1 wait=2s logged=0
              [   0ms] #2   Door  open       (input)  opened  opens=2 wait=2s logged=0  (re-entered opened)
              [   0ms] #3   Door  open       (input)  opened  opens=3 wait=2s logged=0  (re-entered opened)
              [   0ms] #4   Door  close      (input)  opened → closed  opens=3 wait=2s logged=0
              [ 500ms] #5   Door  log {"count":3}  (send(log))  closed  opens=3 wait=2s logged=3
            """))
        let replay = try SpinrunProcess.run(["--replay", trace, spec])
        #expect(replay.stdout == "replay: identical to the recorded trace (5 steps, status invariant)\n")
    }

    @Test func diagramsDrawSendsAndCancelsAsActions() throws {
        let mermaid = try SpinrunProcess.run(["--mermaid", "--labels", "full", Self.spec])
        #expect(mermaid.stdout == """
            ---
            title: "Door"
            ---
            stateDiagram-v2
                %% sends: generated from the spec; labels read `event [guard] / assignments`
                %% a row without `to` (the state stays) is a line `on event` of its state; a loop is a row `to:` its own source; [else]: tried after guarded rows
                [*] --> closed
                closed
                note right of closed
                    entry / send log after 500ms
                    on log / logged #58;= event.count
                end note
                opened
                note right of opened
                    entry / opens #58;= (opens + 1) #37; 4
                    entry / send autoClose after wait as timer
                    exit / cancel timer
                    on hold [wait #lt; 4s] / wait #58;= wait + 1s
                    on log / logged #58;= event.count
                end note
                closed --> opened : open
                opened --> closed : close
                opened --> closed : autoClose
                opened --> opened : open

            """)
        let dot = try SpinrunProcess.run(["--dot", "--labels", "full", Self.flat])
        #expect(dot.stdout.contains(#""Pinger.idle" -> "Pinger.waiting" [label="start / send ping", style=bold];"#))
        #expect(dot.stdout.contains(#""Pinger.waiting" -> "Pinger.idle" [label="stop / cancel patience", style=bold];"#))
        #expect(!dot.stdout.contains("__send"))
    }

    @Test func theExportRefusesASendAsTheSendItIs() throws {
        let export = try SpinrunProcess.run(["--promela", Self.flat])
        #expect(export.status == 1)
        #expect(export.stderr.hasPrefix("""
            Tests/SpinrunTests/Fixtures/sends-flat.yaml:13:49: error: 'send' (its rule 'send(ping)') cannot be exported to Promela: sends are not exported; 'spinrun --check' checks them [#NotExportable]
                  - { from: idle, on: start, to: waiting, send: ping, with: { n: pongs + 1 } }
                                                                ^
            """))
        #expect(!export.stderr.contains("__send"))
    }
}
