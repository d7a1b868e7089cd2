extension DiagnosticCatalog {
    /// The entries of what the analyzer finds in a spec that loads.
    static let analysis: KeyValuePairs<DiagnosticGroup, DiagnosticEntry> = [
        .unreachableState: .warning(
            "state '{state}' of spin '{spin}' is unreachable from the initial state '{initial}'",
            hint: "add a transition to '{state}', or remove the state",
            explanation: "No chain of transitions leads from the initial state to this one, so the spin can never be in it: a missing transition, or a state left over. A warning, not an error: SCXML loads such a chart (W3C tests 279, 355, 387, 550 need it), and so does spinrun.",
            wrong: Example.lamp(replacing: "states: [off, on]", with: "states: [off, on, broken]"),
            right: Example.lamp),
        .noWayOut: .warning(
            "state '{state}' of spin '{spin}' has no way out and is not final", hint: "add a transition from '{state}', or list it under 'final'",
            explanation: "Once in this state the spin never leaves it, yet it is not declared final: either a transition out is missing, or the state is meant to end the spin. A warning, not an error: SCXML loads such a chart, and so does spinrun.",
            wrong: "spin: Job\nstates: [running, done]\nevents: [finish]\ninputs: [finish]\ntransitions:\n  - { from: running, on: finish, to: done }",
            right: "spin: Job\nstates: [running, done]\nfinal: done\nevents: [finish]\ninputs: [finish]\ntransitions:\n  - { from: running, on: finish, to: done }"),
        .shadowedTransition: .warning(
            "this transition never fires: {on}{inState}, {rows} first every time it could",
            hint: "a state's rows are tried before its parent's and the spin's, each in document order, and the first whose guard holds fires: remove this row, or move it above the rows that take its cases",
            explanation: "For the active state and the event, the state's own rows are tried first, then its parent's (up to the top), then the rows of the whole spin (no 'from', or 'from: any'), each state's in document order; the first whose guard holds fires (docs/statecharts.md, rule 3). Every case of this row (its states, and the values its guard allows) is already taken by rows tried before it, so it is dead. The analysis reads the guards' meaning where it can (comparisons of a field with a constant, enum cases, bools, 'and', 'or', 'not'), and stays silent where it cannot tell: a guarded row followed by an unguarded one (an 'else' row) is fine.",
            wrong: "spin: Counter\ndata:\n  count: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, when: count < 9, set: { count: count + 1 } }\n  - { on: tick, when: count < 5, set: { count: 0 } }",
            right: "spin: Counter\ndata:\n  count: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, when: count < 9, set: { count: count + 1 } }\n  - { on: tick, set: { count: 0 } }"),
        .alwaysFalseGuard: .warning(
            "this transition can never fire: its guard is always false",
            explanation: "The guard is false whatever the state and event (a literal false, or a contradiction the checker can see), so the row is dead.",
            wrong: "spin: Counter\ndata:\n  count: 0\nevents: [tick, reset]\ninputs: [tick, reset]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }\n  - { on: reset, when: false, set: { count: 0 } }",
            right: "spin: Counter\ndata:\n  count: 0\nevents: [tick, reset]\ninputs: [tick, reset]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }\n  - { on: reset, set: { count: 0 } }"),
        .transitionFromDeadState: .warning(
            "this transition can never fire: every source state is {why}",
            explanation: "The row applies only in states the spin never is in when an event arrives: final states (a spin stops there) or states unreachable from the initial state.",
            wrong: "spin: Job\nstates: [running, done]\nfinal: done\nevents: [finish, restart]\ninputs: [finish, restart]\ntransitions:\n  - { from: running, on: finish, to: done }\n  - { from: done, on: restart, to: running }",
            right: "spin: Job\nstates: [running, done]\nfinal: done\nevents: [finish]\ninputs: [finish]\ntransitions:\n  - { from: running, on: finish, to: done }"),
        .neverEmittedEvent: .warning(
            "event '{event}' of spin '{spin}' is never emitted: no rule emits it and it is not an input",
            hint: "add it to 'inputs', or remove it",
            explanation: "Nothing can send this event: it is not an input, no feedback rule emits it, no effect simulation answers with it. Rows on it are dead.",
            wrong: "spin: Lamp\nstates: [off, on]\nevents: [toggle, reset]\ninputs: [toggle]\ntransitions:\n  - { from: off, on: toggle, to: on }\n  - { from: on, on: toggle, to: off }\n  - { on: reset, to: off }",
            right: "spin: Lamp\nstates: [off, on]\nevents: [toggle, reset]\ninputs: [toggle, reset]\ntransitions:\n  - { from: off, on: toggle, to: on }\n  - { from: on, on: toggle, to: off }\n  - { from: on, on: reset, to: off }"),
        .effectWithoutSimulate: .warning(
            "effect '{effect}' has no 'simulate': it runs only where a host program binds it",
            hint: "add 'simulate: { after: 100ms, emit: … }' so that spinrun and tests can run it",
            explanation: "spinrun and tests bind no host effects; without 'simulate' the effect fails there with EffectNotBound when it runs.",
            wrong: Example.loader(simulate: nil),
            right: Example.loader(simulate: "{ after: 100ms, emit: loaded }")),
        .propagateNeverCaught: .warning(
            "no spin catches '{event}'",
            hint: "add a rule with 'catch: {event}' to a spin, or remove the propagate",
            explanation: "The rule sends the event into the gear, but no spin listens for it there.",
            wrong: "gears:\n  bus:\n    events: [ping]\nspins:\n  Sender:\n    states: [idle, sent]\n    final: sent\n    events: [send]\n    inputs: [send]\n    transitions:\n      - { from: idle, on: send, to: sent }\n    feedbacks:\n      announce: { enter: sent, propagate: bus.ping }",
            right: Example.gears(propagate: "bus.ping")),
        .caughtNeverPropagated: .warning(
            "'{event}' is caught but never propagated",
            hint: "add a rule with 'propagate: {event}' to a spin, or remove the catch",
            explanation: "The rule listens for the event on the gear, but no spin sends it there.",
            wrong: "gears:\n  bus:\n    events: [ping]\nspins:\n  Receiver:\n    data:\n      pings: 0\n    events: [pinged]\n    transitions:\n      - { on: pinged, set: { pings: pings + 1 } }\n    feedbacks:\n      listen: { catch: bus.ping, emit: pinged }",
            right: Example.gears(propagate: "bus.ping")),
    ]
}
