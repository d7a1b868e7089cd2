/// Packs a settled `RunMachine` into a compact byte vector and back: the checker's states.
///
/// A settled run has empty queues and no task that can run: what is left is, per spin, the control
/// state, the data and whether it stopped, and the tasks asleep on the clock. The feedbacks'
/// memories are not stored: each equals what the current state gives (every new state reaches
/// every feedback), so unpacking derives them again. A vector holds, bit-packed:
///
/// - per spin: the control state (as many bits as the states need), a stop bit (spins with final
///   states), then each field: an int with a `range` in the bits the range needs, any other int
///   and doubles in 64 bits, bools in 1, enumerations in the bits their cases need, strings as
///   the index of the text in a table of every string met;
/// - when the spec has timers: how many tasks sleep, then each in wake-up order (deadline, then
///   the order they went to sleep): where it sleeps (the rule and the wait), the time left in
///   units of the greatest common divisor of the spec's durations, and the state its action will
///   act on when the action reads one.
///
/// Time is relative: a vector holds the time left to each deadline, not the time of day, so a run
/// that comes back to the same state later is the same vector.
final class StateCodec {
    private enum FieldCoding {
        case ranged(low: Int64, bits: Int)
        case int64
        case double
        case duration
        case bool
        case symbol(bits: Int)
        case string
    }

    private struct SpinCoding {
        let controlBits: Int
        let hasStopBit: Bool
        let fields: [FieldCoding]
    }

    /// Where a task can sleep: its rule's slot and the wait it sleeps in.
    struct Site: Hashable {
        let spin: Int
        let slot: Int
        let body: MachineTask.Body
        let rule: MachineProgram.RuleID
        let phase: MachineTask.Phase
        /// Whether the task keeps the state its action acts on.
        let keepsState: Bool
        /// Whether the slot cancels the task (it is the slot's `running` effect).
        let isRunning: Bool
        /// The bits of the simulated outcome the task waits to give (none for one outcome).
        let outcomeBits: Int
    }

    let program: MachineProgram
    private let spinCodings: [SpinCoding]
    let sites: [Site]
    private let siteBits: Int
    private var siteIndex: [SiteKey: Int] = [:]
    /// The unit of the time left to a deadline, in nanoseconds.
    let granularity: Int64
    /// Whether every vector has the same length (no timers).
    let isFixedLength: Bool
    private var strings: [String] = []
    private var stringIndex: [String: UInt64] = [:]

    private struct SiteKey: Hashable {
        let spin: Int
        let slot: Int
        let phase: MachineTask.Phase
    }

    init(_ program: MachineProgram) {
        self.program = program
        spinCodings = program.spins.map { spin in
            SpinCoding(
                controlBits: Self.bits(for: spin.model.controlCount),
                hasStopBit: !spin.model.finalStates.isEmpty,
                fields: spin.model.fields.map(Self.coding))
        }
        var sites: [Site] = []
        for (spinIndex, spin) in program.spins.enumerated() {
            for (slotIndex, slot) in spin.slots.enumerated() {
                func add(_ body: MachineTask.Body, _ rule: MachineProgram.RuleID, running: Bool) {
                    let program = spin.rule(rule)
                    var waits: [(MachineTask.Phase, Bool)] = []
                    switch body {
                    case .delayed:
                        if program.delay != nil { waits.append((.afterWait, program.readsState)) }
                    case .periodic:
                        waits.append((.afterWait, false))
                    case .immediate:
                        break
                    }
                    var outcomeBits = 0
                    if body != .immediate, case .effect(_, let simulate?) = program.model.action,
                       simulate.delay != nil || simulate.outcome.contains(where: { $0.delay != nil }) {
                        outcomeBits = Self.bits(for: simulate.outcome.count)
                        waits.append((.afterSimulate, program.readsState))
                    }
                    for (phase, keepsState) in waits {
                        sites.append(Site(
                            spin: spinIndex, slot: slotIndex, body: body, rule: rule, phase: phase,
                            keepsState: keepsState, isRunning: running, outcomeBits: phase == .afterSimulate ? outcomeBits : 0))
                    }
                }
                switch slot.kind {
                case .perState(let rule, let cancels): add(.delayed, rule, running: cancels)
                case .edgeContinue(let rule): add(.delayed, rule, running: false)
                case .risingAsync(let rule): add(.delayed, rule, running: true)
                case .periodic(let rule): add(.periodic, rule, running: true)
                case .change(let rule, let immediate) where !immediate: add(.delayed, rule, running: true)
                case .latest, .levelCases, .level, .risingSync, .change, .gearListener: break
                }
            }
        }
        self.sites = sites
        siteBits = Self.bits(for: sites.count)
        for (index, site) in sites.enumerated() {
            siteIndex[SiteKey(spin: site.spin, slot: site.slot, phase: site.phase)] = index
        }
        // Every deadline is a sum of the spec's durations: their greatest common divisor is the
        // unit of time left. Computed durations are whole milliseconds.
        let durations = program.durations
        let fixed = durations.fixed.reduce(0, Self.gcd)
        granularity = durations.anyComputed ? Self.gcd(fixed, 1_000_000) : fixed
        isFixedLength = sites.isEmpty
    }

    private static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }

    /// The bits that number `count` values (0 for one value or none).
    static func bits(for count: Int) -> Int {
        guard count > 1 else { return 0 }
        return Int.bitWidth &- (count &- 1).leadingZeroBitCount
    }

    private static func coding(_ field: FieldModel) -> FieldCoding {
        switch field.type {
        case .int:
            if case .int(let range) = field.range {
                let span = UInt64(bitPattern: range.upperBound &- range.lowerBound)
                let bits = span == .max ? 64 : UInt64.bitWidth &- span.leadingZeroBitCount
                return .ranged(low: range.lowerBound, bits: bits)
            }
            return .int64
        case .double: return .double
        case .duration: return .duration
        case .bool: return .bool
        case .string: return .string
        case .enumeration(let type): return .symbol(bits: bits(for: type.cases.count))
        }
    }

    // MARK: Packing

    /// Writes the settled `machine`'s state into `writer` (reset first).
    func pack(_ machine: RunMachine, into writer: inout BitWriter) {
        writer.reset()
        for (index, spin) in machine.spins.enumerated() {
            let coding = spinCodings[index]
            if coding.hasStopBit { writer.write(spin.stopped ? 1 : 0, bits: 1) }
            writeState(spin.state, coding, into: &writer)
        }
        if !isFixedLength {
            let sleepers = machine.sleepers.sorted { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }
            writer.writeVarint(UInt64(sleepers.count))
            for sleeper in sleepers {
                guard let task = machine.tasks[sleeper.task],
                      let site = siteIndex[SiteKey(spin: task.spin, slot: task.slot, phase: task.phase)] else {
                    writer.write(0, bits: siteBits)
                    writer.writeVarint(0)
                    continue
                }
                writer.write(UInt64(site), bits: siteBits)
                writer.write(UInt64(truncatingIfNeeded: max(0, task.outcome)), bits: sites[site].outcomeBits)
                let left = max(0, sleeper.deadline &- machine.now)
                writer.writeVarint(UInt64(granularity > 0 ? left / granularity : left))
                if sites[site].keepsState {
                    writeState(task.state ?? machine.spins[task.spin].state, spinCodings[task.spin], into: &writer)
                }
            }
        }
        writer.finish()
    }

    private func writeState(_ state: SpecState, _ coding: SpinCoding, into writer: inout BitWriter) {
        writer.write(UInt64(truncatingIfNeeded: state.control), bits: coding.controlBits)
        for (slot, field) in coding.fields.enumerated() {
            let value = slot < state.data.count ? state.data[slot] : .int(0)
            switch (field, value) {
            case let (.ranged(low, bits), .int(number)):
                writer.write(UInt64(bitPattern: number &- low), bits: bits)
            case let (.int64, .int(number)):
                writer.write(UInt64(bitPattern: number), bits: 64)
            case let (.double, .double(number)):
                writer.write(number.bitPattern, bits: 64)
            case let (.duration, .duration(milliseconds)):
                writer.write(UInt64(bitPattern: milliseconds), bits: 64)
            case let (.bool, .bool(flag)):
                writer.write(flag ? 1 : 0, bits: 1)
            case let (.symbol(bits), .symbol(index)):
                writer.write(UInt64(truncatingIfNeeded: index), bits: bits)
            case let (.string, .string(text)):
                writer.writeVarint(intern(text))
            default:
                // A value of another type than its field's cannot be reached (the checker typed
                // every assignment); written as zeros to stay total.
                writer.write(0, bits: Self.width(field))
            }
        }
    }

    private static func width(_ field: FieldCoding) -> Int {
        switch field {
        case .ranged(_, let bits), .symbol(let bits): return bits
        case .int64, .double, .duration: return 64
        case .bool: return 1
        case .string: return 8
        }
    }

    private func intern(_ text: String) -> UInt64 {
        if let index = stringIndex[text] { return index }
        let index = UInt64(strings.count)
        strings.append(text)
        stringIndex[text] = index
        return index
    }

    // MARK: Unpacking

    /// Sets `machine` to the settled run `bytes` packs: time 0, deadlines relative to it.
    func unpack(_ bytes: UnsafeRawBufferPointer, into machine: inout RunMachine) {
        var reader = BitReader(bytes)
        machine.resetForState()
        for index in machine.spins.indices {
            let coding = spinCodings[index]
            let stopped = coding.hasStopBit && reader.read(bits: 1) == 1
            readState(&machine.spins[index].state, coding, from: &reader)
            machine.spins[index].stopped = stopped
        }
        if !isFixedLength {
            let count = Int(truncatingIfNeeded: min(reader.readVarint(), 1 << 20))
            for _ in 0..<count {
                let site = Int(truncatingIfNeeded: reader.read(bits: siteBits))
                guard sites.indices.contains(site) else { continue }
                let where_ = sites[site]
                let outcome = where_.phase == .afterSimulate ? Int(truncatingIfNeeded: reader.read(bits: where_.outcomeBits)) : -1
                let left = Int64(truncatingIfNeeded: reader.readVarint())
                var state: SpecState?
                if where_.keepsState {
                    var kept = machine.spins[where_.spin].state
                    readState(&kept, spinCodings[where_.spin], from: &reader)
                    state = kept
                }
                machine.restoreSleepingTask(
                    spin: where_.spin, slot: where_.slot, body: where_.body, rule: where_.rule, phase: where_.phase,
                    state: state, outcome: outcome, deadline: granularity > 0 ? left &* granularity : left, isRunning: where_.isRunning)
            }
        }
        machine.deriveMemories()
    }

    private func readState(_ state: inout SpecState, _ coding: SpinCoding, from reader: inout BitReader) {
        state.control = Int(truncatingIfNeeded: reader.read(bits: coding.controlBits))
        state.fault = nil
        state.data.withUnsafeMutableBufferPointer { data in
            for (slot, field) in coding.fields.enumerated() where slot < data.count {
                switch field {
                case let .ranged(low, bits):
                    data[slot] = .int(Int64(bitPattern: reader.read(bits: bits)) &+ low)
                case .int64:
                    data[slot] = .int(Int64(bitPattern: reader.read(bits: 64)))
                case .double:
                    data[slot] = .double(Double(bitPattern: reader.read(bits: 64)))
                case .duration:
                    data[slot] = .duration(Int64(bitPattern: reader.read(bits: 64)))
                case .bool:
                    data[slot] = .bool(reader.read(bits: 1) == 1)
                case .symbol(let bits):
                    data[slot] = .symbol(Int(truncatingIfNeeded: reader.read(bits: bits)))
                case .string:
                    let index = Int(truncatingIfNeeded: reader.readVarint())
                    data[slot] = .string(index < strings.count ? strings[index] : "")
                }
            }
        }
    }
}
