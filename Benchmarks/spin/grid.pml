/*
 * The grid of issue 27: four counters x, y, z, w in 0...49, each input moving one of them up or
 * down by one while it can; 50^4 = 6,250,000 states, all reachable. The invariant
 * x + y + z + w <= 196 is asserted after every move, inside the move's d_step, as our checker
 * evaluates it after every move. The same model in our language: Benchmarks/Specs/grid.yaml.
 */
byte x, y, z, w;

active proctype grid() {
    do
    :: d_step { x < 49 -> x++; assert(x + y + z + w <= 196) }
    :: d_step { x > 0 -> x--; assert(x + y + z + w <= 196) }
    :: d_step { y < 49 -> y++; assert(x + y + z + w <= 196) }
    :: d_step { y > 0 -> y--; assert(x + y + z + w <= 196) }
    :: d_step { z < 49 -> z++; assert(x + y + z + w <= 196) }
    :: d_step { z > 0 -> z--; assert(x + y + z + w <= 196) }
    :: d_step { w < 49 -> w++; assert(x + y + z + w <= 196) }
    :: d_step { w > 0 -> w--; assert(x + y + z + w <= 196) }
    od
}
