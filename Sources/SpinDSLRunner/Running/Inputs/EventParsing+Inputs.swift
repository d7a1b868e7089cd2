import SpinDSLFrontEnd

extension EventParsing {
    /// The inputs of a run given on the command line: the `--event` options first (`options`, in
    /// order, each at time 0), then the events of the `--events` file `eventsFile` (`-`: stdin),
    /// read within `maxBytes` bytes, of which the earliest `keep` are kept, in time order (lines
    /// with equal times keep their order). The first problem instead, when an option is not an
    /// event or the file cannot be read or holds a line that is not one.
    public static func inputs(options: [String], eventsFile: String?, maxBytes: Int, keep: Int) -> Result<[InputEvent], UsageError> {
        var inputs: [InputEvent] = []
        for option in options {
            switch parseOption(option) {
            case .success(let input): inputs.append(input)
            case .failure(let error): return .failure(error)
            }
        }
        guard let eventsFile else { return .success(inputs) }
        switch EventsFile(path: eventsFile, limit: maxBytes, keep: keep).read() {
        case .success(let timed): return .success(inputs + timed)
        case .failure(let error): return .failure(error)
        }
    }
}
