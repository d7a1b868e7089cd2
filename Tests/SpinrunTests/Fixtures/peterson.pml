/* Peterson's mutual exclusion, written by hand for SPIN as Specs/peterson.yaml is written: each
   labelled statement is one step of the spec's process (idle -> want -> raised -> wait -> cs). */
bool flag[2];
bit turn;

active [2] proctype P() {
  bit i = _pid;
idle:
  skip;
want:
  flag[i] = true;
raised:
  turn = 1 - i;
wait:
  (!flag[1 - i] || turn == i);
cs:
  flag[i] = false;
  goto idle
}

ltl mutualExclusion { [] !(P[0]@cs && P[1]@cs) }
ltl progress0 { [] (P[0]@want -> <> P[0]@cs) }
ltl progress1 { [] (P[1]@want -> <> P[1]@cs) }
