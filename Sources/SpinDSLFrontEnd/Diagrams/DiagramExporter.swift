/// Draws a validated spec as a diagram: Graphviz DOT or Mermaid `stateDiagram-v2`.
///
/// Both outputs are deterministic: spins, states, transition rows, rules and gears appear in
/// document order, so the text can be compared byte for byte (the golden files of the tests).
///
/// Shared conventions:
/// - A transition row is labelled `event [guard] / field := expr; field := expr`, with the guard and
///   the assignments as written in the spec; missing parts are omitted. `labels` chooses how much:
///   `.guards` (the default) leaves the assignments out, `.events` the guard too.
/// - Feedback rules are drawn on the states they belong to: a rule triggered by `enter:` or `in:`
///   is a line under each of those states' names (`after 2s / timedOut`); the spin's other rules
///   are lines under the spin's name (a data-only spin: under its fields).
/// - A row `from: any` (or without `from`) is drawn as one edge from every control state (every
///   top-level state of a statechart). A row `to:` its own source (an external self-transition:
///   exited and entered again) is a loop; a row without `to` (targetless: nothing is exited or
///   entered) is no edge but a line `on event [guard]` in each of its source states.
/// - A row without a guard tried after guarded rows on its event in a state (a fallback: it fires
///   when their guards do not hold) reads `event [else]` there (not at `.events`).
/// - A spin's invariants are a note beside it, `name: condition` a line.
/// - A data-only spin (no `states`) is one node named after the spin that lists its data fields
///   (`left: int = 10`); its rows are self-loops on that node.
/// - Gears are separate nodes. A rule that `propagate`s into a gear draws an edge from the states
///   its `enter`/`in` trigger names (from the whole spin for other triggers) to the gear, labelled
///   with the gear event; a rule that `catch`es a gear event draws an edge from the gear to the spin,
///   labelled `gear event → what the rule does`.
public enum DiagramExporter {
    /// The spec as a Graphviz digraph, ready for `dot -Tsvg`.
    ///
    /// - `digraph "<Spin>"` for a file of one spin (`"<file base name>"` for several), `rankdir=LR`,
    ///   `compound=true`, fonts set once at the top.
    /// - One `subgraph "cluster_<Spin>"` per spin with control states; state node ids are
    ///   `"<Spin>.<state>"` and their labels the state names; the initial state is pointed at by a
    ///   small filled `point` node (`"<Spin>/initial"`); final states have `peripheries=2`.
    /// - A data-only spin is a single box node `"<Spin>"` outside any cluster.
    /// - Edges whose event is an input (`inputs`) are `style=bold`; edges whose event only comes back
    ///   from feedback rules are plain.
    /// - Gears are `shape=hexagon` nodes `"gear.<name>"` outside the clusters; gear edges are dashed.
    ///   An edge from or to a whole spin with control states is attached to its initial state node
    ///   and clipped at the spin's cluster (`ltail`/`lhead`); an edge clipped at a cluster is
    ///   labelled with an `xlabel`, which Graphviz places after the clipping (a `label` would float
    ///   where the unclipped edge ran).
    /// - A spin's invariants are a `shape=note` node `"<Spin>/invariants"` in its cluster (beside a
    ///   data-only spin's box, tied to it by a dotted line).
    /// - Rows between the same two states with the same style are one edge whose label lists
    ///   theirs one under the other (self-loops would overlap otherwise); labels and rule lines are
    ///   wrapped after about 36 characters (before ` / `, after `; `, else at spaces), so that long guards do not widen the drawing.
    public static func dot(_ model: SpecModel, labels: DiagramLabels = .guards) -> String {
        DOTDiagram(model: model, labels: labels).render()
    }

    /// The spec as a Mermaid `stateDiagram-v2`.
    ///
    /// - A front matter `title:` names the diagram after the spin (the file's base name for several).
    /// - A file with one spin and no gears is drawn flat; otherwise each spin with control states is
    ///   a composite `state <Spin> { … }` whose inner state ids are prefixed with the spin name
    ///   (Mermaid state ids are global) and labelled with the state names.
    /// - `[*] --> initial`, `final --> [*]`, transitions `a --> b : label`.
    /// - A data-only spin is a single state with a note listing its data fields.
    /// - A state's targetless rows are description lines of the state (a statechart: in its note); a
    ///   spin's invariants are a `note left of` the spin (a flat diagram: of its initial state).
    /// - Each gear is a plain state labelled `gear <name>`; propagate and catch edges are ordinary
    ///   transitions (Mermaid cannot dash single transitions), labelled `propagate <event>` and
    ///   `<event> → <what the rule does>`.
    /// - Labels and notes are escaped with Mermaid entity codes so that no character breaks the
    ///   parser: `:` → `#58;`, `;` → `#59;`, `#` → `#35;`, `{`/`}` → `#123;`/`#125;`, `%` → `#37;`,
    ///   `"` → `#quot;`, `<`/`>` → `#lt;`/`#gt;`; line breaks become spaces. Mermaid shows the
    ///   original characters.
    /// - A state's rules are description lines of the state (`requesting : after 2s / timedOut`);
    ///   the spin's other rules are a note on the spin (a flat diagram: on its initial state).
    /// - Mermaid has no per-transition style, so input and fed-back events look alike here; it lays
    ///   out its own labels (they are not wrapped, and parallel transitions stay apart).
    public static func mermaid(_ model: SpecModel, labels: DiagramLabels = .guards) -> String {
        MermaidDiagram(model: model, labels: labels).render()
    }
}
