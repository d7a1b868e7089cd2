"""The benchmarks' toggle in Python state-machine libraries: two states, one event, a counter,
and a feedback (the driver loop) that sends `toggle` while count < N. Prints `NAME VALUE UNIT`."""
import sys
import time


def best(run, n, repeats):
    return min(run(n) for _ in range(repeats))


def sismic_toggle(n):
    from sismic.io import import_from_yaml
    from sismic.interpreter import Interpreter
    chart = import_from_yaml("""
statechart:
  name: Toggle
  preamble: count = 0
  root state:
    name: root
    initial: off
    states:
      - name: off
        transitions:
          - target: on
            event: toggle
            action: count += 1
      - name: on
        transitions:
          - target: off
            event: toggle
            action: count += 1
""")
    interpreter = Interpreter(chart)
    interpreter.execute_once()
    start = time.perf_counter()
    context = interpreter.context
    while context["count"] < n:
        interpreter.queue("toggle")
        interpreter.execute_once()
    elapsed = time.perf_counter() - start
    assert context["count"] == n
    return elapsed


def statemachine_toggle(n):
    from statemachine import StateMachine, State

    class Toggle(StateMachine):
        off = State(initial=True)
        on = State()
        toggle = off.to(on) | on.to(off)

        def __init__(self):
            self.count = 0
            super().__init__()

        def on_toggle(self):
            self.count += 1

    machine = Toggle()
    start = time.perf_counter()
    while machine.count < n:
        machine.toggle()
    elapsed = time.perf_counter() - start
    assert machine.count == n
    return elapsed


def transitions_toggle(n):
    from transitions import Machine

    class Model:
        def __init__(self):
            self.count = 0

        def bump(self):
            self.count += 1

    model = Model()
    Machine(model=model, states=["off", "on"], initial="off",
            transitions=[{"trigger": "toggle", "source": "off", "dest": "on", "after": "bump"},
                         {"trigger": "toggle", "source": "on", "dest": "off", "after": "bump"}])
    start = time.perf_counter()
    while model.count < n:
        model.toggle()
    elapsed = time.perf_counter() - start
    assert model.count == n
    return elapsed


if __name__ == "__main__":
    quick = "--quick" in sys.argv
    repeats = 2 if quick else 3
    for name, run, n in [("sismic", sismic_toggle, 5_000 if quick else 20_000),
                         ("python-statemachine", statemachine_toggle, 5_000 if quick else 20_000),
                         ("transitions", transitions_toggle, 20_000 if quick else 100_000)]:
        seconds = best(run, n, repeats)
        print(f"toggle.{name} {n / seconds:.0f} steps/s", flush=True)
