"""Tests of the differential driver itself (python3 -m unittest discover -s Tests/Differential).

Our statechart side does not run yet, so the comparison is checked against traces written the
way issue 17 says spinrun writes them (one line per microstep, `to` the active leaf or the array
of leaves), built from the goldens: the faithful trace must pass, and each kind of defect must be
reported at the instant where it happens.
"""
import copy
import importlib.util
import json
import shutil
import tempfile
import unittest
from pathlib import Path

import differential as d

HAVE_SISMIC = importlib.util.find_spec("sismic") is not None


def faithful_trace(snapshots, status=None):
    """The JSON Lines a correct spinrun run would write for these expected snapshots: a line per
    step, the first of an input's steps with source input; an unchanged line for an input that
    changes nothing."""
    lines, previous, step = [], snapshots[0].initial, 0
    for snapshot in snapshots:
        states = list(snapshot.steps or [])
        if snapshot.input is not None and not states:
            states = [previous]             # the input changed nothing: still a step
        for index, state in enumerate(states):
            step += 1
            source = "input" if snapshot.input is not None and index == 0 else "eventless"
            name = snapshot.input if source == "input" else "tick"
            lines.append({"step": step, "time": snapshot.time, "spin": "S",
                          "event": {"name": name, "payload": {}}, "source": source,
                          "from": leaf_value(previous["leaves"]), "to": leaf_value(state["leaves"]),
                          "state": state["data"]})
            previous = state
    last = snapshots[-1]
    summary = {"status": status or ("final" if last.final else "idle"), "steps": step, "time": last.time,
               "spins": {"S": {"state": leaf_value(last.leaves), "data": last.data}}}
    return lines, summary


def leaf_value(leaves):
    return leaves[0] if len(leaves) == 1 else leaves


def run_of(lines, summary, status=0):
    text = "\n".join(json.dumps(line) for line in lines + [{"summary": summary}])
    return d.parse_trace(status, text, "")


class ComparisonTests(unittest.TestCase):
    def case_and_golden(self, name):
        case = d.load_case(d.CASES / name)
        return case, d.read_golden(d.CASES / name / "expected.jsonl")

    def test_every_golden_passes_against_its_faithful_trace(self):
        for directory in d.all_cases():
            with self.subTest(case=directory.name):
                case, golden = self.case_and_golden(directory.name)
                lines, summary = faithful_trace(golden)
                self.assertEqual(d.compare(case, golden, run_of(lines, summary)), [])

    def test_a_wrong_value_is_reported_at_its_instant(self):
        case, golden = self.case_and_golden("elevator")
        lines, summary = faithful_trace(golden)
        at_11s = [line for line in lines if line["time"] == 11000]
        at_11s[-1]["state"] = dict(at_11s[-1]["state"], current=1)
        problems = d.compare(case, golden, run_of(lines, summary))
        self.assertEqual(len(problems), 1)
        self.assertTrue(problems[0].startswith("at 11000ms: current = 0 expected, 1 found"), problems[0])

    def test_wrong_leaves_of_parallel_regions_are_reported(self):
        case, golden = self.case_and_golden("parallel-both")
        lines, summary = faithful_trace(golden)
        lines[0]["to"] = ["r2", "l2"]       # not document order
        problems = d.compare(case, golden, run_of(lines, summary))
        self.assertTrue(problems and problems[0].startswith(
            "at 100ms after input 1: states ['l2', 'r2'] expected, ['r2', 'l2'] found"), problems)

    def test_a_missing_intermediate_step_is_reported(self):
        case, golden = self.case_and_golden("eventless-chain")
        lines, summary = faithful_trace(golden)
        del lines[2]                        # one turn of the counting loop
        problems = d.compare(case, golden, run_of(lines, summary))
        self.assertTrue(problems and problems[0].startswith("at 100ms after input 1: the steps differ"), problems)

    def timer_lines_at_40s(self, lines, **changes):
        """Lines of the doors' timer firing at 40 s (at floor 0, where Sismic does nothing)."""
        index = next(i for i, line in enumerate(lines) if line["time"] > 40000)
        previous = lines[index - 1]
        timer = dict(previous, time=40000, source="doorsTimer", event={"name": "doorsTimeout", "payload": {}},
                     state=dict(previous["state"], **changes), **{"from": previous["to"]})
        back = dict(previous, time=40000, source="eventless", **{"from": previous["to"]})
        lines[index:index] = [timer, back] if changes else [timer]

    def test_an_unchanged_timer_line_where_sismic_does_nothing_passes(self):
        case, golden = self.case_and_golden("elevator")
        lines, summary = faithful_trace(golden)
        self.timer_lines_at_40s(lines)
        self.assertEqual(d.compare(case, golden, run_of(lines, summary)), [])

    def test_a_change_where_sismic_does_nothing_is_reported(self):
        case, golden = self.case_and_golden("elevator")
        lines, summary = faithful_trace(golden)
        self.timer_lines_at_40s(lines, destination=5)     # changes, then changes back
        problems = d.compare(case, golden, run_of(lines, summary))
        self.assertTrue(problems and problems[0].startswith("at 40000ms: Sismic does nothing here"), problems)

    def test_two_inputs_at_one_instant_are_compared_one_by_one(self):
        case, golden = self.case_and_golden("raised-events")
        lines, summary = faithful_trace(golden)
        self.assertEqual([line["source"] for line in lines], ["input", "eventless", "eventless", "input", "eventless"])
        swapped = copy.deepcopy(lines)
        swapped[3]["state"]["log"], swapped[4]["state"]["log"] = "GEPB", "GEPOB"
        problems = d.compare(case, golden, run_of(swapped, summary))
        self.assertTrue(problems and problems[0].startswith("at 100ms after input 2: the steps differ"), problems)

    def test_the_summary_and_its_status_are_checked(self):
        case, golden = self.case_and_golden("done-parallel")
        lines, summary = faithful_trace(golden)
        wrong = dict(summary, spins={"S": {"state": ["l_done", "r_done"], "data": summary["spins"]["S"]["data"]}})
        self.assertEqual(d.compare(case, golden, run_of(lines, wrong)),
                         ["summary: states ['finished'] expected, ['l_done', 'r_done'] found"])
        case, golden = self.case_and_golden("flat-turnstile")
        lines, summary = faithful_trace(golden, status="idle")
        self.assertEqual(d.compare(case, golden, run_of(lines, summary)),
                         ["summary: status final expected, idle found"])

    def test_the_initial_states_are_checked_through_the_first_line(self):
        case, golden = self.case_and_golden("history-deep")
        lines, summary = faithful_trace(golden)
        lines[0]["from"] = "w1a"
        self.assertEqual(d.compare(case, golden, run_of(lines, summary))[0],
                         "the initial states: ['paused'] expected, ['w1a'] found (`from` of step 1)")

    def test_an_invalid_spec_is_reported_with_spinruns_message(self):
        case, golden = self.case_and_golden("microwave")
        run = d.parse_trace(1, "", "microwave.yaml:26:3: error: expected a list for 'states'\n")
        self.assertEqual(d.compare(case, golden, run),
                         ["spinrun gave no summary (exit 1): microwave.yaml:26:3: error: expected a list for 'states'"])

    def test_ints_and_doubles_compare_by_value_but_bools_do_not_equal_numbers(self):
        self.assertTrue(d.same_value(20, 20.0))
        self.assertFalse(d.same_value(True, 1))
        self.assertFalse(d.same_value(0, False))
        self.assertTrue(d.same_value(False, False))

    def test_to_is_a_leaf_an_array_of_leaves_or_null(self):
        self.assertEqual(d.leaves_of("a"), ["a"])
        self.assertEqual(d.leaves_of(["a", "b"]), ["a", "b"])
        self.assertEqual(d.leaves_of(None), [])


@unittest.skipUnless(HAVE_SISMIC, "needs sismic (pip install sismic)")
class SismicSideTests(unittest.TestCase):
    def test_the_goldens_are_what_sismic_gives(self):
        version = d.sismic_version()
        for directory in d.all_cases():
            with self.subTest(case=directory.name):
                case = d.load_case(directory)
                expected, sismic = d.expected_snapshots(case)
                committed = (directory / "expected.jsonl").read_text(encoding="utf-8").splitlines()
                self.assertEqual(d.golden_lines(case, expected, version), committed)
                self.assertEqual(d.structure_differences(case), [])
                self.assertEqual(sismic is not None, case.oracle == "scxml")

    def copy_of(self, name):
        """A copy of a case in a temporary directory, its paths out of the case made absolute."""
        directory = Path(tempfile.mkdtemp()) / name
        shutil.copytree(d.CASES / name, directory)
        self.addCleanup(shutil.rmtree, directory.parent)
        lines = []
        for line in (directory / "case.yaml").read_text().splitlines():
            key, _, value = line.partition(": ")
            if key in ("spec", "sismic") and value.startswith(".."):
                line = f"{key}: {(d.CASES / name / value).resolve()}"
            lines.append(line)
        (directory / "case.yaml").write_text("\n".join(lines) + "\n")
        return directory

    def refusal(self, name, inputs, replacement):
        """The driver's refusal of a copy of case `name` whose inputs are replaced."""
        directory = self.copy_of(name)
        (directory / "case.yaml").write_text((directory / "case.yaml").read_text().replace(inputs, replacement))
        with self.assertRaises(d.CaseError) as raised:
            d.expected_snapshots(d.load_case(directory))
        return str(raised.exception)

    def test_an_input_at_a_timer_instant_is_refused(self):
        self.assertIn("at 120000ms the input 'stop' arrives at the instant a clock guard fires",
                      self.refusal("flat-thermostat", "inputs: []", "inputs: [{ at: 2m, event: stop }]"))

    def test_two_timers_at_one_instant_are_refused(self):
        self.assertIn("at 1000ms several clock guards fire at once",
                      self.refusal("stopwatch", "  - { at: 100ms, event: start }", "  - { at: 0ms, event: start }"))

    def test_a_spec_whose_nesting_differs_is_reported(self):
        directory = self.copy_of("history-shallow")
        spec = (directory / "spec.yaml").read_text()
        spec = spec.replace("  paused: {}\n", "").replace("states:\n  work:", "states:\n  paused: {}\n  work:")
        spec = spec.replace("history: shallow", "history: deep")
        (directory / "spec.yaml").write_text(spec)
        self.assertEqual(d.structure_differences(d.load_case(directory)), [
            "(the spin): children ['work', 'paused'] in Sismic, ['paused', 'work'] in ours"])
        spec = spec.replace("states:\n  paused: {}\n  work:", "states:\n  work:").replace("transitions:", "  paused: {}\ntransitions:", 1)
        (directory / "spec.yaml").write_text(spec)
        self.assertEqual(d.structure_differences(d.load_case(directory)), [
            "work: history shallow in Sismic, deep in ours"])

    def test_an_scxml_case_must_differ_from_sismic(self):
        directory = self.copy_of("parallel-order")
        sismic_logs = [json.loads(line)["data"]["log"] for line in (directory / "sismic.jsonl").read_text().splitlines()[2:]]
        text = (directory / "case.yaml").read_text()
        head, _, _ = text.partition("  overrides:\n")
        overrides = "".join(f'    - {{ at: {100 * (index + 1)}ms, seq: 1, data: {{ log: "{log}" }} }}\n'
                            for index, log in enumerate(sismic_logs))
        (directory / "case.yaml").write_text(head + "  overrides:\n" + overrides)
        with self.assertRaises(d.CaseError) as raised:
            d.expected_snapshots(d.load_case(directory))
        self.assertIn("oracle scxml, but Sismic gives the same snapshots", str(raised.exception))

if __name__ == "__main__":
    unittest.main()
