import Dispatch
import SpinDSL

/// `--interactive`: reads `NAME [JSON]` lines from stdin on a thread of its own (reading blocks)
/// and emits each into the run; a bad line is reported on stderr and skipped. EOF ends the input.
struct InteractiveReader: Sendable {
    let model: SpecModel
    let spin: String?

    func start(into run: SpecRun) {
        DispatchQueue(label: "spinrun.stdin").async {
            var number = 0
            while let line = readLine(strippingNewline: true) {
                number += 1
                let origin = "stdin:\(number)"
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
