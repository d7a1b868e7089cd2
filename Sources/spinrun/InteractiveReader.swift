import Dispatch
import SpinDSL

/// `--interactive`: reads lines from stdin on a thread of its own (reading blocks) and gives each
/// to the session's `InteractiveInput`, which says what it asks of the run (docs there); a
/// refused line, or one longer than `maxLineBytes`, is reported on stderr and skipped. EOF ends
/// the input.
struct InteractiveReader: Sendable {
    /// The session, before its first line.
    let input: InteractiveInput

    func start(into run: SpecRun) {
        DispatchQueue(label: "spinrun.stdin").async {
            var input = self.input
            var lines = StandardInputLines(limit: input.maxLineBytes)
            while let next = lines.next() {
                let action: InteractiveInput.Action
                switch next {
                case .text(let line): action = input.read(line)
                case .tooLong: action = input.readTooLong()
                }
                if case .pause(let milliseconds) = action {
                    Self.sleep(milliseconds: milliseconds)
                } else if let error = input.perform(action, on: run) {
                    OutputWriter.standardError.line("Error: \(error)")
                }
            }
            run.closeInput()
        }
    }

    private static func sleep(milliseconds: Int64) {
        let semaphore = DispatchSemaphore(value: 0)
        _ = semaphore.wait(timeout: .now() + .milliseconds(Int(clamping: milliseconds)))
    }
}
