import Foundation
import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd

/// `Specs/spin.schema.json` and the validator accept the same specs: the example specs and
/// near-hits (unusual but valid) pass both; near-misses (one mistake of shape or of naming) fail
/// both. The schema checks shapes and names only: what an expression means, which names a
/// reference resolves to, and values beyond their syntax are the validator's alone
/// (docs/spec-format.md, "The schema").
@Suite struct SchemaAgreementTests {
    static let lamp = """
        spin: Lamp
        states: [off, on]
        data:
          flips: 0
        events: [toggle]
        inputs: [toggle]
        transitions:
          - { from: off, on: toggle, to: on, set: { flips: flips + 1 } }
          - { from: on, on: toggle, to: off }
        """

    /// The lamp with `old` written as `new`.
    static func lamp(_ old: String, _ new: String) -> String {
        lamp.replacingOccurrences(of: old, with: new)
    }

    /// The lamp with `text` added at the end.
    static func lamp(adding text: String) -> String {
        lamp + "\n" + text
    }

    /// Valid specs, each exercising a corner of the language.
    static let nearHits: [(String, String)] = [
        ("the lamp", lamp),
        ("names with '_' and digits", lamp("states: [off, on]", "states: [_off, on2]")
            .replacingOccurrences(of: "from: off", with: "from: _off").replacingOccurrences(of: "to: off", with: "to: _off")
            .replacingOccurrences(of: "from: on,", with: "from: on2,").replacingOccurrences(of: "to: on,", with: "to: on2,")),
        ("an enum field without initial", lamp("  flips: 0", "  flips: 0\n  mode: { type: enum, values: [eco, full] }")),
        ("durations in data", lamp("  flips: 0", "  flips: 0\n  delay: 500ms\n  limit: { type: duration, initial: 2s }")),
        ("shared types and constants", "types:\n  Item: [cola, water]\nconstants:\n  price: 25\n  base: 1.5s\n  pick: { type: Item, value: water }\n  ratio: { value: 0.5 }\n"
            + lamp("  flips: 0", "  flips: 0\n  chosen: { type: Item }\n  other: { type: Item, initial: cola }")),
        ("a payload of a shared type, long and short", "types:\n  Item: [cola, water]\n"
            + lamp("events: [toggle]", "events:\n  toggle: { item: Item, size: { type: Item } }")),
        ("computed timers", lamp(adding: "feedbacks:\n  auto: { when: flips < 3, after: 1s * (flips + 1), emit: toggle }\n  tick: { in: on, every: 2s, emit: toggle }")),
        ("a simulated choice with its own latency", lamp(adding: "feedbacks:\n  call: { enter: on, effect: fetch, simulate: { after: 1s, choose: [ { weight: 1, after: 5s, emit: toggle }, { weight: 2, emit: toggle } ] } }")),
        ("a row on a list of events", lamp("events: [toggle]", "events: [toggle, flip]").replacingOccurrences(of: "inputs: [toggle]", with: "inputs: [toggle, flip]")
            .replacingOccurrences(of: "{ from: on, on: toggle, to: off }", with: "{ from: on, on: [toggle, flip], to: off }")
            .replacingOccurrences(of: "{ from: off, on: toggle,", with: "{ from: off, on: [toggle],")),
        ("conditional entry and exit actions, an elseif among them",
         lamp("states: [off, on]", "states:\n  off: {}\n  on:\n    entry:\n      - if: flips > 2\n        then: [{ set: { flips: 0 } }]\n        else: { if: flips > 1, then: { set: { flips: flips + 1 } }, else: [] }\n    exit: { if: true, then: { set: { flips: flips } } }")),
        ("a row's conditional action", lamp("{ from: on, on: toggle, to: off }", "{ from: on, on: toggle, to: off, if: flips > 2, then: { set: { flips: 0 } }, else: [] }")),
        ("dotted event names and rows on descriptors", lamp("events: [toggle]", "events: [toggle, switch.on, switch.off.now]")
            .replacingOccurrences(of: "inputs: [toggle]", with: "inputs: [toggle, switch.on, switch.off.now]")
            .replacingOccurrences(of: "{ from: on, on: toggle, to: off }", with: "{ from: on, on: [toggle, switch.off.*], to: off }\n  - { from: off, on: switch, to: on }\n  - { on: '*', set: { flips: 0 } }")),
        ("a parallel spin", "spin: Player\nevents: [play, louder]\ninputs: [play, louder]\nparallel:\n  deck: { states: [stopped, playing], final: [playing] }\n  sound: { states: [quiet] }\ntransitions:\n  - { from: stopped, on: play, to: playing }\n  - { from: quiet, on: louder, to: quiet }\n"),
        ("timed rows", lamp("{ from: on, on: toggle, to: off }", "{ from: on, after: 2s, to: off }\n  - { from: on, after: '1s * (flips + 1)', when: flips > 1, set: { flips: 0 } }")),
        ("a history's default, short and long", lamp("states: [off, on]", "states:\n  off: {}\n  on:\n    history: { type: deep, default: b }\n    states: [a, b]\n  other: { history: { default: x }, states: [x, y] }")
            .replacingOccurrences(of: "{ from: off, on: toggle, to: on }", with: "{ from: off, on: toggle, to: history(on) }\n  - { from: a, on: toggle, to: other }\n  - { from: x, on: toggle, to: y }\n  - { from: y, on: toggle, to: history(other) }")),
        ("both kinds of history named on rows", lamp("states: [off, on]", "states:\n  off: {}\n  on:\n    history: shallow\n    states: [a, b]\n  other: { states: [x, y] }")
            .replacingOccurrences(of: "{ from: on, on: toggle, to: off }", with: "{ from: off, on: toggle, to: 'history(on, deep)' }\n  - { from: a, on: toggle, to: history(on) }\n  - { from: b, on: toggle, to: 'history(other,shallow)' }\n  - { from: x, on: toggle, to: y }")),
        ("initial transitions: deep targets, a list, actions", "spin: P\ndata:\n  n: 0\nevents: [go, ready]\ninputs: [go]\ninitial: { to: off, set: { n: 1 } }\nstates:\n  off: {}\n  on:\n    initial: { to: [b, y], emit: ready }\n    states:\n      m:\n        parallel:\n          r1: { initial: b, states: [a, b] }\n          r2: { initial: { to: y, if: n > 0, then: { set: { n: 0 } } }, states: [x, y] }\ntransitions:\n  - { from: off, on: go, to: on }\n  - { from: on, on: go, to: off }\n  - { on: ready, set: { n: n + 1 } }\n"),
        ("a parallel spin starting in a state of each region", "spin: Player\nevents: [play]\ninputs: [play]\ninitial: [paused, loud]\nparallel:\n  track: { states: [playing, paused] }\n  volume: { states: [quiet, loud] }\ntransitions:\n  - { from: paused, on: play, to: playing }\n  - { from: playing, on: play, to: paused }\n  - { from: quiet, on: play, to: loud }\n  - { from: loud, on: play, to: quiet }\n"),
        ("deferred events, one and a list", lamp("states: [off, on]", "states:\n  off: { defer: toggle }\n  on: { defer: [toggle] }")),
        ("a multi-spin file with types and constants", "types:\n  Level: [low, high]\nconstants:\n  limit: 3\nspins:\n  A:\n    data:\n      level: { type: Level }\n    events: [go]\n    inputs: [go]\n    transitions:\n      - { on: go, set: { level: .high } }\n"),
    ]

    /// Specs with one mistake each, of a kind both must refuse.
    static let nearMisses: [(String, String)] = [
        ("an event name with an empty token", lamp("events: [toggle]", "events: [toggle, switch..on]")),
        ("a row on a descriptor ending in '.'", lamp("{ from: on, on: toggle, to: off }", "{ from: on, on: toggle., to: off }")),
        ("a spin with both states and parallel", lamp("states: [off, on]", "states: [off, on]\nparallel: [left, right]")),
        ("a timed row with an event", lamp("{ from: on, on: toggle, to: off }", "{ from: on, on: toggle, after: 2s, to: off }")),
        ("a timed row from any state", lamp("{ from: on, on: toggle, to: off }", "{ after: 2s, to: off }")),
        ("a timed row from a list of states", lamp("{ from: on, on: toggle, to: off }", "{ from: [on, off], after: 2s, to: off }")),
        ("a history target of an unknown kind", lamp("states: [off, on]", "states:\n  off: {}\n  on: { history: deep, states: [a, b] }")
            .replacingOccurrences(of: "{ from: on, on: toggle, to: off }", with: "{ from: off, on: toggle, to: 'history(on, last)' }")),
        ("an initial transition without 'to'", lamp("states: [off, on]", "states:\n  off: {}\n  on: { initial: { set: { flips: 0 } }, states: [a, b] }")),
        ("an empty list of initial states", lamp("states: [off, on]", "states:\n  off: {}\n  on: { initial: [], states: [a, b] }")),
        ("an initial transition with an unknown key", lamp("states: [off, on]", "states:\n  off: {}\n  on: { initial: { to: a, go: b }, states: [a, b] }")),
        ("a deferred event that is no event name", lamp("states: [off, on]", "states:\n  off: {}\n  on: { defer: [toggle!] }")),
        ("a history with an unknown key", lamp("states: [off, on]", "states:\n  off: {}\n  on: { history: { type: deep, dflt: a }, states: [a, b] }")),
        ("a row's 'then' without 'if'", lamp("{ from: on, on: toggle, to: off }", "{ from: on, on: toggle, to: off, then: { set: { flips: 0 } } }")),
        ("a row's 'if' without 'then'", lamp("{ from: on, on: toggle, to: off }", "{ from: on, on: toggle, to: off, if: flips > 2 }")),
        ("a conditional action without 'then'", lamp("states: [off, on]", "states:\n  off: {}\n  on: { entry: { if: flips > 2, else: { set: { flips: 0 } } } }")),
        ("a conditional action with 'set' beside 'if'", lamp("states: [off, on]", "states:\n  off: {}\n  on: { entry: { if: flips > 2, then: { set: { flips: 0 } }, set: { flips: 1 } } }")),
        ("a state name with a dash", lamp("states: [off, on]", "states: [off, on, in-progress]")),
        ("a state name with a non-ASCII letter", lamp("states: [off, on]", "states: [off, on, café]")),
        ("an empty state name", lamp("states: [off, on]", "states: [off, on, \"\"]")),
        ("a spin name with a quote", lamp("spin: Lamp", "spin: 'La\"mp'")),
        ("an event name with a space", lamp("events: [toggle]", "events: [toggle, \"switch off\"]")),
        ("a data field named state", lamp("  flips: 0", "  flips: 0\n  state: 1")),
        ("a data field named event", lamp("  flips: 0", "  flips: 0\n  event: 1")),
        ("a data field named and", lamp("  flips: 0", "  flips: 0\n  and: 1")),
        ("a data field name with a space", lamp("  flips: 0", "  flips: 0\n  \"max flips\": 1")),
        ("a payload field name with a dash", lamp("events: [toggle]", "events:\n  toggle: { by-hand: bool }")),
        ("an enum case with a dash", lamp("  flips: 0", "  flips: 0\n  mode: { type: enum, values: [eco, full-power] }")),
        ("a feedback rule name with a dash", lamp(adding: "feedbacks:\n  auto-off: { in: on, emit: toggle }")),
        ("an effect name with a dash", lamp(adding: "feedbacks:\n  call: { enter: on, effect: fetch-page, simulate: { emit: toggle } }")),
        ("a constant named event", "constants:\n  event: 1\n" + lamp),
        ("a lowercase type name", "types:\n  item: [cola, water]\n" + lamp),
        ("a type without cases", "types:\n  Item: []\n" + lamp),
        ("a type with a duplicate case", "types:\n  Item: [cola, cola]\n" + lamp),
        ("a constant without value", "constants:\n  price: { type: int }\n" + lamp),
        ("an unknown lowercase field type", lamp("  flips: 0", "  flips: { type: integer, initial: 0 }")),
        ("an int field without initial", lamp("  flips: 0", "  flips: { type: int }")),
        ("a duration field with a number", lamp("  flips: 0", "  flips: 0\n  delay: { type: duration, initial: 5 }")),
        ("a number for after", lamp(adding: "feedbacks:\n  auto: { in: on, after: 5, emit: toggle }")),
        ("a bool for every", lamp(adding: "feedbacks:\n  auto: { in: on, every: true, emit: toggle }")),
        ("after in a rule's choice", lamp(adding: "feedbacks:\n  pick: { in: on, choose: [ { weight: 1, after: 1s, emit: toggle } ] }")),
        ("a number for a simulated choice's after", lamp(adding: "feedbacks:\n  call: { enter: on, effect: fetch, simulate: { choose: [ { weight: 1, after: 5, emit: toggle } ] } }")),
        ("a row on an empty list of events", lamp("{ from: on, on: toggle, to: off }", "{ from: on, on: [], to: off }")),
        ("a row on an event listed twice", lamp("{ from: on, on: toggle, to: off }", "{ from: on, on: [toggle, toggle], to: off }")),
        ("types inside a spin of a multi-spin file", "spins:\n  A:\n    types: { X: [a] }\n    events: [go]\n"),
        ("constants inside a spin of a multi-spin file", "spins:\n  A:\n    constants: { x: 1 }\n    events: [go]\n"),
    ]

    private static func write(_ specs: [(String, String)], in directory: URL) throws -> [String] {
        try specs.indices.map { index in
            let url = directory.appendingPathComponent("spec\(index).yaml")
            try specs[index].1.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
    }

    /// The paths among `paths` the schema rejects.
    private static func rejectedBySchema(_ paths: [String]) throws -> Set<String> {
        let run = try SchemaTests.validate(paths)
        return Set(paths.filter { run.standardError.contains($0 + ":") })
    }

    private static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("SchemaAgreement-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func nearHitsPassBoth() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try Self.write(Self.nearHits, in: directory)
        let rejected = try Self.rejectedBySchema(paths)
        for (index, (what, text)) in Self.nearHits.enumerated() {
            #expect(!rejected.contains(paths[index]), "the schema rejects \(what)")
            let spec = TestSpec.load(text: text, path: "\(what).yaml")
            #expect(!spec.hasErrors, "the validator rejects \(what):\n\(spec.renderedDiagnostics)")
        }
    }

    @Test func nearMissesFailBoth() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try Self.write(Self.nearMisses, in: directory)
        let rejected = try Self.rejectedBySchema(paths)
        for (index, (what, text)) in Self.nearMisses.enumerated() {
            #expect(rejected.contains(paths[index]), "the schema accepts \(what)")
            #expect(TestSpec.load(text: text, path: "\(what).yaml").hasErrors, "the validator accepts \(what)")
        }
    }

    @Test(arguments: SchemaTests.exampleSpecs)
    func exampleSpecsPassTheValidator(_ name: String) {
        let spec = loadSpec(name)
        #expect(!spec.hasErrors, "\(spec.renderedDiagnostics)")
    }
}
