extension DiagnosticCatalog {
    /// The entries of the groups of statecharts: nested and parallel states, actions, completion.
    static let statecharts: KeyValuePairs<DiagnosticGroup, DiagnosticEntry> = [
        .bothStatesAndParallel: .error(
            "{what} '{state}' has both 'states' and 'parallel' (it already has '{first}')",
            hint: "children are either alternatives ('states', one active at a time) or regions active together ('parallel'): keep one",
            explanation: "A compound state ('states') has exactly one active child at a time; a parallel state ('parallel') has all its children, its regions, active at once. A state is one or the other; so is a spin ('parallel' in a spin's body: its regions at top level).",
            wrong: Example.door.replacingOccurrences(of: "      unlocked: {}", with: "      unlocked: {}\n    parallel: { bell: {} }"),
            right: Example.door),
        .statesTooDeep: .error(
            "states nested deeper than {limit} levels", hint: "flatten the tree; at most {limit} levels are allowed",
            explanation: "States may nest 64 levels deep. The limit keeps the walks over the tree far from the stack's limit whatever the input.",
            wrong: Example.deeplyNested(65),
            right: Example.deeplyNested(64)),
        .unknownHistory: .error(
            "unknown history '{value}'", hint: "write 'shallow' or 'deep'",
            explanation: "A compound state's 'history' is 'shallow' (it records which child was active) or 'deep' (it records every active state below it).",
            wrong: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    history: last\n"),
            right: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    history: shallow\n")),
        .actionWithWithoutEvent: .error(
            "'with' needs 'emit' or 'propagate' beside it", hint: "'with' gives the payload of the emitted or propagated event",
            explanation: "In a state's 'entry' or 'exit' action, 'with' gives the payload of the event the action emits or propagates; without one of them it has nothing to give.",
            wrong: Example.door.replacingOccurrences(of: "  open: {}", with: "  open: { entry: { set: { count: count + 1 }, with: { count: 1 } } }") + "\ndata:\n  count: 0",
            right: Example.door.replacingOccurrences(of: "  open: {}", with: "  open: { entry: { set: { count: count + 1 } } }") + "\ndata:\n  count: 0"),
        .emptyAction: .error(
            "this '{key}' action does nothing", hint: "give it 'set', 'emit' or 'propagate', or remove it",
            explanation: "An 'entry' or 'exit' action is 'set', 'emit' or 'propagate', or several of them; an empty one is most likely a mistake.",
            wrong: Example.door.replacingOccurrences(of: "  open: {}", with: "  open: { entry: {} }"),
            right: Example.door),
        .conditionalWithoutThen: .error(
            "this conditional action of '{key}' has no 'then'", hint: "give it 'then' with the actions to run when the condition holds",
            explanation: "A conditional action '{ if: EXPR, then: ACTIONS, else: ACTIONS }' (SCXML's <if>) evaluates its condition once, when it is reached, and runs the actions of 'then' when it holds, else those of 'else' (which may hold another conditional action: an elseif). 'then' is required; 'else' is optional.",
            wrong: Example.door.replacingOccurrences(of: "  open: {}", with: "  open: { entry: { if: true, else: { emit: push } } }"),
            right: Example.door.replacingOccurrences(of: "  open: {}", with: "  open: { entry: { if: true, then: { emit: push } } }")),
        .conditionalWithoutIf: .error(
            "'then' or 'else' on a row without 'if'", hint: "add 'if' with the condition, or move the actions to the row's 'set', 'emit' and 'propagate'",
            explanation: "A row's conditional action is its keys 'if', 'then' and 'else' (SCXML's <if> in a transition): after the row's 'set', the condition is evaluated once and the actions of 'then' run when it holds, else those of 'else'; then the row's 'emit' and 'propagate'. 'then' and 'else' mean nothing without 'if'.",
            wrong: Example.door + "\n  - { from: open, on: push, then: { emit: pull } }",
            right: Example.door + "\n  - { from: open, on: push, if: true, then: { emit: pull } }"),
        .stateWithoutChildren: .error(
            "state '{state}' declares children but has none", hint: "add its states, or remove 'states' or 'parallel'",
            explanation: "'states' and 'parallel' list a state's children; an empty list leaves a compound or parallel state that can never be in any child.",
            wrong: Example.door.replacingOccurrences(of: "  open: {}", with: "  open: { states: {} }"),
            right: Example.door),
        .initialNotAChild: .error(
            "'{name}' is not a state below '{state}', so it cannot be its initial state",
            explanation: "A compound state's 'initial' names what it enters by default (its first child when it is not written): a child, or states deeper below it, one per region of the parallel states between (SCXML 3.6). It cannot name a state elsewhere in the tree.",
            wrong: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    initial: open\n"),
            right: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    initial: unlocked\n")),
        .initialWithoutChildren: .error(
            "state '{state}' {why}, so it has no initial state", hint: "remove 'initial'",
            explanation: "Only a compound state chooses which child to enter: an atomic state has none, a parallel state enters all its regions.",
            wrong: Example.door.replacingOccurrences(of: "  open: {}", with: "  open: { initial: closed }"),
            right: Example.door),
        .historyOnNonCompound: .error(
            "'history' on state '{state}', which has no children",
            hint: "history records which children were active: put it on a state with 'states:' or 'parallel:'",
            explanation: "A state's history records its active descendants when it is exited, for a row 'to: history(S)' to enter them again; an atomic state has none to record. A compound state's shallow history is its active child, a parallel state's is all its regions (each entered by default); deep history records every active state below either (SCXML 3.10).",
            wrong: Example.door.replacingOccurrences(of: "  open: {}", with: "  open: { history: shallow }"),
            right: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    history: shallow\n")),
        .rowOnDeferredEvent: .warning(
            "this transition never fires: state '{state}' defers '{event}' wherever the row could fire",
            hint: "remove '{event}' from the 'defer' of '{state}', or remove this row",
            explanation: "While a state that defers an event is active, the event is kept, not reduced (docs/statecharts.md, rule 19): a row on it from that state, or from a state inside it, never fires.",
            wrong: Example.door.replacingOccurrences(of: "  open: {}", with: "  open: { defer: [pull] }"),
            right: Example.door.replacingOccurrences(of: "  open: {}", with: "  open: { defer: [push] }")),
        .deferredEventLimit: .error(
            "more than {limit} deferred events wait",
            hint: "the states defer events faster than they are offered again: leave a deferring state, or defer fewer events",
            explanation: "A state that defers an event keeps it, in order, until no active state defers it; at most 16 events wait at once (the queue is checked state), and one more stops the spin with this error.",
            wrong: Example.deferringDoor(locks: 17),
            right: Example.deferringDoor(locks: 3),
            origin: .run),
        .initialTargetsConflict: .error(
            "'{other}' and '{name}' cannot be active together, so '{state}' cannot start in both",
            hint: "name one state per region of a parallel state, or one state",
            explanation: "An 'initial' with several states enters them all at once (SCXML's initial transition with several targets): each must lie in a different region of a parallel state, so that together they are one configuration. Two children of one compound state, or a state and one of its own descendants, are never active together.",
            wrong: Example.pairInside(initial: "[l1, l2]"),
            right: Example.pairInside(initial: "[l2, r2]")),
        .initialWithoutTarget: .error(
            "'initial' names no state to enter by default",
            hint: "write initial: STATE, initial: [STATES] (one per region), or initial: { to: STATE, set: { … } } with actions",
            explanation: "'initial' names what a compound state (or the spin) enters by default: a state, a list of states (one per region of a parallel state), or, in its long form (SCXML's initial transition), 'to' with those and the actions it runs, after the state's own entry actions and before its children's. An empty list, or a mapping without 'to', names nothing.",
            wrong: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    initial: { emit: lock }\n"),
            right: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    initial: { to: unlocked, emit: lock }\n")),
        .historyDefaultOutside: .error(
            "the history default '{name}' is not a state inside '{state}'",
            hint: "name a state below '{state}': it is entered when nothing is recorded yet",
            explanation: "A history's 'default' is the state entered through it while the history has recorded nothing (SCXML 3.10: the history's default transition), instead of the state's own initial entry. It lies below the state, as the states a history records do.",
            wrong: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    history: { type: shallow, default: open }\n"),
            right: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    history: { type: shallow, default: unlocked }\n")),
        .finalNotAChild: .error(
            "'{name}' is not a child of '{state}', so it cannot be final within it",
            explanation: "A compound state's 'final' lists those of its own children whose entry completes it (raising 'done.S').",
            wrong: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    final: [open]\n"),
            right: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    final: [locked]\n")),
        .finalInParallel: .error(
            "parallel state '{state}' cannot list final children",
            hint: "it completes when every region is in a final state: list the final states under each region's 'final'",
            explanation: "A parallel state is complete when each of its regions is; each region, a compound state, lists its own final children.",
            wrong: Example.regions.replacingOccurrences(of: "    parallel:", with: "    final: [left]\n    parallel:"),
            right: Example.regions),
        .nestedSpinFinal: .error(
            "the spin's 'final' lists '{name}', which is inside '{parent}'",
            hint: "the spin's final states are top-level states; list '{name}' under the 'final' of '{parent}'",
            explanation: "The spin stops when it enters one of its final states, which are top-level states. A nested state is final within its parent: it is listed under the parent's 'final', and entering it raises the parent's completion event 'done.P'.",
            wrong: Example.door + "\nfinal: [locked]",
            right: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    final: [locked]\n")),
        .unknownCompletedState: .error(
            "unknown state '{name}' in 'done.{name}'",
            explanation: "'on: done.S' is the completion event of state S (raised when a final child of a compound S is entered, or every region of a parallel S is final); S must be a state of the spin.",
            wrong: Example.doorDone("done.closd"),
            right: Example.doorDone("done.closed")),
        .completionNeverHappens: .error(
            "'done.{name}' never happens: {why}",
            explanation: "A compound state completes when one of its final children is entered, a parallel state when each of its regions has completed. A state that has no final child (or a region without one) never raises its completion event, so the row on it can never fire.",
            wrong: Example.doorDone("done.closed").replacingOccurrences(of: "    final: [locked]\n", with: ""),
            right: Example.doorDone("done.closed")),
        .tooManyConfigurations: .error(
            "spin '{spin}' has more than {limit} configurations of active states",
            hint: "parallel regions multiply their states' counts: split the spin, give its regions fewer states, or raise the limit: spinrun --max-configurations N",
            explanation: "A nested or parallel spin's configurations (each set of states that can be active together) are numbered once when the spec is compiled, and tables are made for each. Parallel regions multiply their counts: 17 regions of 2 states are 131,072 configurations, past the limit of 65,536 (--max-configurations raises it; compiling takes time and memory in proportion). A flat spin's states are not limited.",
            wrong: Example.manyRegions(17),
            right: Example.manyRegions(4)),
        .tooManyMicrosteps: .error(
            "spin '{spin}' has more than {limit} transitions from its configurations",
            hint: "parallel regions multiply their rows: split the spin, or give its regions fewer states",
            explanation: "What each transition does from each configuration (the states it exits and enters, the actions in order) is worked out once when the spec is compiled. A row of the whole spin, or of a state above parallel regions, has a microstep in each configuration, so rows times configurations is bounded.",
            wrong: Example.manyRegions(12, rows: 250),
            right: Example.manyRegions(4, rows: 1)),
        .payloadFieldOfNeither: .error(
            "neither event of this action has a payload field '{field}'",
            explanation: "An action with both 'emit' and 'propagate' gives both payloads with one 'with': each event takes the fields it declares, and every field given must belong to one of them.",
            wrong: Example.announcer("amount: 1, colour: 2"),
            right: Example.announcer("amount: 1")),
        .activeArgument: .error(
            "function 'active' takes one state, written '.name'", hint: "for example 'active(.open)'",
            explanation: "active(.S) is true while state S is active (in a spin with nested or parallel states, 'state == .S' means the same). Its argument is a state's name after a dot.",
            wrong: Example.door + "\nfeedbacks:\n  bell: { when: active(open), render: ding }",
            right: Example.door + "\nfeedbacks:\n  bell: { when: active(.open), render: ding }"),
        .historyTargetWithoutHistory: .error(
            "state '{name}' has no history", hint: "add 'history: shallow' or 'history: deep' to '{name}'",
            explanation: "A row 'to: history(S)' enters the states S's history recorded when S was last exited; S must declare which history it keeps.",
            wrong: Example.door + "\n  - { from: open, on: lock, to: history(closed) }",
            right: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    history: shallow\n") + "\n  - { from: open, on: lock, to: history(closed) }"),
        .internalTargetOutside: .warning(
            "'internal: true' has no effect: '{target}' is not inside '{source}', so the row exits '{source}' like any external row",
            hint: "remove 'internal', or target a state inside '{source}'",
            explanation: "An internal row moves between states inside its source without exiting and entering the source itself; a target outside the source must exit it, so 'internal' cannot apply and the row is external (SCXML 3.13, getTransitionDomain).",
            wrong: Example.door + "\n  - { from: closed, on: push, to: open, internal: true }",
            right: Example.door + "\n  - { from: closed, on: push, to: locked, internal: true }"),
        .internalWithoutCompoundSource: .warning(
            "'internal: true' has no effect on a row from '{source}', which is not a compound state: the row is external", hint: "remove 'internal'",
            explanation: "Only a compound state can stay entered while a row moves between the states inside it: from an atomic or parallel state (or from 'any'), SCXML takes an internal row as an external one (SCXML 3.13, getTransitionDomain), and so does spinrun.",
            wrong: Example.door + "\n  - { from: [locked, open], on: push, to: unlocked, internal: true }",
            right: Example.door + "\n  - { from: [locked, open], on: push, to: unlocked }"),
        .eventlessCycle: .error(
            "eventless rows never settle: without a guard they go round {cycle}",
            hint: "guard one of them with a condition its actions make false",
            explanation: "An eventless row is taken as soon as its guard holds, after every step. Unguarded ones that lead back to where they started are taken for ever, and no event from outside is ever reduced again: a livelock the analyzer can see without running the spec.",
            wrong: Example.door + "\n  - { from: open, to: closed }\n  - { from: locked, to: open }",
            right: Example.door + "\n  - { from: open, to: closed }"),
        .crossRegionTransition: .warning(
            "a row from '{source}' in one region of parallel state '{parallel}' to '{target}' in another exits '{parallel}' and enters it again: every region restarts",
            hint: "to move within a region, target a state of the row's own region; to restart '{parallel}' on purpose, target '{parallel}' itself",
            explanation: "The regions of a parallel state run side by side. A row from a state of one region into a state of another is legal (SCXML): its domain is above the parallel state, so it exits every region, then enters the parallel state again with the target in its region and the default entry of the others. That is rarely what such a row means, hence the warning. A row from a region to itself or to a state inside it stays in that region and is not reported.",
            wrong: Example.regions + "\n  - { from: l2, on: reset, to: r1 }",
            right: Example.regions + "\n  - { from: l2, on: reset, to: both }"),
        .raisedEventLimit: .error(
            "more than {limit} raised events wait to be reduced",
            hint: "rows or actions raise events faster than they are reduced: each raised event is reduced before the next input",
            explanation: "Events that rows and entry or exit actions raise wait in the spin's internal queue and are reduced one by one before any other event. A state whose entry raises several events, each of which enters it again, grows the queue at every step; past the limit (10,000) the spin stops with this error.",
            wrong: Example.echo(raising: "[" + Array(repeating: "{ emit: ping }", count: 20).joined(separator: ", ") + "]", stop: 1_000),
            right: Example.echo(raising: "{ emit: ping }", stop: 20),
            origin: .run),
    ]
}
