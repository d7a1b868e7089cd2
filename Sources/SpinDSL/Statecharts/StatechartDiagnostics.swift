/// Every diagnostic about nested and parallel states, entry and exit actions, history, eventless
/// rows, raised events and completion events, in one place: the texts tests and golden files
/// expect, from the loader, the resolver and the analyses.
enum StatechartDiagnostics {
    // MARK: Loading

    static func bothStatesAndParallel(at location: SourceLocation, state: String, first: String) -> Diagnostic {
        .error(
            at: location, "state '\(state)' has both 'states' and 'parallel' (it already has '\(first)')",
            hint: "a state's children are either alternatives ('states') or regions active together ('parallel')")
    }

    static func statesTooDeep(at location: SourceLocation, limit: Int) -> Diagnostic {
        .error(at: location, "states nested deeper than \(limit) levels", hint: "flatten the tree; at most \(limit) levels are allowed")
    }

    static func unknownHistory(at location: SourceLocation, _ value: String) -> Diagnostic {
        .error(
            at: location, "unknown history '\(value)'",
            hint: Suggestion.hint(for: value, in: ["shallow", "deep"]) ?? "write 'shallow' or 'deep'")
    }

    static func withWithoutEvent(at location: SourceLocation) -> Diagnostic {
        .error(at: location, "'with' needs 'emit' or 'propagate' beside it", hint: "'with' gives the payload of the emitted or propagated event")
    }

    static func emptyActionBlock(at location: SourceLocation, key: String) -> Diagnostic {
        .error(at: location, "this '\(key)' action does nothing", hint: "give it 'set', 'emit' or 'propagate', or remove it")
    }

    // MARK: Resolution

    static func duplicateState(at location: SourceLocation, _ name: String, first: SourceLocation) -> Diagnostic {
        .error(
            at: location, "duplicate state '\(name)'",
            hint: "state names are unique in a spin, at any depth; first declared at line \(first.line):\(first.column)")
    }

    static func noChildren(at location: SourceLocation, state: String) -> Diagnostic {
        .error(at: location, "state '\(state)' declares children but has none", hint: "add its states, or remove 'states'/'parallel'")
    }

    static func initialNotAChild(at location: SourceLocation, _ name: String, of state: String, children: [String]) -> Diagnostic {
        .error(
            at: location, "'\(name)' is not a child of '\(state)', so it cannot be its initial state",
            hint: Suggestion.hint(for: name, in: children) ?? "use one of: \(children.joined(separator: ", "))")
    }

    static func initialWithoutChildren(at location: SourceLocation, state: String, parallel: Bool) -> Diagnostic {
        parallel
            ? .error(at: location, "parallel state '\(state)' has no initial state: all its regions are entered", hint: "remove 'initial'")
            : .error(at: location, "state '\(state)' has no children, so it has no initial state", hint: "add 'states:' or remove 'initial'")
    }

    static func historyOnNonCompound(at location: SourceLocation, state: String) -> Diagnostic {
        .error(
            at: location, "'history' on state '\(state)', which is not compound",
            hint: "history records which child was active: put it on a state with 'states:'")
    }

    static func finalNotAChild(at location: SourceLocation, _ name: String, of state: String, children: [String]) -> Diagnostic {
        .error(
            at: location, "'\(name)' is not a child of '\(state)', so it cannot be final within it",
            hint: Suggestion.hint(for: name, in: children) ?? "list children of '\(state)' under its 'final'")
    }

    static func spinFinalNotTopLevel(at location: SourceLocation, _ name: String, parent: String) -> Diagnostic {
        .error(
            at: location, "the spin's 'final' lists '\(name)', which is inside '\(parent)'",
            hint: "the spin's final states are top-level states; list '\(name)' under the 'final' of '\(parent)'")
    }

    static func finalInAtomic(at location: SourceLocation, state: String) -> Diagnostic {
        .error(at: location, "state '\(state)' has no children, so none is final within it", hint: "list final states under the 'final' of their parent")
    }

    static func finalInParallel(at location: SourceLocation, state: String) -> Diagnostic {
        .error(
            at: location, "parallel state '\(state)' cannot list final children",
            hint: "it completes when every region is in a final state: list the final states under each region's 'final'")
    }

    static func historyTargetNotHistory(at location: SourceLocation, _ name: String) -> Diagnostic {
        .error(at: location, "state '\(name)' has no history", hint: "add 'history: shallow' or 'history: deep' to '\(name)'")
    }

    static func internalNotInside(at location: SourceLocation, target: String, source: String) -> Diagnostic {
        .error(
            at: location, "'internal: true' needs a target inside the source, and '\(target)' is not inside '\(source)'",
            hint: "remove 'internal', or target a state inside '\(source)'")
    }

    static func internalWithoutCompoundSource(at location: SourceLocation) -> Diagnostic {
        .error(
            at: location, "'internal: true' needs one compound source state ('from: S') and a target inside it",
            hint: "remove 'internal'")
    }

    static func unknownDoneState(at location: SourceLocation, _ name: String, states: [String]) -> Diagnostic {
        .error(at: location, "unknown state '\(name)' in 'done.\(name)'", hint: Suggestion.hint(for: name, in: states))
    }

    static func doneCannotComplete(at location: SourceLocation, _ name: String, parallel: Bool) -> Diagnostic {
        parallel
            ? .error(
                at: location, "'done.\(name)' never happens: a region of parallel state '\(name)' has no final state",
                hint: "list a final child under each region's 'final'")
            : .error(
                at: location, "'done.\(name)' never happens: '\(name)' has no final child",
                hint: "list the children that complete '\(name)' under its 'final'")
    }

    static func tooManyConfigurations(at location: SourceLocation, spin: String, limit: Int) -> Diagnostic {
        .error(
            at: location, "spin '\(spin)' has more than \(limit) configurations of active states",
            hint: "parallel regions multiply their states' counts: split the spin, or give its regions fewer states")
    }

    static func tooManyMicrosteps(at location: SourceLocation, spin: String, limit: Int) -> Diagnostic {
        .error(
            at: location, "spin '\(spin)' has more than \(limit) transitions from its configurations",
            hint: "parallel regions multiply their rows: split the spin, or give its regions fewer states")
    }

}
