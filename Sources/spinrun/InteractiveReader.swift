import Dispatch
import SpinDSL

/// `--interactive`: reads `NAME [JSON]` lines from stdin on a thread of its own (reading blocks)
/// and emits each into the run; a bad line, or one longer than `maxLineBytes`, is reported on
/// stderr and skipped. EOF ends the input.
struct InteractiveReader: Sendable {
    let model: SpecModel
    let spin: String?
    /// The longest line read (`--max-events-bytes`).
    let maxLineBytes: Int

    func start(into run: SpecRun) {
        DispatchQueue(label: "spinrun.stdin").async {
            var lines = StandardInputLines(limit: maxLineBytes)
            var number = 0
            while let next = lines.next() {
                number += 1
                let origin = "stdin:\(number)"
                guard case .text(let line) = next else {
                    OutputWriter.standardError.line("Error: \(UsageError(origin, .inputLineTooLong, ["limit": maxLineBytes]))")
                    continue
                }
                switch EventParsing.parseLine(line, origin: origin, allowTime: false) {
                case nil:
                    continue
                case .failure(let error)?:
                    OutputWriter.standardError.line("Error: \(error)")
                case .success(let input)?:
                    switch EventParsing.hostEvent(input, spin: spin, in: model) {
                    case .failure(let error):
                        OutputWriter.standardError.line("Error: \(error)")
                    case .success(let event):
                        if let problem = run.emit(spin: spin, event: event) {
                            OutputWriter.standardError.line("Error: \(UsageError(origin, problem))")
                        }
                    }
                }
            }
            run.closeInput()
        }
    }
}
