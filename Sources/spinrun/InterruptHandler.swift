import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns Ctrl-C (SIGINT) and SIGTERM into calls of the run's `interrupt()` and `terminate()`,
/// instead of killing the process: the run then ends with status `interrupted` (exit 130) or
/// `terminated` (exit 143), the trace so far is flushed and the summary printed. `timeout`, CI
/// runners and service managers stop a program with SIGTERM; the trace is kept however the run
/// ends. A second signal while the first is handled is ignored.
final class InterruptHandler {
    private let sources: [any DispatchSourceSignal]
    private static let signals = [SIGINT, SIGTERM]

    /// Installs the handlers; they stay installed until `cancel()`.
    init(interrupt: @escaping @Sendable () -> Void, terminate: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "spinrun.interrupt")
        sources = zip(Self.signals, [interrupt, terminate]).map { number, action in
            // The default action would end the process before the summary is printed.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler(handler: action)
            source.resume()
            return source
        }
    }

    /// Removes the handlers and restores the default actions.
    func cancel() {
        for source in sources { source.cancel() }
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}
