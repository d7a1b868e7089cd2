import BenchKit
import CMallocCounter
import Foundation
import Spin
import SpinDSL

// Allocations per step on the compiled toggle's hot path: mallocs over a whole run (instantiate,
// start, every step, stop) at two sizes; the difference divided by the difference in steps.

func mallocs(steps n: Int, _ compiled: CompiledSpec) -> UInt {
    let before = malloccounter_count()
    let runtime = compiledRuntime(compiled)
    runtime.start()
    precondition(runtime.stepCount == n)
    runtime.stop()
    return malloccounter_count() - before
}

func perStep(_ name: String, small: Int, large: Int, _ text: (Int) -> String) {
    let a = compile(text(small)), b = compile(text(large))
    _ = mallocs(steps: small, a)  // warm up lazily initialised runtime state
    let m1 = mallocs(steps: small, a)
    let m2 = mallocs(steps: large, b)
    let value = (Double(m2) - Double(m1)) / Double(large - small)
    print("\(name) \(String(format: "%.3f", value)) allocs/step")
}

perStep("alloc.per.step", small: 1_000, large: 101_000, BenchSpecs.toggle)
