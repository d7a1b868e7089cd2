import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns Ctrl-C (SIGINT) into a call of `action` (the run's `interrupt()`), instead of killing the
/// process: the run then ends with status `interrupted`, its summary is printed, and spinrun
/// exits with 130. A second Ctrl-C while the first is handled is ignored.
final class InterruptHandler {
    private let source: any DispatchSourceSignal

    /// Installs the handler; it stays installed until `cancel()`.
    init(action: @escaping @Sendable () -> Void) {
        // The default action would end the process before the summary is printed.
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "spinrun.interrupt"))
        source.setEventHandler(handler: action)
        source.resume()
        self.source = source
    }

    /// Removes the handler and restores the default action.
    func cancel() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
