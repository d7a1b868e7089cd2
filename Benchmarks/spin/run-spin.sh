#!/usr/bin/env bash
# SPIN's side of the checker benchmark (issue 18): generates the verifier of counters.pml
# (`spin -a`), compiles it (`gcc -O2 -DSAFETY -DNOREDUCE`, depth-first, no partial-order
# reduction), runs it (`./pan -m2000000 -w24`) three times and prints, as `NAME VALUE UNIT` lines
# for Benchmarks/run, the states and transitions SPIN reports and its best search time (pan's own
# timer: the search, without compiling or start-up). The breadth-first verifier (`-DBFS`, the
# order of a shortest-counterexample checker) is measured the same way as `spin.bfs.*`. The grid
# of issue 27 (grid.pml: 6,250,000 states, an assert after every move) is measured once, depth
# first, as `spin.grid.*` (`./pan -m10000000 -w26`: its depth reaches 6,249,999).
#
# Needs `spin` (Debian package spin, 6.5.2) and gcc. Work files go to Benchmarks/.generated/spin.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$here/../.generated/spin"
mkdir -p "$work"
cp "$here/counters.pml" "$here/grid.pml" "$work/"
cd "$work"

command -v spin > /dev/null || { echo "run-spin.sh: spin is not installed (apt-get install spin)" >&2; exit 1; }
spin -a counters.pml > /dev/null
gcc -O2 -DSAFETY -DNOREDUCE -o pan pan.c
gcc -O2 -DSAFETY -DNOREDUCE -DBFS -o pan-bfs pan.c
spin -a grid.pml > /dev/null
gcc -O2 -DSAFETY -DNOREDUCE -o pan-grid pan.c

# measure PREFIX BINARY [RUNS [PAN OPTIONS...]]: runs it RUNS times (3); prints the figures of the
# fastest run.
measure() {
    local prefix=$1 binary=$2 runs=${3:-3} best="" states="" transitions="" vector="" memory=""
    shift 3 || shift $#
    local options=("$@")
    [[ ${#options[@]} -gt 0 ]] || options=(-m2000000 -w24)
    for _ in $(seq "$runs"); do
        "./$binary" "${options[@]}" > "$binary.out"
        grep -q "errors: 0" "$binary.out" || { cat "$binary.out" >&2; echo "run-spin.sh: SPIN reported errors" >&2; exit 1; }
        local seconds
        seconds=$(awk '/^pan: elapsed time/ { print $4 }' "$binary.out")
        if [[ -z "$best" ]] || (( $(echo "$seconds < $best" | bc -l) )); then best=$seconds; fi
        states=$(awk '/states, stored/ { print $1; exit }' "$binary.out")
        transitions=$(awk '/transitions \(= stored\+matched\)/ { print $1 }' "$binary.out")
        vector=$(awk '/^State-vector/ { print $2 }' "$binary.out")
        memory=$(awk '/actual memory usage for states/ { print $1; exit }' "$binary.out")
    done
    echo "$prefix.states $states states"
    echo "$prefix.transitions $transitions transitions"
    echo "$prefix.seconds $best s"
    # pan's timer ticks in hundredths of a second; a search under one tick is reported as 0.
    if (( $(echo "$best > 0" | bc -l) )); then
        echo "$prefix.states_per_s $(printf '%.0f' "$(echo "$states / $best" | bc -l)") states/s"
    fi
    echo "$prefix.state_vector $vector bytes"
    echo "$prefix.bytes_per_state $(printf '%.1f' "$(echo "$memory * 1048576 / $states" | bc -l)") bytes"
}

measure spin pan
measure spin.bfs pan-bfs
measure spin.grid pan-grid 1 -m10000000 -w26
