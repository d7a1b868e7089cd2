import SpinDSLFrontEnd

/// The timed inputs of a run (the spins' scripts, `SpecRun.schedule`), in the order they are due:
/// by time, and inputs due at the same time in the order they were added (file order).
///
/// The run takes them from here itself rather than from feedbacks sleeping on the clock, so that
/// an input's place among the timers of its instant does not depend on when it went to sleep:
/// every timer due at an instant fires before the inputs scheduled then (docs/semantics.md).
struct InputSchedule: Sendable {
    /// One input waiting for its time.
    struct Entry: Sendable {
        /// When it is due, from the start of the run.
        let time: Duration
        /// The order it was added in; breaks ties between equal times.
        let sequence: Int
        /// The index of the spin that receives it.
        let spin: Int
        /// The event, checked against the spin's declaration.
        let event: SpecEvent
        /// Where it was written (`Specs/turnstile.yaml:31:5`, `coins.events:3`), if known.
        let origin: String?
    }

    private var entries: [Entry] = []
    /// The entries before this index were taken.
    private var taken = 0
    private var nextSequence = 0

    /// Adds an input, after the inputs already due at the same time.
    mutating func add(spin: Int, event: SpecEvent, at time: Duration, origin: String?) {
        let entry = Entry(time: time, sequence: nextSequence, spin: spin, event: event, origin: origin)
        nextSequence += 1
        // Inputs mostly arrive in time order (a script, a sorted events file): look from the end.
        var index = entries.endIndex
        while index > taken, entries[index - 1].time > time { index -= 1 }
        entries.insert(entry, at: index)
    }

    /// When the next input is due, or nil when none is left.
    var nextTime: Duration? {
        taken < entries.count ? entries[taken].time : nil
    }

    /// Takes the next input if it is due at `time` or before.
    mutating func takeNext(notAfter time: Duration) -> Entry? {
        guard taken < entries.count, entries[taken].time <= time else { return nil }
        taken += 1
        return entries[taken - 1]
    }

    /// Takes every input left, in order.
    mutating func takeRemaining() -> ArraySlice<Entry> {
        defer { taken = entries.count }
        return entries[taken...]
    }
}
