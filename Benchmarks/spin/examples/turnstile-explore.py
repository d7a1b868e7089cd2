#!/usr/bin/env python3
"""Breadth-first exploration of Specs/turnstile.yaml with coin.amount values [10, 25] and credit
range [0, 1000]: the counts an exhaustive explorer (spinrun --check, issue 18) should report, to
set beside SPIN's on turnstile.pml (../promela-mapping.md, "The worked example").

A state is (control state, credit, passes). From each state not final, every input with every
payload is a choice; a choice that changes nothing is not a move; a move that leaves credit's
range is a run-time error (a violation, not a state)."""
from collections import deque

INPUTS = [("coin", 10), ("coin", 25), ("push", None)]
CREDIT_RANGE = (0, 1000)
FINAL = {"closed"}


def step(state, event, amount):
    """The first row of the spec that matches, or None; "error" when it leaves a range."""
    control, credit, passes = state
    if event == "coin":
        if control == "locked" and amount >= 25:
            new = ("unlocked", credit + amount, passes)             # turnstile.yaml:18
        elif control == "locked" and amount < 25:
            new = ("locked", credit + amount, passes)               # :19
        elif control == "unlocked":
            new = ("unlocked", credit + amount, passes)             # :20
        else:
            return None
        return new if CREDIT_RANGE[0] <= new[1] <= CREDIT_RANGE[1] else "error"
    if event == "push" and control == "unlocked":
        return ("locked", credit, passes + 1) if passes + 1 < 2 else ("closed", credit, passes + 1)  # :21, :22
    return None


def explore():
    initial = ("locked", 0, 0)
    depth = {initial: 0}
    queue = deque([initial])
    moves = errors = dead_ends = 0
    shortest_error = None
    while queue:
        state = queue.popleft()
        if state[0] in FINAL:
            continue
        changed = False
        for event, amount in INPUTS:
            new = step(state, event, amount)
            if new is None or new == state:
                continue
            changed = True
            if new == "error":
                errors += 1
                shortest_error = shortest_error or depth[state] + 1
                continue
            moves += 1
            if new not in depth:
                depth[new] = depth[state] + 1
                queue.append(new)
        dead_ends += not changed
    finals = sum(1 for state in depth if state[0] in FINAL)
    print(f"states {len(depth)}")
    print(f"moves {moves}")
    print(f"final states {finals}")
    print(f"range errors {errors} (the shortest after {shortest_error} steps)")
    print(f"dead ends {dead_ends}")
    print(f"depth {max(depth.values())}")


if __name__ == "__main__":
    explore()
