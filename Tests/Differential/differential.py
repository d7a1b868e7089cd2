#!/usr/bin/env python3
"""Differential tests of statecharts: Sismic (the oracle) against `spinrun` (ours).

A case is a directory under `cases/` with a `case.yaml` (see README.md): a Sismic chart, our spec
of the same machine, the mapping between their names, and a sequence of timed inputs. The driver
runs Sismic on the inputs with its simulated clock and records a snapshot (the active leaf states
in document order and the compared data) after each input has been fully processed and after each
instant where time alone made something happen. Those snapshots, with the SCXML corrections a case
declares, are the case's golden file `expected.jsonl`. Our side is read from
`spinrun --format jsonl --events FILE --max-time UNTIL SPEC` and compared instant by instant.

    differential.py [CASE ...]           Sismic, goldens and spinrun (every case when none given)
    differential.py --sismic-only        Sismic alone: print the expected snapshots, check goldens
    differential.py --write-goldens      rewrite expected.jsonl (and sismic.jsonl) from Sismic
    differential.py --goldens-only       spinrun against the committed goldens (no Sismic needed)

Needs Python 3.10+, PyYAML and (except with --goldens-only) sismic 1.6 (`pip install sismic`).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
PACKAGE_ROOT = HERE.parent.parent
CASES = HERE / "cases"


# MARK: YAML and durations

class SpecLoader(yaml.SafeLoader):
    """YAML 1.2 booleans (only true/false), as our spec reader: PyYAML alone follows YAML 1.1,
    where a transition's `on:` key and `off` would be booleans."""


SpecLoader.yaml_implicit_resolvers = {
    key: [(tag, regexp) for (tag, regexp) in resolvers if tag != "tag:yaml.org,2002:bool"]
    for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
SpecLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))


def load_yaml(path: Path) -> Any:
    try:
        with open(path, encoding="utf-8") as file:
            return yaml.load(file, Loader=SpecLoader)
    except (OSError, yaml.YAMLError) as error:
        raise CaseError(f"{path}: {error}")


DURATION = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)\s*(ms|s|m|h)\s*$")
UNIT_MS = {"ms": 1, "s": 1000, "m": 60_000, "h": 3_600_000}


def milliseconds(value: Any, where: str) -> int:
    """A duration (`300ms`, `1.5s`, `2m`, `1h`) or a number of milliseconds, as whole milliseconds."""
    if isinstance(value, bool):
        raise CaseError(f"{where}: a duration is expected, not {value!r}")
    if isinstance(value, (int, float)):
        amount = float(value)
    else:
        match = DURATION.match(str(value))
        if not match:
            raise CaseError(f"{where}: '{value}' is not a duration such as 300ms, 1.5s, 2m")
        amount = float(match.group(1)) * UNIT_MS[match.group(2)]
    if amount != int(amount):
        raise CaseError(f"{where}: '{value}' is not a whole number of milliseconds")
    return int(amount)


class CaseError(Exception):
    """A case file that cannot be used (a message that says where and what)."""


# MARK: Cases

@dataclass
class Input:
    time: int                       # milliseconds
    name: str
    payload: dict[str, Any]


@dataclass
class Case:
    name: str
    directory: Path
    description: str
    sismic: Path
    spec: Path
    states: dict[str, str]          # Sismic state name -> our state name
    data: dict[str, str]            # Sismic variable -> our data field
    inputs: list[Input]
    until: int
    oracle: str                     # "sismic" or "scxml"
    reason: str                     # why the golden is SCXML's and not Sismic's
    emulation: Path | None          # a Sismic chart that makes the SCXML choice explicit
    overrides: list[dict[str, Any]]  # corrections of Sismic's snapshots, SCXML's values
    allow_ties: bool
    extra_states: list[str] = field(default_factory=list)   # our top-level states the chart lacks
    raw: dict[str, Any] = field(default_factory=dict)

    def our_state(self, name: str) -> str:
        return self.states.get(name, name)


def load_case(directory: Path) -> Case:
    path = directory / "case.yaml"
    raw = load_yaml(path)
    if not isinstance(raw, dict):
        raise CaseError(f"{path}: a mapping is expected")
    known = {"description", "sismic", "spec", "states", "data", "inputs", "until", "oracle", "scxml", "ties", "extra states"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise CaseError(f"{path}: unknown keys {unknown} (known: {sorted(known)})")
    for key in ("sismic", "spec", "data", "inputs", "until"):
        if key not in raw:
            raise CaseError(f"{path}: '{key}' is missing")
    spec_path = (directory / raw["spec"]).resolve()
    sismic_path = (directory / raw["sismic"]).resolve()
    for file in (spec_path, sismic_path):
        if not file.is_file():
            raise CaseError(f"{path}: {file} does not exist")

    if raw["inputs"] == "script":
        spec = load_yaml(spec_path)
        script = spec.get("script") if isinstance(spec, dict) else None
        if not isinstance(script, list):
            raise CaseError(f"{path}: inputs: script, but {spec_path} has no script")
        entries = [{"at": item.get("at"), "event": item.get("emit"), "with": item.get("with")} for item in script]
        origin = f"{spec_path} script"
    else:
        entries = raw["inputs"]
        origin = f"{path} inputs"
    if not isinstance(entries, list):
        raise CaseError(f"{origin}: a list is expected")
    inputs = []
    for index, item in enumerate(entries):
        where = f"{origin}[{index}]"
        if not isinstance(item, dict) or not item.get("event"):
            raise CaseError(f"{where}: {{ at: DURATION, event: NAME, with: {{...}} }} is expected")
        inputs.append(Input(milliseconds(item.get("at", 0), where), str(item["event"]), dict(item.get("with") or {})))
    for earlier, later in zip(inputs, inputs[1:]):
        if later.time < earlier.time:
            raise CaseError(f"{origin}: inputs must be in time order ({later.name} at {later.time}ms)")
    until = milliseconds(raw["until"], f"{path}: until")
    if inputs and until < inputs[-1].time:
        raise CaseError(f"{path}: until ({until}ms) is before the last input")

    oracle = raw.get("oracle", "sismic")
    scxml = raw.get("scxml") or {}
    if oracle not in ("sismic", "scxml"):
        raise CaseError(f"{path}: oracle is sismic or scxml, not {oracle!r}")
    if oracle == "scxml":
        if not scxml.get("reason"):
            raise CaseError(f"{path}: oracle scxml needs scxml.reason")
        if bool(scxml.get("emulation")) == bool(scxml.get("overrides")):
            raise CaseError(f"{path}: oracle scxml needs exactly one of scxml.emulation, scxml.overrides")
    elif scxml:
        raise CaseError(f"{path}: scxml: is only for oracle: scxml")
    data = raw["data"]
    if isinstance(data, list):
        data = {name: name for name in data}
    return Case(
        name=directory.name,
        directory=directory,
        description=str(raw.get("description", "")).strip(),
        sismic=sismic_path,
        spec=spec_path,
        states=dict(raw.get("states") or {}),
        data=dict(data),
        inputs=inputs,
        until=until,
        oracle=oracle,
        reason=" ".join(str(scxml.get("reason", "")).split()),
        emulation=(directory / scxml["emulation"]).resolve() if scxml.get("emulation") else None,
        overrides=list(scxml.get("overrides") or []),
        allow_ties=raw.get("ties") == "allowed",
        extra_states=[str(name) for name in as_list(raw.get("extra states"))],
        raw=raw,
    )


def all_cases() -> list[Path]:
    return sorted(path.parent for path in CASES.glob("*/case.yaml"))


# MARK: Snapshots

@dataclass
class Snapshot:
    """The configuration after everything at one instant has settled: after the start (seq 0 at
    time 0), after time alone made something happen (seq 0), or after the seq-th input at that
    time (seq 1, 2, ...)."""
    time: int
    seq: int
    input: str | None
    leaves: list[str]
    data: dict[str, Any]
    final: bool = False
    error: str | None = None
    steps: list[dict[str, Any]] | None = None   # the states after each changing step, if compared
    initial: dict[str, Any] | None = None       # the start only: the state before any step

    @property
    def key(self) -> tuple[int, int]:
        return (self.time, self.seq)

    def to_json(self) -> dict[str, Any]:
        line: dict[str, Any] = {"time": self.time, "seq": self.seq, "input": self.input}
        if self.error is not None:
            line["error"] = self.error
            return line
        line["leaves"] = self.leaves
        line["data"] = self.data
        if self.final:
            line["final"] = True
        if self.steps is not None:
            line["steps"] = self.steps
        if self.initial is not None:
            line["initial"] = self.initial
        return line

    @staticmethod
    def from_json(line: dict[str, Any]) -> "Snapshot":
        return Snapshot(line["time"], line["seq"], line.get("input"), line.get("leaves", []),
                        line.get("data", {}), line.get("final", False), line.get("error"), line.get("steps"),
                        line.get("initial"))


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# MARK: Sismic

TIMED_GUARD = re.compile(r"\b(after|idle)\s*\(\s*([^()]*)\s*\)")


def sismic_names_in_document_order(chart: Path) -> list[str]:
    """The chart's state names in document order (a pre-order walk of its YAML): Sismic's own
    children_for() does not keep the order of the file."""
    names: list[str] = []

    def visit(state: dict[str, Any]) -> None:
        names.append(state["name"])
        for child in state.get("states") or state.get("parallel states") or []:
            visit(child)
    visit(load_yaml(chart)["statechart"]["root state"])
    return names


class SismicRun:
    """Runs a Sismic chart on a case's inputs with the simulated clock (milliseconds)."""

    def __init__(self, case: Case, chart: Path):
        from sismic.io import import_from_yaml
        from sismic.interpreter import Interpreter
        from sismic.model import FinalState
        self.case = case
        self.chart = import_from_yaml(filepath=str(chart))
        self.interpreter = Interpreter(self.chart)
        self.final_state: str | None = None      # a final child of the root, once entered
        self.order = {name: index for index, name in enumerate(sismic_names_in_document_order(chart))}
        root = self.chart.root

        def listen(meta: Any) -> None:
            if meta.name == "state entered":
                state = self.chart.state_for(meta.state)
                if isinstance(state, FinalState) and self.chart.parent_for(meta.state) == root:
                    self.final_state = meta.state
        self.interpreter.attach(listen)
        # The transitions whose guards read the clock: (source, after|idle, milliseconds).
        self.timed: list[tuple[str, str, float]] = []
        for transition in self.chart.transitions:
            for kind, argument in TIMED_GUARD.findall(transition.guard or ""):
                try:
                    amount = float(argument)
                except ValueError:
                    raise CaseError(f"{chart}: guard '{transition.guard}': {kind}() needs a number literal "
                                    "for the driver to know when it can become true")
                self.timed.append((transition.source, kind, amount))

    def state(self) -> dict[str, Any]:
        """The active leaves (our names, document order) and the compared data."""
        configuration = set(self.interpreter.configuration)
        if self.interpreter.final:
            leaves = [self.final_state] if self.final_state else []
        else:
            leaves = [state for state in configuration
                      if not any(child in configuration for child in self.chart.children_for(state))]
        leaves.sort(key=lambda state: self.order[state])
        context = self.interpreter.context
        data = {}
        for variable, ours in self.case.data.items():
            if variable not in context:
                raise CaseError(f"{self.case.name}: Sismic has no variable '{variable}'")
            data[ours] = normalized(context[variable])
        return {"leaves": [self.case.our_state(state) for state in leaves], "data": data}

    def next_deadline(self, now: float) -> float | None:
        """The earliest instant after `now` at which a clock guard of an active state can become
        true (guards are re-evaluated at every macro step, and after(x)/idle(x) only change with
        time), or a delayed event is due."""
        configuration = set(self.interpreter.configuration)
        candidates = []
        for source, kind, amount in self.timed:
            if source not in configuration:
                continue
            base = (self.interpreter._entry_time if kind == "after" else self.interpreter._idle_time).get(source)
            if base is not None and base + amount > now:
                candidates.append(base + amount)
        # Events sent with a delay (send(name, delay=…)) wait in Sismic's queues until their time.
        for queue in (self.interpreter._internal_queue, self.interpreter._external_queue):
            candidates.extend(time for time, _ in queue if time > now)
        return min(candidates) if candidates else None

    def settle(self, before: dict[str, Any]) -> tuple[list[Any], list[dict[str, Any]]]:
        """Macro steps until none is left at this instant (Sismic's execute()), and the states
        after those that changed the leaves or the compared data."""
        macro_steps, states = [], []
        while True:
            step = self.interpreter.execute_once()
            if step is None:
                return macro_steps, states
            macro_steps.append(step)
            if len(macro_steps) > 10_000:
                raise CaseError(f"{self.case.name}: Sismic did not settle after 10,000 macro steps")
            state = self.state()
            if state != (states[-1] if states else before):
                states.append(state)

    @staticmethod
    def timed_transitions(macro_steps: list[Any]) -> list[str]:
        fired = []
        for step in macro_steps:
            for transition in step.transitions:
                if TIMED_GUARD.search(transition.guard or ""):
                    fired.append(f"{transition.source} -> {transition.target}")
        return fired

    def run(self) -> list[Snapshot]:
        from sismic.exceptions import SismicError
        snapshots: list[Snapshot] = []
        pending = list(self.case.inputs)
        now, seq = 0, 0
        current_input: str | None = None
        clock = self.interpreter.clock

        def record(name: str | None, states: list[dict[str, Any]]) -> None:
            state = states[-1] if states else current
            snapshots.append(Snapshot(now, seq, name, state["leaves"], state["data"],
                                      final=self.interpreter.final, steps=states))
        try:
            self.interpreter.execute_once()          # the initial configuration
            current = self.state()
            _, states = self.settle(current)        # eventless transitions at the start
            record(None, states)
            snapshots[0].initial = current
            current = self.state()
            while not self.interpreter.final:
                deadline = self.next_deadline(now)
                next_input = pending[0].time if pending else None
                candidates = [t for t in (deadline, next_input) if t is not None and t <= self.case.until]
                if not candidates:
                    break
                now, seq = min(candidates), 0
                if now != int(now):
                    raise CaseError(f"{self.case.name}: a clock guard becomes true at {now}ms, not a whole millisecond")
                now = int(now)
                clock.time = now
                macro_steps, states = self.settle(current)
                fired = self.timed_transitions(macro_steps)
                if macro_steps:
                    if not self.case.allow_ties and len(fired) > 1:
                        raise CaseError(
                            f"{self.case.name}: at {now}ms several clock guards fire at once ({', '.join(fired)}): "
                            "their order is Sismic's choice, not a rule both sides share; move an input "
                            "so that the timers do not coincide (or set ties: allowed)")
                    record(None, states)
                    current = self.state()
                while pending and pending[0].time == now and not self.interpreter.final:
                    if macro_steps and not self.case.allow_ties:
                        raise CaseError(
                            f"{self.case.name}: at {now}ms the input '{pending[0].name}' arrives at the "
                            f"instant a clock guard fires ({', '.join(fired) or 'eventless steps'}): which "
                            "comes first is not a rule both sides share; move the input")
                    event = pending.pop(0)
                    seq += 1
                    current_input = event.name
                    self.interpreter.queue(event.name, **event.payload)
                    _, states = self.settle(current)
                    record(event.name, states)
                    current, current_input = self.state(), None
        except SismicError as error:
            snapshots.append(Snapshot(now, seq, current_input, [], {}, error=type(error).__name__))
        return snapshots


def normalized(value: Any) -> Any:
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    raise CaseError(f"a compared variable holds {value!r}: only bool, int, float and str compare")


# MARK: Goldens

def expected_snapshots(case: Case) -> tuple[list[Snapshot], list[Snapshot] | None]:
    """The case's expected snapshots, and Sismic's own when they differ (oracle scxml)."""
    sismic = SismicRun(case, case.sismic).run()
    if case.oracle == "sismic":
        errors = [snapshot for snapshot in sismic if snapshot.error]
        if errors:
            raise CaseError(f"{case.name}: Sismic stopped with {errors[0].error} at {errors[0].time}ms; "
                            "if SCXML decides there, make the case oracle: scxml")
        return sismic, None
    if case.emulation is not None:
        expected = SismicRun(case, case.emulation).run()
        errors = [snapshot for snapshot in expected if snapshot.error]
        if errors:
            raise CaseError(f"{case.name}: the SCXML emulation chart stopped with {errors[0].error}")
    else:
        expected = apply_overrides(case, sismic)
    if [s.to_json() for s in expected] == [s.to_json() for s in sismic]:
        raise CaseError(f"{case.name}: oracle scxml, but Sismic gives the same snapshots: "
                        "the case shows no difference, make it oracle: sismic")
    return expected, sismic


def apply_overrides(case: Case, sismic: list[Snapshot]) -> list[Snapshot]:
    """Sismic's snapshots with the case's corrections: each override names a snapshot by time and
    seq and gives SCXML's leaves and/or data (the other fields are kept). An override of a
    snapshot Sismic could not reach (it stopped with an error) adds it."""
    result = [Snapshot.from_json(json.loads(dumps(s.to_json()))) for s in sismic if s.error is None]
    for index, override in enumerate(case.overrides):
        where = f"{case.name}: scxml.overrides[{index}]"
        time = milliseconds(override.get("at", 0), where)
        seq = int(override.get("seq", 0))
        target = next((s for s in result if s.key == (time, seq)), None)
        if target is None:
            target = Snapshot(time, seq, override.get("input"), [], {})
            result.append(target)
            result.sort(key=lambda s: s.key)
        one_step = target.steps is not None and len(target.steps) == 1
        if "leaves" in override:
            target.leaves = list(override["leaves"])
        for name, value in (override.get("data") or {}).items():
            if name not in case.data.values():
                raise CaseError(f"{where}: '{name}' is not a compared data field")
            target.data[name] = value
        if "final" in override:
            target.final = bool(override["final"])
        # The start snapshot's `initial` is the state after the initial entry: corrected with it.
        if target.initial is not None and target.key == (0, 0):
            target.initial = {"leaves": list(target.leaves), "data": dict(target.data)}
        # A snapshot Sismic reached in one step is still one step, to the corrected state; other
        # steps are compared only when the override gives them.
        if "steps" in override:
            target.steps = override["steps"]
        else:
            target.steps = [{"leaves": list(target.leaves), "data": dict(target.data)}] if one_step else None
    return result


def golden_lines(case: Case, snapshots: list[Snapshot], sismic_version: str) -> list[str]:
    header: dict[str, Any] = {"case": case.name}
    if case.oracle == "scxml":
        header["oracle"] = "SCXML, not Sismic"
        header["reason"] = case.reason
    else:
        header["oracle"] = f"sismic {sismic_version}"
    return [dumps(header)] + [dumps(snapshot.to_json()) for snapshot in snapshots]


def read_golden(path: Path) -> list[Snapshot]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [Snapshot.from_json(json.loads(line)) for line in lines[1:] if line.strip()]


def sismic_version() -> str:
    from importlib.metadata import version
    return version("sismic")


# MARK: Structure

@dataclass
class Node:
    name: str
    kind: str                       # leaf, compound, parallel, final
    children: list["Node"]
    initial: str | None = None
    history: str | None = None      # shallow or deep


def sismic_tree(case: Case) -> Node:
    from sismic.io import import_from_yaml
    from sismic.model import (CompoundState, DeepHistoryState, FinalState, OrthogonalState,
                              ShallowHistoryState)
    chart = import_from_yaml(filepath=str(case.sismic))
    order = {name: index for index, name in enumerate(sismic_names_in_document_order(case.sismic))}

    def build(name: str) -> Node:
        state = chart.state_for(name)
        children, histories = [], []
        for child in sorted(chart.children_for(name), key=lambda child: order[child]):
            kind = chart.state_for(child)
            if isinstance(kind, (ShallowHistoryState, DeepHistoryState)):
                history = "shallow" if isinstance(kind, ShallowHistoryState) else "deep"
                # A memory (the history's default) other than the initial child is ours as
                # `history: { type, default }`; the initial child is what no default enters.
                if kind.memory and kind.memory != getattr(state, "initial", None):
                    history += " default " + case.our_state(kind.memory)
                histories.append(history)
            else:
                children.append(build(child))
        # A state with both kinds is ours as `history:` and a row to `history(S, KIND)`.
        history = ", ".join(sorted(histories)) or None
        if isinstance(state, OrthogonalState):
            kind = "parallel"
        elif isinstance(state, CompoundState):
            kind = "compound"
        elif isinstance(state, FinalState):
            kind = "final"
        else:
            kind = "leaf"
        initial = case.our_state(state.initial) if isinstance(state, CompoundState) and state.initial else None
        return Node(case.our_state(name), kind, children, initial, history)
    return build(chart.root)


def spec_tree(spec: dict[str, Any], path: Path) -> Node:
    """Our spec's states as a tree under a nameless root (the spin)."""
    named_histories: dict[str, set[str]] = {}
    for row in spec.get("transitions") or []:
        target = str(row.get("to", "")) if isinstance(row, dict) else ""
        if target.startswith("history(") and target.endswith(")") and "," in target:
            state, kind = (part.strip() for part in target[len("history("):-1].split(",", 1))
            named_histories.setdefault(state, set()).add(kind)

    def body_node(name: str, body: Any, finals: set[str]) -> Node:
        body = body or {}
        if not isinstance(body, dict):
            raise CaseError(f"{path}: state '{name}' must have a mapping body")
        if "parallel" in body:
            regions = body["parallel"] or {}
            return Node(name, "parallel", [body_node(region, regions[region], set()) for region in regions])
        if "states" in body:
            children = states_nodes(body["states"], set(as_list(body.get("final"))))
            first = children[0].name if children else None
            history = body.get("history")
            if isinstance(history, dict):
                # The long form: `{ type, default }` (type shallow when left out).
                kind = history.get("type", "shallow")
                history = kind + (" default " + str(history["default"]) if "default" in history else "")
            # The kinds rows name (`to: history(S, deep)`) that the state does not declare.
            histories = [history] if history else []
            declared = history.split(" ")[0] if history else None
            for kind in sorted(named_histories.get(name, set())):
                if kind != declared:
                    histories.append(kind)
            history = ", ".join(sorted(histories)) or None
            return Node(name, "compound", children, body.get("initial", first), history)
        return Node(name, "final" if name in finals else "leaf", [])

    def states_nodes(states: Any, finals: set[str]) -> list[Node]:
        if isinstance(states, list):
            return [Node(str(name), "final" if name in finals else "leaf", []) for name in states]
        if isinstance(states, dict):
            return [body_node(str(name), states[name], finals) for name in states]
        raise CaseError(f"{path}: states must be a list or a mapping")

    if "parallel" in spec:
        # A parallel spin: one top-level parallel state named as the spin holds the regions.
        name = str(spec.get("spin") or "")
        return Node("", "compound", [body_node(name, {"parallel": spec["parallel"]}, set())], name)
    children = states_nodes(spec.get("states") or [], set(as_list(spec.get("final"))))
    first = children[0].name if children else None
    return Node("", "compound", children, spec.get("initial", first))


def as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def structure_differences(case: Case) -> list[str]:
    """Where our spec's states differ from the Sismic chart's (names mapped): nesting, order,
    kinds, initial children, history. Sismic's root state is our spin when our spec has no
    top-level state of the root's name."""
    theirs = sismic_tree(case)
    spec = load_yaml(case.spec)
    ours = spec_tree(spec, case.spec)
    # Top-level states of ours the chart lacks (a state that ends our run, say) are left out.
    ours.children = [child for child in ours.children if child.name not in case.extra_states]
    if [child.name for child in ours.children] == [theirs.name]:
        ours = ours.children[0]
    else:
        if theirs.kind != "compound":
            return [f"Sismic's root '{theirs.name}' is {theirs.kind}: our spec needs a top-level state of that name"]
        theirs = Node("", "compound", theirs.children, theirs.initial, theirs.history)
    problems: list[str] = []

    def compare(a: Node, b: Node, where: str) -> None:
        if a.kind != b.kind:
            problems.append(f"{where}: Sismic has a {a.kind} state, ours a {b.kind} one")
        names_a, names_b = [c.name for c in a.children], [c.name for c in b.children]
        if names_a != names_b:
            problems.append(f"{where}: children {names_a} in Sismic, {names_b} in ours")
            return
        if a.kind == "compound" and a.initial is not None and a.initial != b.initial:
            problems.append(f"{where}: initial '{a.initial}' in Sismic, '{b.initial}' in ours")
        if a.history != b.history:
            problems.append(f"{where}: history {a.history} in Sismic, {b.history} in ours")
        for child_a, child_b in zip(a.children, b.children):
            compare(child_a, child_b, f"{where}/{child_a.name}" if a.name else child_a.name)
    compare(theirs, ours, theirs.name or "(the spin)")
    return problems


# MARK: Our side

def events_file_text(inputs: list[Input]) -> str:
    lines = ["# generated by Tests/Differential/differential.py"]
    for event in inputs:
        payload = f" {dumps(event.payload)}" if event.payload else ""
        lines.append(f"{event.time}ms {event.name}{payload}")
    return "\n".join(lines) + "\n"


def spinrun_path(explicit: str | None) -> str:
    if explicit:
        return explicit
    if os.environ.get("SPINRUN"):
        return os.environ["SPINRUN"]
    for candidate in (PACKAGE_ROOT / ".build" / "debug" / "spinrun", PACKAGE_ROOT / ".build" / "release" / "spinrun"):
        if candidate.is_file():
            return str(candidate)
    return "spinrun"


@dataclass
class OurRun:
    status: int
    lines: list[dict[str, Any]]
    summary: dict[str, Any] | None
    stderr: str


def run_spinrun(case: Case, spinrun: str) -> OurRun:
    with tempfile.TemporaryDirectory() as directory:
        events = Path(directory) / f"{case.name}.events"
        events.write_text(events_file_text(case.inputs), encoding="utf-8")
        command = [spinrun, "--format", "jsonl", "--events", str(events), "--max-time", f"{case.until}ms", str(case.spec)]
        process = subprocess.run(command, capture_output=True, text=True)
    return parse_trace(process.returncode, process.stdout, process.stderr)


def parse_trace(status: int, stdout: str, stderr: str) -> OurRun:
    lines, summary = [], None
    for text in stdout.splitlines():
        if not text.strip():
            continue
        line = json.loads(text)
        if "summary" in line:
            summary = line["summary"]
        elif "run" not in line:     # the header line says what a replay needs
            lines.append(line)
    return OurRun(status, lines, summary, stderr)


def leaves_of(value: Any) -> list[str]:
    """A trace's `to`/`state`: the active leaf, or the array of them with parallel regions."""
    if value is None:
        return []
    if isinstance(value, list):
        return [str(item) for item in value]
    return [str(value)]


@dataclass
class Segment:
    """Our trace lines of one instant: one time and the same count of inputs at that time."""
    snapshot: Snapshot              # the state after the segment's last line
    lines: list[dict[str, Any]]
    states: list[dict[str, Any]]    # the state after each line


def our_segments(case: Case, run: OurRun) -> list[Segment]:
    segments: list[Segment] = []
    time, seq = None, 0
    for line in run.lines:
        if line["time"] != time:
            time, seq = line["time"], 0
        if line.get("source") == "input":
            seq += 1
        state = {"leaves": leaves_of(line.get("to")),
                 "data": {name: (line.get("state") or {}).get(name) for name in case.data.values()}}
        if segments and segments[-1].snapshot.key == (time, seq):
            segment = segments[-1]
        else:
            name = line["event"]["name"] if line.get("source") == "input" else None
            segment = Segment(Snapshot(time, seq, name, [], {}), [], [])
            segments.append(segment)
        segment.lines.append(line)
        segment.states.append(state)
        segment.snapshot.leaves, segment.snapshot.data = state["leaves"], state["data"]
    return segments


def same_value(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    return a == b                   # ints and doubles compare by value (20 == 20.0)


def same_state(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return (a["leaves"] == b["leaves"] and a["data"].keys() == b["data"].keys()
            and all(same_value(a["data"][name], b["data"][name]) for name in a["data"]))


def changes(before: dict[str, Any], states: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The states that differ from the one before them (steps that change nothing compared drop out)."""
    result = []
    for state in states:
        if not same_state(state, result[-1] if result else before):
            result.append(state)
    return result


def differences(expected: Snapshot, actual: Snapshot) -> list[str]:
    problems = []
    if expected.leaves != actual.leaves:
        problems.append(f"states {expected.leaves} expected, {actual.leaves} found")
    for name, value in expected.data.items():
        if name not in actual.data or not same_value(value, actual.data[name]):
            problems.append(f"{name} = {dumps(value)} expected, {dumps(actual.data.get(name))} found")
    return problems


def describe(key: tuple[int, int]) -> str:
    return f"at {key[0]}ms" + (f" after input {key[1]}" if key[1] else "")


def compare(case: Case, expected: list[Snapshot], run: OurRun) -> list[str]:
    """The first difference between the expected snapshots and our trace, instant by instant (a
    side without a snapshot at an instant holds its previous one: our trace has a line for a
    timer event that changes nothing, Sismic has no step there), then within the instant step by
    step (the states after the steps that change the leaves or the compared data), then the
    summary."""
    if run.summary is None:
        return [f"spinrun gave no summary (exit {run.status}): {run.stderr.strip()}"]
    if run.status not in (0, 4):
        return [f"spinrun exited {run.status}: {run.stderr.strip()}"]
    if expected and expected[-1].error:
        return [f"the expected snapshots end with Sismic's {expected[-1].error}: the case needs oracle: scxml"]
    segments = our_segments(case, run)
    by_key = {segment.snapshot.key: segment for segment in segments}
    expected_by_key = {snapshot.key: snapshot for snapshot in expected}
    problems: list[str] = []
    initial = expected[0].initial if expected else None
    if segments and initial is not None:
        start = leaves_of(segments[0].lines[0].get("from"))
        if start != initial["leaves"]:
            problems.append(f"the initial states: {initial['leaves']} expected, {start} found (`from` of step 1)")
    before: dict[str, Any] | None = None      # our state before the current instant
    for key in sorted(set(expected_by_key) | set(by_key)):
        wanted = [s for s in expected if s.key <= key]
        segment = by_key.get(key)
        found = [s for s in segments if s.snapshot.key <= key]
        if before is None:
            # Our first instant starts from the initial state, or from the expected state before it.
            prior = [s for s in expected if s.key < key]
            before = {"leaves": prior[-1].leaves, "data": prior[-1].data} if prior else initial
        if wanted and found:
            problems += [f"{describe(key)}: {problem} (step {found[-1].lines[-1].get('step')})"
                         for problem in differences(wanted[-1], found[-1].snapshot)]
        ours = changes(before, segment.states) if segment and before is not None else []
        reference = expected_by_key.get(key)
        if not problems and reference is not None and reference.steps is not None and before is not None:
            if not (len(ours) == len(reference.steps) and all(map(same_state, ours, reference.steps))):
                problems.append(f"{describe(key)}: the steps differ (each the state after a step that changes "
                                f"something):\n      expected {dumps(reference.steps)}\n      found    {dumps(ours)}")
        elif not problems and reference is None and ours:
            problems.append(f"{describe(key)}: Sismic does nothing here, our steps change {dumps(ours)}")
        if problems:
            break                   # the first instant that differs; later ones follow from it
        if segment:
            before = segment.states[-1]
    last = expected[-1]
    spin = next(iter(run.summary.get("spins", {}).values()), {})
    final = Snapshot(0, 0, None, leaves_of(spin.get("state")),
                     {name: (spin.get("data") or {}).get(name) for name in case.data.values()})
    if not problems:
        problems += [f"summary: {problem}" for problem in differences(last, final)]
    if last.final and run.summary.get("status") != "final":
        problems.append(f"summary: status final expected, {run.summary.get('status')} found")
    if not last.final and run.summary.get("status") == "final":
        problems.append("summary: status final found, the expected run does not end in a final state")
    return problems


# MARK: Command line

def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", nargs="*", help="case directories (default: every case under cases/)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--sismic-only", action="store_true", help="run Sismic, print expected snapshots, check goldens")
    mode.add_argument("--write-goldens", action="store_true", help="rewrite each case's expected.jsonl from Sismic")
    mode.add_argument("--goldens-only", action="store_true", help="compare spinrun with the committed goldens")
    parser.add_argument("--spinrun", help="the spinrun binary (default: $SPINRUN, .build/debug/spinrun, PATH)")
    parser.add_argument("--quiet", action="store_true", help="with --sismic-only: no snapshots, only the verdicts")
    options = parser.parse_args(argv)

    directories = [Path(path).resolve() for path in options.cases] or all_cases()
    failures = 0
    for directory in directories:
        try:
            failures += run_case(directory, options)
        except CaseError as error:
            print(f"FAIL {directory.name}: {error}")
            failures += 1
    print(f"{len(directories) - failures} of {len(directories)} cases passed")
    return 1 if failures else 0


def run_case(directory: Path, options: argparse.Namespace) -> int:
    case = load_case(directory)
    golden_path = directory / "expected.jsonl"
    sismic_path = directory / "sismic.jsonl"
    problems: list[str] = []
    if options.goldens_only:
        if not golden_path.is_file():
            raise CaseError(f"{golden_path} is missing: run --write-goldens")
        expected = read_golden(golden_path)
    else:
        problems += [f"structure: {problem}" for problem in structure_differences(case)]
        expected, sismic = expected_snapshots(case)
        version = sismic_version()
        lines = golden_lines(case, expected, version)
        sismic_lines = None
        if sismic is not None:
            sismic_lines = [dumps({"case": case.name, "oracle": f"sismic {version}", "note": "what Sismic itself "
                                   "does; not the expected result (see expected.jsonl)"})]
            sismic_lines += [dumps(snapshot.to_json()) for snapshot in sismic]
        if options.write_goldens:
            golden_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
            if sismic_lines:
                sismic_path.write_text("\n".join(sismic_lines) + "\n", encoding="utf-8")
            elif sismic_path.exists():
                sismic_path.unlink()
        else:
            committed = golden_path.read_text(encoding="utf-8").splitlines() if golden_path.is_file() else []
            if committed != lines:
                problems.append(f"{golden_path.relative_to(PACKAGE_ROOT)} is not what Sismic gives now "
                                "(run --write-goldens and review the difference)")
            if sismic_lines and (not sismic_path.is_file()
                                 or sismic_path.read_text(encoding="utf-8").splitlines() != sismic_lines):
                problems.append(f"{sismic_path.relative_to(PACKAGE_ROOT)} is not what Sismic gives now")
        if options.sismic_only and not options.quiet:
            print(f"# {case.name}")
            for line in lines[1:]:
                print(line)
    if not (options.sismic_only or options.write_goldens):
        run = run_spinrun(case, spinrun_path(options.spinrun))
        problems += compare(case, expected, run)
    verdict = "FAIL" if problems else ("WROTE" if options.write_goldens else "PASS")
    print(f"{verdict} {case.name}" + "".join(f"\n    {problem}" for problem in problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
