# The ratios of a benchmark run: reads `NAME VALUE UNIT` lines (Benchmarks/run's figures) and prints
# `ratio NAME VALUE` for each ratio below, in this order. A ratio whose figures are missing (or not
# positive) is named on stderr instead, and the exit status is 1, so that a renamed or lost figure
# shows rather than its ratio silently vanishing. Kept in a file of its own, not quoted inside
# Benchmarks/run: an apostrophe in a comment here once ended the shell's quote.
{ v[$1] = $2 }
function r(name, a, b) {
    if (v[a] > 0 && v[b] > 0) {
        printf "ratio %s %.4g\n", name, v[a] / v[b]
    } else {
        lost = (v[a] > 0 ? "" : " " a) (v[b] > 0 ? "" : " " b)
        printf "ratio %s: no positive figure%s\n", name, lost > "/dev/stderr"
        missing = 1
    }
}
END {
    r("toggle.compiled/handwritten", "toggle.compiled", "toggle.handwritten")
    r("toggle.core/handwritten", "toggle.core", "toggle.handwritten")
    r("toggle.compiled/core", "toggle.compiled", "toggle.core")
    r("toggle.generated/handwritten", "toggle.generated", "toggle.handwritten")
    r("toggle.generated.core/core", "toggle.generated.core", "toggle.core")
    r("counter.compiled/handwritten", "counter.compiled", "counter.handwritten")
    r("levels.compiled/handwritten", "levels.compiled", "levels.handwritten")
    r("toggle.compiled/sismic", "toggle.compiled", "toggle.sismic")
    r("toggle.compiled/python-statemachine", "toggle.compiled", "toggle.python-statemachine")
    r("toggle.compiled/transitions", "toggle.compiled", "toggle.transitions")
    r("async.core/asyncstream", "async.core", "async.asyncstream")
    r("async.core/asyncstream.inline", "async.core", "async.asyncstream.inline")
    r("compile/libyaml", "load.compile.100000", "load.libyaml.100000")
    r("compile.growth.10x", "load.compile.100000", "load.compile.10000")
    # A step's cost nested over flat: the flat rate over the nested one.
    r("statechart.nested/flat", "statechart.flat", "statechart.nested")
    r("check/spin", "check.states_per_s", "spin.states_per_s")
    r("check/spin.bfs", "check.states_per_s", "spin.bfs.states_per_s")
    r("check.grid/spin.grid", "check.grid.states_per_s", "spin.grid.states_per_s")
    r("check.workers2/workers1", "check.workers2.states_per_s", "check.workers1.states_per_s")
    exit missing
}
