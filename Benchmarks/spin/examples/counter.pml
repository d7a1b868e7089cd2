/*
 * Specs/counter.yaml in Promela by the mapping of ../promela-mapping.md: feedback rules that emit
 * into the spin's queue. Expected: 12 states (count 0..9 with `increase` queued, 10 with `stop`
 * queued, 10 with the queue empty), 12 transitions, and one invalid end state at depth 11: the
 * counter ends idle at 10, which is not a final state (see the mapping, "Dead ends").
 */
#define E_none     0
#define E_increase 1
#define E_stop     2
#define QUEUE 2

int count = 0;
/* the spin's queue (FIFO, q0 first): the initial state's delivery queued `increase` */
byte q0 = E_increase, q1 = E_none;
byte qlen = 1;

byte event, changed;             /* temporaries of a step: 0 between steps */
int old_count;

inline enqueue(e) {
    assert(qlen < QUEUE);        /* --max-queue */
    if :: qlen == 0 -> q0 = e :: else -> q1 = e fi;
    qlen++
}
inline dequeue() { event = q0; q0 = q1; q1 = E_none; qlen-- }

active proctype Counter() {
    do
    :: d_step {
        qlen > 0 ->
        dequeue();
        old_count = count;
        if
        :: event == E_increase -> count = count + 1
        :: event == E_stop -> skip
        :: else
        fi;
        changed = (count != old_count);
        /* feedback `counter` on a new state: the first rule whose trigger holds */
        if
        :: changed && count < 10 -> enqueue(E_increase)
        :: changed && !(count < 10) -> enqueue(E_stop)
        :: else
        fi;
        event = 0; changed = 0; old_count = 0
       }
    od
}
