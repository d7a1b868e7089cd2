import SpinDSLFrontEnd
import SpinDSLRunner

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Packs a settled `RunMachine` into a compact byte vector and back: the checker's states.
///
/// A settled run has empty queues and no task that can run: what is left is, per spin, the control
/// state, the data and whether it stopped, and the tasks asleep on the clock. The feedbacks'
/// memories are not stored: each equals what the current state gives (every new state reaches
/// every feedback), so unpacking derives them again. A vector is:
///
/// - a fixed part, the same layout for every state: per spin, a stop bit (spins with final
///   states), the control state (a statechart's configuration) in as many bits as they need, then
///   each field: an int with a `range` in the bits the range needs, any other int, a double or a
///   duration in 64 bits, a bool in 1, an enumeration in the bits its cases need, a string as the
///   32-bit index of its text in a table of every string met; then a statechart's hidden slots,
///   each in the bits its values need (a history record: nothing recorded or one of its records;
///   an entry-parity word: the bits of its states). Each value sits at a known bit, so it is read
///   and written with one unaligned word access;
/// - when the spec has timers, a tail: how many tasks sleep, then each in wake-up order (deadline,
///   then the order they went to sleep): where it sleeps (the rule and the wait), the outcome a
///   simulated effect waits to give, the time left in units of the greatest common divisor of the
///   spec's durations, and the state its action will act on when the action reads one.
///
/// Time is relative: a vector holds the time left to each deadline, not the time of day, so a run
/// that comes back to the same state later is the same vector.
///
/// A statechart's raised queue and outbox are not stored. The queue is empty in a settled spin:
/// its internal-event source runs it to completion before the drain ends (a spin that stopped or
/// failed changes no more, whatever it held). The outbox of the last step was sent when its state
/// was delivered, and the next step clears it without a change: nothing reads it again. So two
/// runs that differ only there behave the same, and are one state.
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

    /// A field of the fixed part: where it lies and how it is written.
    private struct FieldSlot {
        let bitOffset: Int
        let bits: Int
        let coding: FieldCoding
        /// For a field the language makes for a send (`Sends`), the value the fixed part reads it
        /// as: it takes no bits there, as what it holds cannot change the future of a settled
        /// run (the payload is read from the state the send's sleeping task keeps, and its counter
        /// only says whether that task sleeps, which the tail says); nil for any other field.
        var transient: SpinValue? = nil
    }

    /// Where a spin's part lies. Plain numbers (its fields are a range of `fieldSlots`), so that
    /// reading it retains nothing.
    private struct SpinLayout {
        /// The stop bit's offset, or -1 for a spin without final states.
        let stopBit: Int
        let controlOffset: Int
        let controlBits: Int
        let fields: Range<Int>
    }

    /// Where a task can sleep: its rule's slot and the wait it sleeps in.
    struct Site: Hashable {
        let spin: Int
        let slot: Int
        let body: MachineTask.Body
        let rule: RuleCaseID
        let phase: MachineTask.Phase
        /// Whether the task keeps the state its action acts on.
        let keepsState: Bool
        /// Whether the slot cancels the task (it is the slot's `running` effect).
        let isRunning: Bool
        /// The bits of the simulated outcome the task waits to give (none for one outcome).
        let outcomeBits: Int
        /// For a send's rule, the data slot of its counter, which the task's sleeping makes
        /// pending (`Sends`); -1 for other rules.
        var sendCounter = -1
    }

    private struct SiteKey: Hashable {
        let spin: Int
        let slot: Int
        let phase: MachineTask.Phase
    }

    let program: MachineProgram
    private let layouts: [SpinLayout]
    private let fieldSlots: [FieldSlot]
    /// The bytes of the fixed part.
    let fixedBytes: Int
    let sites: [Site]
    private let siteBits: Int
    private var siteIndex: [SiteKey: Int] = [:]
    /// The unit of the time left to a deadline, in nanoseconds.
    let granularity: Int64
    /// Whether every vector is the fixed part alone (no timers).
    let isFixedLength: Bool
    private var strings: [String] = []
    private var stringIndex: [String: UInt64] = [:]
    /// Where vectors are packed: the fixed part, the tail, and 8 bytes of zeros so that a word
    /// access at any field's byte stays inside.
    private var scratch: UnsafeMutableRawPointer
    private var scratchCapacity: Int
    /// The tail of a vector, packed bit by bit.
    private var tail = BitWriter()

    init(_ program: MachineProgram) {
        self.program = program
        var offset = 0
        var layouts: [SpinLayout] = []
        var fieldSlots: [FieldSlot] = []
        for spin in program.spins {
            let stopBit = spin.model.finalStates.isEmpty ? -1 : offset
            if stopBit >= 0 { offset &+= 1 }
            let controlBits = Self.bits(for: spin.model.controlCount)
            let controlOffset = offset
            offset &+= controlBits
            let first = fieldSlots.count
            for field in spin.model.fields {
                let coding = Self.coding(field)
                let bits = Self.width(coding)
                if field.isHidden {
                    fieldSlots.append(FieldSlot(bitOffset: offset, bits: bits, coding: coding, transient: field.initial))
                    continue
                }
                fieldSlots.append(FieldSlot(bitOffset: offset, bits: bits, coding: coding))
                offset &+= bits
            }
            // A statechart's hidden slots are data too: its history records and entry parities.
            for coding in spin.table.statechart.map({ Self.hiddenSlotCodings($0.chart) }) ?? [] {
                let bits = Self.width(coding)
                fieldSlots.append(FieldSlot(bitOffset: offset, bits: bits, coding: coding))
                offset &+= bits
            }
            layouts.append(SpinLayout(stopBit: stopBit, controlOffset: controlOffset, controlBits: controlBits, fields: first..<fieldSlots.count))
        }
        self.layouts = layouts
        self.fieldSlots = fieldSlots
        fixedBytes = (offset &+ 7) / 8
        sites = Self.sites(of: program)
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
        scratchCapacity = fixedBytes &+ 64
        scratch = UnsafeMutableRawPointer.allocate(byteCount: scratchCapacity, alignment: 8)
    }

    deinit {
        scratch.deallocate()
    }

    /// How each hidden slot of a statechart is written: a history record in the bits of 0 (nothing
    /// recorded) and one value per record it can hold; an entry-parity slot in none; a place of
    /// the deferred events' queue in the bits of a kind plus one, its payload columns as their
    /// types.
    ///
    /// Entry parities are not stored: an `enter` rule acts when a parity *changes* from the one
    /// it last saw, and in a settled state every rule has seen the current state, so the
    /// parities' values cannot change the future. Stored, they would count each state once per
    /// parity (a self-transition re-entering a watched state doubled a TCP model's 28 states);
    /// unpacked, they are 0 and the rules' memories are derived from that.
    private static func hiddenSlotCodings(_ chart: Statechart) -> [FieldCoding] {
        var codings = [FieldCoding](repeating: .ranged(low: 0, bits: 0), count: chart.hiddenSlotCount)
        let first = chart.firstHiddenSlot
        let historySlots = chart.planner.historySlots
        for state in historySlots.indices where codings.indices.contains(historySlots[state] &- first) {
            codings[historySlots[state] &- first] = .ranged(low: 0, bits: Self.bits(for: chart.planner.recordCount(of: state) &+ 1))
        }
        // The queue of deferred events: each place 0 (empty) or an event's kind plus one, then
        // each place's payload columns, each as its type.
        if let deferral = chart.deferral {
            for place in 0..<Deferral.capacity where codings.indices.contains(deferral.firstSlot &+ place &- first) {
                codings[deferral.firstSlot &+ place &- first] = .ranged(low: 0, bits: Self.bits(for: chart.columns &+ 1))
            }
            let rows = deferral.firstSlot &+ Deferral.capacity &- first
            for place in 0..<Deferral.capacity {
                for (column, type) in deferral.columnTypes.enumerated() {
                    let slot = rows &+ place &* deferral.columnTypes.count &+ column
                    if codings.indices.contains(slot) { codings[slot] = coding(type, range: nil) }
                }
            }
        }
        return codings
    }

    /// Every place a task can sleep in `program`, in slot order.
    private static func sites(of program: MachineProgram) -> [Site] {
        var sites: [Site] = []
        for (spinIndex, spin) in program.spins.enumerated() {
            for (slotIndex, slot) in spin.slots.enumerated() {
                func add(_ body: MachineTask.Body, _ rule: RuleCaseID, running: Bool) {
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
                    let counter = Sends.counterField(of: program.model.declaration).flatMap { name in
                        spin.model.fields.firstIndex { $0.name.text == name }
                    }
                    for (phase, keepsState) in waits {
                        sites.append(Site(
                            spin: spinIndex, slot: slotIndex, body: body, rule: rule, phase: phase,
                            keepsState: keepsState, isRunning: running, outcomeBits: phase == .afterSimulate ? outcomeBits : 0,
                            sendCounter: counter ?? -1))
                    }
                }
                switch slot.kind {
                case .perState(let rule, let cancels): add(.delayed, rule, running: cancels)
                case .edgeContinue(let rule): add(.delayed, rule, running: false)
                case .risingAsync(let rule): add(.delayed, rule, running: true)
                case .periodic(let rule): add(.periodic, rule, running: true)
                case .change(let rule, let immediate) where !immediate: add(.delayed, rule, running: true)
                case .changeContinue(let rule, let immediate) where !immediate: add(.delayed, rule, running: false)
                case .outbox, .latest, .levelCases, .level, .risingSync, .change, .changeContinue, .gearListener: break
                }
            }
        }
        return sites
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
        coding(field.type, range: field.range)
    }

    private static func coding(_ type: ValueType, range: ValueRange?) -> FieldCoding {
        switch type {
        case .int:
            if case .int(let range) = range {
                let span = UInt64(bitPattern: range.upperBound &- range.lowerBound)
                let bits = span == .max ? 64 : max(0, UInt64.bitWidth &- span.leadingZeroBitCount)
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

    private static func width(_ coding: FieldCoding) -> Int {
        switch coding {
        case .ranged(_, let bits), .symbol(let bits): return bits
        case .int64, .double, .duration: return 64
        case .bool: return 1
        case .string: return 32
        }
    }

    // MARK: Bits at known places

    /// ORs the low `bits` bits of `value` in at `offset` (`scratch` holds zeros there).
    @inline(__always)
    private func put(_ value: UInt64, bits: Int, at offset: Int) {
        guard bits > 0 else { return }
        if bits > 56 {
            // A word access reaches 57 bits past any bit: wide values go in two halves.
            put(value & 0xFFFF_FFFF, bits: 32, at: offset)
            put(value >> 32, bits: bits &- 32, at: offset &+ 32)
            return
        }
        let masked = value & ((1 << UInt64(bits)) &- 1)
        let pointer = scratch + (offset >> 3)
        let word = pointer.loadUnaligned(as: UInt64.self) | (masked << UInt64(offset & 7))
        pointer.storeBytes(of: word, as: UInt64.self)
    }

    /// The `bits` bits at `offset` of `base` (padded: a word access past the last field is safe).
    @inline(__always)
    private static func get(_ base: UnsafeRawPointer, bits: Int, at offset: Int) -> UInt64 {
        guard bits > 0 else { return 0 }
        if bits > 56 {
            let low = get(base, bits: 32, at: offset)
            let high = get(base, bits: bits &- 32, at: offset &+ 32)
            return low | (high << 32)
        }
        let word = (base + (offset >> 3)).loadUnaligned(as: UInt64.self)
        return (word >> UInt64(offset & 7)) & ((1 << UInt64(bits)) &- 1)
    }

    // MARK: Packing

    /// Packs the settled `machine`; the vector stays valid until the next pack.
    func pack(_ machine: RunMachine) -> UnsafeRawBufferPointer {
        beginFixed()
        for index in machine.spins.indices {
            putSpin(index, state: machine.spins[index].state, stopped: machine.spins[index].stopped)
        }
        guard !isFixedLength else { return UnsafeRawBufferPointer(start: scratch, count: fixedBytes) }
        tail.reset()
        let sleepers = machine.sleepers.sorted { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }
        tail.writeVarint(UInt64(sleepers.count))
        for sleeper in sleepers {
            guard let task = machine.tasks[sleeper.task],
                  let site = siteIndex[SiteKey(spin: task.spin, slot: task.slot, phase: task.phase)] else {
                tail.write(0, bits: siteBits)
                tail.writeVarint(0)
                continue
            }
            tail.write(UInt64(site), bits: siteBits)
            tail.write(UInt64(truncatingIfNeeded: max(0, task.outcome)), bits: sites[site].outcomeBits)
            let left = max(0, sleeper.deadline &- machine.now)
            tail.writeVarint(UInt64(granularity > 0 ? left / granularity : left))
            if sites[site].keepsState {
                writeState(task.state ?? machine.spins[task.spin].state, layouts[task.spin], into: &tail)
            }
        }
        tail.finish()
        let length = fixedBytes &+ tail.bytes.count
        reserveScratch(length &+ 8)
        tail.bytes.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { (scratch + fixedBytes).copyMemory(from: base, byteCount: bytes.count) }
        }
        return UnsafeRawBufferPointer(start: scratch, count: length)
    }

    /// Starts a fixed part: zeros.
    @inline(__always)
    func beginFixed() {
        scratch.initializeMemory(as: UInt8.self, repeating: 0, count: fixedBytes &+ 8)
    }

    /// The fixed part written so far.
    var fixedVector: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: scratch, count: fixedBytes)
    }

    /// Writes spin `index`'s part of the fixed part.
    @inline(__always)
    func putSpin(_ index: Int, state: borrowing SpecState, stopped: Bool) {
        let layout = layouts[index]
        if layout.stopBit >= 0, stopped { put(1, bits: 1, at: layout.stopBit) }
        put(UInt64(truncatingIfNeeded: state.control), bits: layout.controlBits, at: layout.controlOffset)
        state.data.withUnsafeBufferPointer { data in
            var slot = 0
            for field in layout.fields where slot < data.count {
                let place = fieldSlots[field]
                if place.transient == nil { put(value(data[slot], place.coding), bits: place.bits, at: place.bitOffset) }
                slot &+= 1
            }
        }
    }

    @inline(__always)
    private func value(_ value: SpinValue, _ coding: FieldCoding) -> UInt64 {
        switch (coding, value) {
        case let (.ranged(low, _), .int(number)): return UInt64(bitPattern: number &- low)
        case let (.int64, .int(number)): return UInt64(bitPattern: number)
        case let (.double, .double(number)): return number.bitPattern
        case let (.duration, .duration(milliseconds)): return UInt64(bitPattern: milliseconds)
        case let (.bool, .bool(flag)): return flag ? 1 : 0
        case let (.symbol, .symbol(index)): return UInt64(truncatingIfNeeded: index)
        case let (.string, .string(text)): return intern(text)
        default:
            // A value of another type than its field's cannot be reached (the checker typed every
            // assignment); written as zeros to stay total.
            return 0
        }
    }

    private func writeState(_ state: SpecState, _ layout: SpinLayout, into writer: inout BitWriter) {
        writer.write(UInt64(truncatingIfNeeded: state.control), bits: layout.controlBits)
        state.data.withUnsafeBufferPointer { data in
            for (slot, field) in layout.fields.enumerated() {
                let place = fieldSlots[field]
                writer.write(slot < data.count ? value(data[slot], place.coding) : 0, bits: place.bits)
            }
        }
    }

    private func intern(_ text: String) -> UInt64 {
        if let index = stringIndex[text] { return index }
        let index = UInt64(strings.count)
        strings.append(text)
        stringIndex[text] = index
        return index
    }

    private func reserveScratch(_ needed: Int) {
        guard needed > scratchCapacity else { return }
        let capacity = max(needed, scratchCapacity &* 2)
        let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        grown.copyMemory(from: scratch, byteCount: scratchCapacity)
        scratch.deallocate()
        scratch = grown
        scratchCapacity = capacity
    }

    // MARK: Unpacking

    /// Sets `machine` to the settled run `bytes` packs: time 0, deadlines relative to it.
    func unpack(_ bytes: UnsafeRawBufferPointer, into machine: inout RunMachine) {
        machine.resetForState()
        let padded = padded(bytes)
        for index in machine.spins.indices {
            machine.spins[index].stopped = getSpin(index, from: padded, into: &machine.spins[index].state)
        }
        if !isFixedLength, bytes.count > fixedBytes {
            var reader = BitReader(UnsafeRawBufferPointer(rebasing: bytes[fixedBytes...]))
            let count = Int(truncatingIfNeeded: min(reader.readVarint(), 1 << 20))
            for _ in 0..<count {
                let site = Int(truncatingIfNeeded: reader.read(bits: siteBits))
                guard sites.indices.contains(site) else { break }
                let where_ = sites[site]
                let outcome = where_.phase == .afterSimulate ? Int(truncatingIfNeeded: reader.read(bits: where_.outcomeBits)) : -1
                let left = Int64(truncatingIfNeeded: reader.readVarint())
                var state: SpecState?
                if where_.keepsState {
                    var kept = machine.spins[where_.spin].state
                    readState(&kept, layouts[where_.spin], from: &reader)
                    state = kept
                }
                machine.restoreSleepingTask(
                    spin: where_.spin, slot: where_.slot, body: where_.body, rule: where_.rule, phase: where_.phase,
                    state: state, outcome: outcome, deadline: granularity > 0 ? left &* granularity : left, isRunning: where_.isRunning)
                if where_.sendCounter >= 0, machine.spins[where_.spin].state.data.indices.contains(where_.sendCounter) {
                    machine.spins[where_.spin].state.data[where_.sendCounter] = Sends.pending
                }
            }
        }
        machine.deriveMemories()
    }

    /// The fixed part of `bytes`, copied where a word access past its end is safe.
    func padded(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawPointer {
        reserveScratch(fixedBytes &+ 8)
        scratch.initializeMemory(as: UInt8.self, repeating: 0, count: fixedBytes &+ 8)
        if let base = bytes.baseAddress { scratch.copyMemory(from: base, byteCount: min(bytes.count, fixedBytes)) }
        return UnsafeRawPointer(scratch)
    }

    /// Reads spin `index`'s part of a padded fixed part into `state`; returns its stop bit.
    @inline(__always)
    func getSpin(_ index: Int, from base: UnsafeRawPointer, into state: inout SpecState) -> Bool {
        let layout = layouts[index]
        let stopped = layout.stopBit >= 0 && Self.get(base, bits: 1, at: layout.stopBit) == 1
        state.control = Int(truncatingIfNeeded: Self.get(base, bits: layout.controlBits, at: layout.controlOffset))
        // No fault (a run that fails is not stored); the raised queue and the outbox are not kept.
        if state.extras != nil { state.extras = nil }
        state.data.withUnsafeMutableBufferPointer { data in
            var slot = 0
            for field in layout.fields where slot < data.count {
                let place = fieldSlots[field]
                data[slot] = place.transient ?? decoded(Self.get(base, bits: place.bits, at: place.bitOffset), place.coding)
                slot &+= 1
            }
        }
        return stopped
    }

    @inline(__always)
    private func decoded(_ bits: UInt64, _ coding: FieldCoding) -> SpinValue {
        switch coding {
        case .ranged(let low, _): return .int(Int64(bitPattern: bits) &+ low)
        case .int64: return .int(Int64(bitPattern: bits))
        case .double: return .double(Double(bitPattern: bits))
        case .duration: return .duration(Int64(bitPattern: bits))
        case .bool: return .bool(bits == 1)
        case .symbol: return .symbol(Int(truncatingIfNeeded: bits))
        case .string:
            let index = Int(truncatingIfNeeded: bits)
            return .string(index < strings.count ? strings[index] : "")
        }
    }

    private func readState(_ state: inout SpecState, _ layout: SpinLayout, from reader: inout BitReader) {
        state.control = Int(truncatingIfNeeded: reader.read(bits: layout.controlBits))
        if state.extras != nil { state.extras = nil }
        state.data.withUnsafeMutableBufferPointer { data in
            for (slot, field) in layout.fields.enumerated() where slot < data.count {
                let place = fieldSlots[field]
                data[slot] = decoded(reader.read(bits: place.bits), place.coding)
            }
        }
    }
}
