import Foundation
import Testing

/// How spinrun takes inputs and names: did-you-mean for event names, which spin has an event,
/// comments at the ends of `--events` lines, `--events /dev/stdin`, inputs and `--until` that
/// name a spin, `--spin` that lists the spins, and counts in the right number.
@Suite("spinrun inputs and names")
struct InputOptionTests {
    private static let doorAndBell = "Tests/SpinrunTests/Fixtures/door-and-bell.yaml"

    @Test("a misspelt event name gets a did-you-mean, from --event and typed on stdin")
    func didYouMean() throws {
        let option = try SpinrunProcess.run(["--event", "psuh", "Specs/turnstile.yaml"])
        #expect(option.status == 64)
        #expect(option.stderr == "Error: --event psuh: spin 'Turnstile' has no event 'psuh'; did you mean 'push'? [#UnknownInputEvent]\n")
        let typed = try SpinrunProcess.run(["--interactive", "--quiet", "Specs/turnstile.yaml"], stdin: "psuh\n")
        #expect(typed.stderr == "Error: stdin:1: spin 'Turnstile' has no event 'psuh'; did you mean 'push'? [#UnknownInputEvent]\n")
    }

    @Test("an event of another spin: the message says which spin has it and what to write")
    func whichSpinHasTheEvent() throws {
        let notAnInput = try SpinrunProcess.run(["--event", "retry", "Specs/gear.yaml"])
        #expect(notAnInput.status == 64)
        #expect(notAnInput.stderr == "Error: --event retry: event 'retry' is not an input of spin 'Feature'; declare it under 'inputs' [#NotAnInput]\n")
        let otherSpin = try SpinrunProcess.run(["--spin", "Door", "--event", "ring", Self.doorAndBell])
        #expect(otherSpin.stderr == "Error: --event ring: spin 'Door' has no event 'ring'; spin 'Bell' has it: --spin Bell, or 'Bell.ring' [#UnknownInputEvent]\n")
        let noSpin = try SpinrunProcess.run(["--event", "rign", Self.doorAndBell])
        #expect(noSpin.stderr == "Error: --event rign: no spin has an event 'rign'; did you mean 'Bell.ring'? [#NoSpinHasEvent]\n")
        let far = try SpinrunProcess.run(["--event", "xyzzy", Self.doorAndBell])
        #expect(far.stderr == "Error: --event xyzzy: no spin has an event 'xyzzy'; the inputs: Door.close, Bell.ring [#NoSpinHasEvent]\n")
    }

    @Test("--spin with an unknown name lists the spins")
    func unknownSpinListsTheSpins() throws {
        let far = try SpinrunProcess.run(["--spin", "Feat", "Specs/gear.yaml"])
        #expect(far.status == 64)
        #expect(far.stderr == "Error: --spin: unknown spin 'Feat'; the spins: Authorization, Feature [#UnknownSpin]\n")
        let near = try SpinrunProcess.run(["--spin", "Featur", "Specs/gear.yaml"])
        #expect(near.stderr == "Error: --spin: unknown spin 'Featur'; did you mean 'Feature'? (the spins: Authorization, Feature) [#UnknownSpin]\n")
    }

    @Test("inputs may name their spin: Spin.event, in --events and --event")
    func qualifiedInputs() throws {
        let file = try SpinrunProcess.run(["--events", "Tests/SpinrunTests/Fixtures/door-and-bell.events", Self.doorAndBell])
        #expect(file.status == 0)
        #expect(file.stderr == "")
        #expect(file.stdout == """
            [    1000ms] #1   Door  close  (input)  open → shut
            [    2000ms] #2   Bell  ring   (input)  rings=1
            idle: 2 steps, 2000ms
              Door  shut
              Bell  rings=1

            """)
        let option = try SpinrunProcess.run(["--quiet", "--spin", "Door", "--event", "Bell.ring", Self.doorAndBell])
        #expect(option.stdout == "idle: 1 step, 0ms\n  Door  open\n  Bell  rings=1\n")
        let unknown = try SpinrunProcess.run(["--event", "Bel.ring", Self.doorAndBell])
        #expect(unknown.stderr == "Error: --event Bel.ring: unknown spin 'Bel'; did you mean 'Bell'? (the spins: Door, Bell) [#UnknownSpin]\n")
    }

    @Test("--until may name its spin; an unqualified name of another spin says how to write it")
    func qualifiedUntil() throws {
        let output = try SpinrunProcess.run(["--quiet", "--until", "Feature.attempts > 1", "Specs/gear.yaml"])
        #expect(output.status == 0)
        #expect(output.stdout == "until: 5 steps, 200ms\n  Authorization  authorized  checks=1\n  Feature        loaded  attempts=2\n")
        let unqualified = try SpinrunProcess.run(["--until", "attempts > 1", "Specs/gear.yaml"])
        #expect(unqualified.status == 64)
        #expect(unqualified.stderr == """
            --until:1:1: error: unknown name 'attempts' [#UnknownName]
                attempts > 1
                ^
            hint: 'attempts' is a field of spin 'Feature' (unqualified names are fields of spin 'Authorization'): write 'Feature.attempts', or use --spin Feature

            """)
        let mixed = try SpinrunProcess.run(["--until", "Feature.attempts > 1 and Authorization.checks > 0", "Specs/gear.yaml"])
        #expect(mixed.status == 64)
        #expect(mixed.stderr.hasPrefix("--until:1:1: error: --until reads the state of one spin; it names 'Feature' and 'Authorization' [#UntilSpansSpins]\n"))
        let misspelt = try SpinrunProcess.run(["--until", "Featur.attempts > 1", "Specs/gear.yaml"])
        #expect(misspelt.stderr.hasPrefix("--until:1:1: error: unknown spin 'Featur' [#UnknownSpin]\n"))
        #expect(misspelt.stderr.hasSuffix("hint: did you mean 'Feature'? (the spins: Authorization, Feature)\n"))
    }

    @Test("a # comment may end an --events line (outside a JSON string)")
    func trailingComments() throws {
        let output = try SpinrunProcess.run(["--quiet", "--events", "Tests/SpinrunTests/Fixtures/commented.events", "Specs/turnstile.yaml"])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout == "idle: 2 steps, 500ms\n  Turnstile  locked  credit=25 passes=1\n")
        let inString = try SpinrunProcess.run(["--events", "/dev/stdin", "Specs/turnstile.yaml"], stdin: "coin {\"amount\":\"#1\"}  # the # in the string stays\n")
        #expect(inString.stderr == "Error: /dev/stdin:1: field 'amount' of 'coin' must be an int, not \"#1\" [#PayloadFieldType]\n")
    }

    @Test("--events /dev/stdin reads the events from stdin, a pipe")
    func eventsFromStdin() throws {
        let output = try SpinrunProcess.run(
            ["--quiet", "--events", "/dev/stdin", "Specs/turnstile.yaml"], stdin: "coin {\"amount\":25}\n1s push\n", stdinIsPipe: true)
        #expect(output.status == 0)
        #expect(output.stdout == "idle: 2 steps, 1000ms\n  Turnstile  locked  credit=25 passes=1\n")
    }

    @Test("one step, one event: counts in the right number in limit messages")
    func singularCounts() throws {
        let steps = try SpinrunProcess.run(["--quiet", "--max-steps", "1", "Specs/counter.yaml"])
        #expect(steps.stdout == "max-steps: 1 step, 0ms\n  Counter  count=1\n")
        #expect(steps.stderr == "spinrun: stopped by the step limit: 1 step (--max-steps); a spec that never settles runs until this limit [#StepLimit]\n")
        let queue = try SpinrunProcess.run(["--quiet", "--max-queue", "1", "Tests/SpinrunTests/Fixtures/runaway.yaml"])
        #expect(queue.stderr.hasPrefix("spinrun: stopped by the queue limit: spin 'Runaway' had 1 event waiting (--max-queue);"))
    }
}
