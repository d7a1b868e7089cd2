// The turnstile (turnstile.spin.yaml, a copy of Specs/turnstile.yaml) compiled in by the
// SpinCodegen plugin, run on the Spin core with the inputs of the spec's script.
import Spin
import SpinGeneratedSupport

let runtime = SpinRuntime(Turnstile.spin())
runtime.start()
let inputs: [Turnstile.Event] = [.coin(amount: 10), .push, .coin(amount: 25), .push, .coin(amount: 25), .push]
for event in inputs {
    runtime.emit(event)
    await runtime.awaitIdle()
}
print("\(Turnstile.specName): \(Turnstile.describe(runtime.state))")
