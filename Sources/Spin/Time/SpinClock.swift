/// The clock of the loop an effect belongs to.
///
/// Effects started by a `SpinRuntime` see the runtime's clock here, so an effect written as
/// `try await SpinClock.sleep(for: .seconds(1))` waits one real second in an app and no time at all
/// under a `VirtualClock` in tests and simulations.
public enum SpinClock {
    /// The clock of the current effect's loop; a `ContinuousClock` outside any loop.
    @TaskLocal public static var current: any Clock<Duration> = ContinuousClock()

    /// Sleeps for `duration` on the current loop's clock.
    public static func sleep(for duration: Duration) async throws {
        try await sleep(for: duration, on: current)
    }

    private static func sleep<C: Clock<Duration>>(for duration: Duration, on clock: C) async throws {
        try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil)
    }
}
