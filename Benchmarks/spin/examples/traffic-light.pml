/*
 * Specs/traffic-light.yaml in Promela by the mapping of ../promela-mapping.md: timer rules with
 * deadlines (`after`, `every`, `enter:` arming and cancelling). The spec has no input, so there
 * is one path: 97 states (the initial one and the 96 steps of `spinrun Specs/traffic-light.yaml`),
 * 98 transitions (the final state's self-loop and the initial store included), no error, and the
 * run's end: state off, cycles 3, ticks 87 (`spin -u100000 traffic-light.pml` prints it). At the
 * end of each green, greenTimer (30 s) and greenClock (its 30th second) are due together:
 * greenTimer was armed first and fires first, so 29 ticks per green, as in the run.
 */
#define S_red    0
#define S_green  1
#define S_yellow 2
#define S_off    3

#define E_timer 0
#define E_tick  1

byte state = S_red;
int cycles = 0;
int maxCycles = 3;
int ticks = 0;
/* a timer rule's pending deadline: ms from now (rem_), and its place in the order the armed
 * timers were armed (rank_, 1..k; 0 when not armed). Initially: enter: red has armed redTimer. */
short rem_redTimer = 20000;  byte rank_redTimer = 1;
short rem_greenTimer = -1;   byte rank_greenTimer = 0;
short rem_yellowTimer = -1;  byte rank_yellowTimer = 0;
short rem_greenClock = -1;   byte rank_greenClock = 0;

/* temporaries of a step, 0 between steps (not `hidden`: pan -DBFS refuses hidden variables) */
byte old_state, event, armed, due_rank;
short m;

inline down(r, above) { if :: r > above -> r-- :: else fi }
inline disarm(rem, rank) {
    if
    :: rank > 0 ->
        down(rank_redTimer, rank); down(rank_greenTimer, rank);
        down(rank_yellowTimer, rank); down(rank_greenClock, rank);
        rank = 0; rem = -1
    :: else
    fi
}
inline count(r) { if :: r > 0 -> armed++ :: else fi }
inline arm(rem, rank, ms) {
    disarm(rem, rank);
    armed = 0;
    count(rank_redTimer); count(rank_greenTimer); count(rank_yellowTimer); count(rank_greenClock);
    rank = armed + 1; rem = ms
}
/* the earliest deadline; among equal deadlines the timer armed first */
inline earliest(rem, rank) {
    if :: rank > 0 && (rem < m || (rem == m && rank < due_rank)) -> m = rem; due_rank = rank :: else fi
}
inline advance(rem, rank) { if :: rank > 0 -> rem = rem - m :: else fi }

/* the reducer: the spec's rows in document order, the first that matches */
inline reduce() {
    if
    :: state == S_red && event == E_timer -> state = S_green
    :: state == S_green && event == E_timer -> state = S_yellow
    :: state == S_yellow && event == E_timer && cycles + 1 < maxCycles -> cycles = cycles + 1; state = S_red
    :: state == S_yellow && event == E_timer && !(cycles + 1 < maxCycles) -> cycles = cycles + 1; state = S_off
    :: state == S_green && event == E_tick -> ticks = ticks + 1
    :: else -> skip
    fi
}

/* the feedback rules on the new state, in declaration order: enter: S arms on entering S and
 * cancels when S is left (the render rule `announce` has no part in the model) */
inline enter_rule(S, rem, rank, ms) {
    if
    :: state == S && old_state != S -> arm(rem, rank, ms)
    :: state != S && old_state == S -> disarm(rem, rank)
    :: else
    fi
}
inline feedbacks() {
    enter_rule(S_red, rem_redTimer, rank_redTimer, 20000);
    enter_rule(S_green, rem_greenTimer, rank_greenTimer, 30000);
    enter_rule(S_yellow, rem_yellowTimer, rank_yellowTimer, 3000);
    enter_rule(S_green, rem_greenClock, rank_greenClock, 1000)
}

/* fire a due timer: `after` disarms, `every` re-arms (it is then the latest armed) */
inline fire_after(rem, rank, e) { if :: rank == due_rank && rem == 0 && event == 255 -> event = e; disarm(rem, rank) :: else fi }
inline fire_every(rem, rank, e, ms) { if :: rank == due_rank && rem == 0 && event == 255 -> event = e; arm(rem, rank, ms) :: else fi }

active proctype TrafficLight() {
    do
    :: d_step {
        (rank_redTimer + rank_greenTimer + rank_yellowTimer + rank_greenClock > 0) ->
        m = 32767; due_rank = 255;
        earliest(rem_redTimer, rank_redTimer); earliest(rem_greenTimer, rank_greenTimer);
        earliest(rem_yellowTimer, rank_yellowTimer); earliest(rem_greenClock, rank_greenClock);
        advance(rem_redTimer, rank_redTimer); advance(rem_greenTimer, rank_greenTimer);
        advance(rem_yellowTimer, rank_yellowTimer); advance(rem_greenClock, rank_greenClock);
        event = 255;
        fire_after(rem_redTimer, rank_redTimer, E_timer);
        fire_after(rem_greenTimer, rank_greenTimer, E_timer);
        fire_after(rem_yellowTimer, rank_yellowTimer, E_timer);
        fire_every(rem_greenClock, rank_greenClock, E_tick, 1000);
        old_state = state;
        reduce();
        feedbacks();
        old_state = 0; event = 0; armed = 0; due_rank = 0; m = 0
       }
    :: timeout && state == S_off
    od
}
