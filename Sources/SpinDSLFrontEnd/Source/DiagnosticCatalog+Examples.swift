// The examples share a few small specs; each is complete, so that it can be pasted into a file and
// checked (`CatalogTests` does).

import Foundation

extension DiagnosticCatalog {
    /// The small specs the catalog's examples are made of.
    enum Example {
        /// A spin with nested states without diagnostics.
        static let door = """
            spin: Door
            events: [lock, unlock, push, pull]
            inputs: [lock, unlock, push, pull]
            states:
              closed:
                states:
                  locked: {}
                  unlocked: {}
              open: {}
            transitions:
              - { from: unlocked, on: lock, to: locked }
              - { from: locked, on: unlock, to: unlocked }
              - { from: unlocked, on: push, to: open }
              - { from: open, on: pull, to: closed }
            """

        /// The door with a row on `event` out of `closed` to `open`, and `locked` final within `closed`.
        static func doorDone(_ event: String) -> String {
            door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    final: [locked]\n") + "\n  - { from: closed, on: \(event), to: open }"
        }

        /// A spin with two parallel regions without diagnostics.
        static let regions = """
            spin: Pair
            events: [flip, reset]
            inputs: [flip, reset]
            states:
              both:
                parallel:
                  left: { states: { l1: {}, l2: {} } }
                  right: { states: { r1: {}, r2: {} } }
            transitions:
              - { from: l1, on: flip, to: l2 }
              - { from: l2, on: flip, to: l1 }
              - { from: r1, on: flip, to: r2 }
              - { from: r2, on: flip, to: r1 }
            """

        /// `regions` with its parallel state inside a compound state `on` whose `initial` is `initial`.
        static func pairInside(initial: String) -> String {
            var lines: [String] = []
            var inside = false
            for line in regions.split(separator: "\n", omittingEmptySubsequences: false) {
                if line == "transitions:" { inside = false }
                if line == "  both:" {
                    lines += ["  on:", "    initial: \(initial)", "    states:"]
                    inside = true
                }
                lines.append(inside ? "    " + line : String(line))
            }
            return lines.joined(separator: "\n")
        }

        /// A spin whose states nest `depth` levels deep: a chain of compound states, then two leaves.
        static func deeplyNested(_ depth: Int) -> String {
            var text = "spin: Deep\nevents: [go]\ninputs: [go]\nstates:\n"
            for level in 0..<(depth &- 1) {
                let pad = String(repeating: "    ", count: level) + "  "
                text += "\(pad)s\(level):\n\(pad)  states:\n"
            }
            let pad = String(repeating: "    ", count: depth &- 1) + "  "
            text += "\(pad)a: {}\n\(pad)b: {}\ntransitions:\n  - { from: a, on: go, to: b }\n  - { from: b, on: go, to: a }"
            return text
        }

        /// A spin of `count` parallel regions of two states each, each flipped by its own event, with
        /// `rows` rows of the whole spin.
        static func manyRegions(_ count: Int, rows: Int = 0) -> String {
            let events = (0..<count).map { "e\($0)" } + (rows > 0 ? ["poke"] : [])
            var text = "spin: Many\nevents: [\(events.joined(separator: ", "))]\ninputs: [\(events.joined(separator: ", "))]\n"
            if rows > 0 { text += "data:\n  n: 0\n" }
            text += "states:\n  all:\n    parallel:\n"
            for region in 0..<count { text += "      g\(region): { states: { a\(region): {}, b\(region): {} } }\n" }
            text += "transitions:\n"
            for region in 0..<count {
                text += "  - { from: a\(region), on: e\(region), to: b\(region) }\n  - { from: b\(region), on: e\(region), to: a\(region) }\n"
            }
            for row in 0..<rows { text += "  - { on: poke, when: n == \(row), set: { n: n + 1 } }\n" }
            return text
        }

        /// A spin whose `ring` state's entry both raises `rang` and propagates `bell.rang` with `with: {pairs}`.
        static func announcer(_ pairs: String) -> String {
            """
            gears:
              bell:
                events:
                  rang: { amount: int }
            spins:
              Listener:
                data:
                  heard: 0
                events: [heard]
                transitions:
                  - { on: heard, set: { heard: heard + 1 } }
                feedbacks:
                  hear: { catch: bell.rang, emit: heard }
              Ringer:
                events:
                  press: {}
                  rang: { amount: int }
                inputs: [press]
                data:
                  total: 0
                states:
                  quiet: {}
                  ring:
                    entry: { emit: rang, propagate: bell.rang, with: { \(pairs) } }
                transitions:
                  - { from: quiet, on: press, to: ring }
                  - { from: ring, on: rang, to: quiet, set: { total: total + event.amount } }
            """
        }

        /// The door, which defers `lock` while open, opened and then sent `locks` locks, then closed.
        static func deferringDoor(locks: Int) -> String {
            door.replacingOccurrences(of: "  open: {}", with: "  open: { defer: [lock] }") + "\nscript:\n  - { at: 0s, emit: unlock }\n  - { at: 0s, emit: push }\n"
                + (1...max(1, locks)).map { "  - { at: \($0)s, emit: lock }" }.joined(separator: "\n") + "\n  - { at: \(locks &+ 1)s, emit: pull }"
        }

        /// A spin whose `echo` state's entry runs `raising` (`ping` events), each `ping` entering it
        /// again until `stop` pings were counted.
        static func echo(raising actions: String, stop: Int) -> String {
            """
            spin: Echo
            events: [start, ping]
            inputs: [start]
            data:
              pings: 0
            states:
              idle: {}
              echo:
                entry: \(actions)
            transitions:
              - { from: idle, on: start, to: echo }
              - { from: echo, on: ping, when: pings < \(stop), to: echo, set: { pings: pings + 1 } }
              - { from: echo, on: ping, when: pings >= \(stop), to: idle }
            script:
              - { at: 0s, emit: start }
            """
        }

        /// A data-only spin without diagnostics.
        static let counter = """
            spin: Counter
            data:
              count: 0
            events: [tick]
            inputs: [tick]
            transitions:
              - { on: tick, set: { count: count + 1 } }
            """

        /// A spin with two control states without diagnostics.
        static let lamp = """
            spin: Lamp
            states: [off, on]
            events: [toggle]
            inputs: [toggle]
            transitions:
              - { from: off, on: toggle, to: on }
              - { from: on, on: toggle, to: off }
            """

        /// A counter with `count` inputs `i0`, `i1`, … each adding one.
        static func manyInputs(_ count: Int) -> String {
            let names = inputNames(count)
            return "spin: Many\ndata:\n  count: { type: int, initial: 0, range: [0, 1] }\nevents: [\(names)]\ninputs: [\(names)]\ntransitions:\n"
                + (0..<count).map { "  - { on: i\($0), when: count < 1, set: { count: count + 1 } }" }.joined(separator: "\n")
        }

        /// `i0, i1, …` up to `count` names.
        static func inputNames(_ count: Int) -> String {
            (0..<count).map { "i\($0)" }.joined(separator: ", ")
        }

        /// The lamp that turns itself off 5 s after it is turned on, unless turned off before: its
        /// second row cancels the send of id `cancelling`.
        static func lampWithTimeout(cancelling id: String) -> String {
            """
            spin: Lamp
            states: [off, on]
            events: [toggle, timeout]
            inputs: [toggle]
            transitions:
              - { from: off, on: toggle, to: on, send: timeout, delay: 5s, id: autoOff }
              - { from: on, on: toggle, to: off, cancel: \(id) }
              - { from: on, on: timeout, to: off }
            """
        }

        /// The lamp with `old` (a line's text) written as `new`.
        static func lamp(replacing old: String, with new: String) -> String {
            lamp.replacingOccurrences(of: old, with: new)
        }

        /// A counter whose input carries a payload.
        static let payloadCounter = """
            spin: Counter
            data:
              count: 0
            events:
              add: { amount: int }
            inputs: [add]
            transitions:
              - { on: add, set: { count: count + event.amount } }
            """

        /// The counter with its field declared as `count: declaration`.
        static func counter(count declaration: String) -> String {
            counter.replacingOccurrences(of: "  count: 0", with: "  count: \(declaration)")
        }

        /// A spin with an enum field `mode` declared as `declaration`, set to `value` on `tick`.
        static func heater(mode declaration: String, set value: String) -> String {
            "spin: Heater\ndata:\n  mode: \(declaration)\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { mode: \(value) } }"
        }

        /// The counter with a script step at `at`.
        static func counterWithScript(at time: String) -> String {
            counter + "\nscript:\n  - { at: \(time), emit: tick }"
        }

        /// The counter assigning `expression` (as written in YAML) to `count`.
        static func counterSetting(_ expression: String) -> String {
            counter.replacingOccurrences(of: "count: count + 1", with: "count: \(expression)")
        }

        /// The counter with `guard` (as written in YAML) on its row.
        static func counterGuard(_ guardExpression: String) -> String {
            counter.replacingOccurrences(of: "{ on: tick,", with: "{ on: tick, when: \(guardExpression),")
        }

        /// A spin with a string field, assigned `expression`.
        static func labelSetting(_ expression: String) -> String {
            "spin: Label\ndata:\n  label: \"\"\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { label: \(expression) } }"
        }

        /// A spin with a bool field, assigned `expression`.
        static func flagSetting(_ expression: String) -> String {
            "spin: Flag\ndata:\n  done: false\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { done: \(expression) } }"
        }

        /// The counter with `constants:` holding `declaration`, stopping at `limit`.
        static func counterWithConstant(_ declaration: String) -> String {
            "constants:\n  \(declaration)\n" + counter.replacingOccurrences(of: "{ on: tick,", with: "{ on: tick, when: count < limit,")
        }

        /// A vending machine with `types:` holding `declaration`, whose selection is an `Item`.
        static func vending(types declaration: String) -> String {
            "types:\n  \(declaration)\nspin: Vending\ndata:\n  chosen: { type: Item }\nevents:\n  select: { item: Item }\ninputs: [select]\ntransitions:\n  - { on: select, set: { chosen: event.item } }"
        }

        /// A spin with a duration field `delay`, assigned `expression` (as written in YAML).
        static func timer(set expression: String) -> String {
            "spin: Timer\ndata:\n  delay: 1s\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { delay: \(expression) } }"
        }

        /// A spin reduced once by its script: `set` on `data`.
        static func tickOnce(data: String, set: String) -> String {
            "spin: Counter\ndata:\n  \(data)\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { \(set) } }\nscript:\n  - { at: 0s, emit: tick }"
        }

        /// A loader whose effect has `simulate`, or none.
        static func loader(simulate: String?) -> String {
            """
            spin: Loader
            states: [loading, loaded]
            final: loaded
            events: [loaded]
            transitions:
              - { from: loading, on: loaded, to: loaded }
            feedbacks:
              fetch: { enter: loading, effect: fetchPage\(simulate.map { ", simulate: \($0)" } ?? "") }
            """
        }

        /// Two spins and a gear: the sender propagates `propagate` once, the receiver listens with
        /// `listen`.
        static func gears(propagate: String, listen: String = "{ catch: bus.ping, emit: pinged }") -> String {
            """
            gears:
              bus:
                events: [ping]
            spins:
              Receiver:
                data:
                  pings: 0
                events: [pinged]
                transitions:
                  - { on: pinged, set: { pings: pings + 1 } }
                feedbacks:
                  listen: \(listen)
              Sender:
                states: [idle, sent]
                final: sent
                events: [send]
                inputs: [send]
                transitions:
                  - { from: idle, on: send, to: sent }
                feedbacks:
                  announce: { enter: sent, propagate: \(propagate) }
            """
        }
    }
}
