#!/usr/bin/env bash
# Runs SPIN on the hand-written exports of examples/ (promela-mapping.md): for each, the full
# search with every error counted (`pan -c0`), depth-first and breadth-first, and the first error
# breadth-first (the shortest counterexample). Prints one line per run.
# Needs `spin` and gcc. Work files go to Benchmarks/.generated/spin-examples.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$here/../.generated/spin-examples"
mkdir -p "$work"
cd "$work"

figures() {
    awk '
        /^State-vector/ { vector = $2; depth = $6; sub(",", "", depth); errors = $8 }
        /states, stored/ { states = $1 }
        /transitions \(= stored\+matched\)/ { transitions = $1 }
        /^pan:1: / && first == "" { first = $0; sub(/^pan:1: /, "", first) }
        END {
            printf "states %s transitions %s errors %s depth %s vector %s", states, transitions, errors, depth, vector
            if (first != "") printf " first: %s", first
            printf "\n"
        }' "$1"
}

for model in "$here"/examples/*.pml; do
    name="$(basename "$model" .pml)"
    cp "$model" .
    spin -a "$name.pml" > /dev/null
    gcc -O2 -DSAFETY -DNOREDUCE -o "pan-$name" pan.c
    gcc -O2 -DSAFETY -DNOREDUCE -DBFS -o "pan-$name-bfs" pan.c
    "./pan-$name" -c0 > "$name.dfs.out" || true
    "./pan-$name-bfs" -c0 > "$name.bfs.out" || true
    "./pan-$name-bfs" > "$name.first.out" || true
    echo "$name dfs -c0: $(figures "$name.dfs.out" | sed 's/ first:.*//')"
    echo "$name bfs -c0: $(figures "$name.bfs.out" | sed 's/ first:.*//')"
    echo "$name bfs first error: $(figures "$name.first.out")"
done
