/*
 * The checker benchmark of issue 18: three bounded counters a, b, c in 0...100, inputs
 * incA/incB/incC/decA, each allowed only while its guard holds. Every combination of values is
 * reachable: 101^3 = 1,030,301 states; each input is enabled in 100 x 101^2 of them, so there are
 * 4 x 1,020,100 = 4,080,400 moves (SPIN prints 4,080,401 transitions: stored + matched states,
 * the initial state's store included).
 *
 * Each input is one d_step, so a reduced event is one SPIN transition and the only control
 * location where states are stored is the loop head: SPIN's state vector is exactly (a, b, c)
 * plus the process's fixed bookkeeping. The same model in our language:
 * Benchmarks/Specs/counters.yaml.
 */
#ifndef BOUND
#define BOUND 100
#endif

byte a, b, c;

active proctype counters() {
    do
    :: d_step { a < BOUND -> a++ }   /* incA */
    :: d_step { b < BOUND -> b++ }   /* incB */
    :: d_step { c < BOUND -> c++ }   /* incC */
    :: d_step { a > 0 -> a-- }       /* decA */
    od
}
