/*
 * Specs/turnstile.yaml in Promela by the mapping of ../promela-mapping.md (the worked example:
 * written by hand the way `spinrun --promela` is proposed to write it), with the two keys of
 * issue 18 the checker needs:
 *     events: coin: { amount: { type: int, values: [10, 25] } }   the payloads tried
 *     data:   credit: { type: int, initial: 0, range: [0, 1000] }   without it, no finite space
 *
 * Expected (../promela-mapping.md, "The worked example"): 868 states = the explorer's 867 + the
 * one error state; 1,930 transitions; 25 range errors (assertion violations) with -c0; the
 * shortest one (pan -DBFS) after 41 steps (41 coins of 25).
 */

/* control states, in the order of `states:` */
#define S_locked   0
#define S_unlocked 1
#define S_closed   2
#define S_ERROR    255            /* after a run-time error: the run ends there */

byte state = S_locked;
short credit = 0;                 /* int, range [0, 1000] */
int passes = 0;                   /* int, no range: 32 bits here, 64 in a run */

/* A run-time error ends the path in one canonical state, however many paths fail, so that it
 * counts once: the assertion reports it (pan stops at the first unless -c0). */
inline runtime_error(condition) {
    assert(condition);
    state = S_ERROR; credit = 0; passes = 0
}

/* credit = credit + amount with its range check (turnstile.yaml:18-20) */
inline add_credit(amount) {
    if
    :: credit + amount < 0 || credit + amount > 1000 -> runtime_error(credit + amount >= 0 && credit + amount <= 1000)
    :: else -> credit = credit + amount
    fi
}

/* The input coin { amount }: the rows of the current state on coin, first match in document
 * order. Enabled only when a row fires and changes something (or fails): an input that changes
 * nothing is no transition, so that a state where no input changes anything blocks (a dead end,
 * reported by pan as an invalid end state). */
inline coin(amount) {
    d_step {
        (   (state == S_locked && amount >= 25)                                          /* :18 */
         || (state == S_locked && !(amount >= 25) && amount < 25 && credit + amount != credit)   /* :19 */
         || (state == S_unlocked && credit + amount != credit)                          /* :20 */
        ) ->
        if
        :: state == S_locked && amount >= 25 ->                                          /* :18 */
            add_credit(amount);
            if :: state != S_ERROR -> state = S_unlocked :: else fi
        :: state == S_locked && !(amount >= 25) && amount < 25 ->                        /* :19 */
            add_credit(amount)
        :: state == S_unlocked ->                                                        /* :20 */
            add_credit(amount)
        fi
        /* invariants: none in this spec; each would be assert(expression) here */
    }
}

/* The input push: turnstile.yaml:21-22 (a push on a locked turnstile has no row: disabled). */
inline push() {
    d_step {
        (state == S_unlocked) ->
        if
        :: passes + 1 < 2 -> passes = passes + 1; state = S_locked                       /* :21 */
        :: else -> passes = passes + 1; state = S_closed                                 /* :22 */
        fi
    }
}

active proctype Turnstile() {
    do
    :: coin(10)
    :: coin(25)
    :: push()
    /* a final state (or the error state) does not block: a valid end, stored once */
    :: timeout && (state == S_closed || state == S_ERROR)
    od
}
