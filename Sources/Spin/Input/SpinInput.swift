/// A channel of outside input — a UI's taps and text, a socket's messages — for a feedback to read:
/// the `AsyncChannel`-like input of Loop's and Spin.Swift's UI examples.
///
/// Anyone may `send(_:)` values, from any thread; one effect reads them in order, as an async
/// sequence (`Feedback(input:)` turns them into events as they are). Sending never waits: values
/// are buffered without limit until read. `finish()` ends the sequence once the buffered values
/// are read.
///
/// An effect of a loop that waits here for the next value does not count as busy: the loop can
/// settle (`awaitIdle()`) and a `VirtualClock` can advance while it waits, and a `send(_:)` makes
/// it count again before it wakes, so the loop cannot look idle between the input and its event.
/// (An effect that waits on an `AsyncStream` instead counts as busy until it ends: the loop
/// cannot tell waiting for outside input from working.) This holds for the stream forms
/// (`Feedback(input:)`, `Feedback(effect:)` of `SpinStates`) and for every effect on a
/// `VirtualClock`.
///
/// One consumer at a time: a second reader that waits while the first does finds the sequence
/// ended. When the reading effect is cancelled (its loop stops), the input ends.
public final class SpinInput<Element: Sendable>: AsyncSequence, Sendable {
    /// The sequence never fails; it ends after `finish()`.
    public typealias Failure = Never

    let channel = StateChannel<Element>(accounting: .waitingMember)

    /// An empty input.
    public init() {}

    /// Adds a value for the reader; ignored after `finish()`.
    public func send(_ element: Element) {
        channel.send(element)
    }

    /// Ends the sequence: the reader receives the buffered values, then nil.
    public func finish() {
        channel.finish()
    }

    /// The iterator of a `SpinInput`: the one of a states sequence, which reads the same kind of
    /// channel.
    public typealias AsyncIterator = SpinStates<Element>.AsyncIterator

    /// An iterator over the values sent.
    public func makeAsyncIterator() -> AsyncIterator {
        SpinStates(channel: channel).makeAsyncIterator()
    }
}
