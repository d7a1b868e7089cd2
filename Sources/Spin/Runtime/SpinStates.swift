/// The states of a running spin as an async sequence.
///
/// The sequence starts with the state current when it was created, then yields every state that
/// changed, in order, and ends when the runtime stops. It buffers without limit, so a slow consumer
/// sees every state.
public struct SpinStates<State: Sendable>: AsyncSequence, Sendable {
    /// The states of the loop.
    public typealias Element = State
    /// The sequence never fails; it ends when the runtime stops.
    public typealias Failure = Never

    let channel: StateChannel<State>

    /// The iterator of a `SpinStates` sequence.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let channel: StateChannel<State>

        /// The next state, or nil once the runtime stopped and every state was read.
        public mutating func next() async -> State? {
            await channel.next()
        }

        /// The next state, on the caller's isolation.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Never) -> State? {
            await channel.next()
        }
    }

    /// An iterator over the states. Each `SpinStates` value supports one iterator.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(channel: channel)
    }
}
