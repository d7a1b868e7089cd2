import SpinDSLFrontEnd
import SpinDSLRunner

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The limits of `spinrun --check` and how it reports progress.
public struct CheckOptions: Sendable {
    /// Stop (status `incomplete`) once this many states are stored.
    public var maxStates: Int
    /// Do not explore past this many moves from the start (status `incomplete` when it cuts).
    public var maxDepth: Int?
    /// The most steps the spins may take to settle after one move; more is reported as a
    /// livelock (a loop of feedbacks that never ends without time passing or an input).
    public var maxMoveSteps: Int
    /// The most runs of one move of one state: a move is run once per combination of the
    /// outcomes of the choices it makes (fewer when its runs come back to states, docs/checking.md);
    /// past it the exploration stops (status `incomplete`).
    public var maxMoveRuns: Int
    /// The most payloads one input may have (the product of its fields' numbers of values): the
    /// checker sends each in every state, and a larger product is refused before the search
    /// (`[#TooManyPayloads]`) rather than exhausting memory.
    public var maxPayloads: Int
    /// The most bytes the stored states may take (their vectors, hash table and tree, counting an
    /// array twice while it grows); nil for no limit but the machine's. Past it the exploration
    /// stops (status `incomplete`, `[#MemoryLimit]`) before allocating more.
    public var maxMemoryBytes: Int?
    /// `--bitstate BITS`: the states reached are 2^BITS bits (`BitstateSet`), the search never
    /// complete; nil: every state is stored.
    public var bitstateBits: Int?
    /// The sizes `--bitstate` takes: 2^8 bits (32 bytes) to 2^40 bits (128 GiB).
    public static let bitstateRange = 8...40
    /// `--hash-compact`: the states reached are 64-bit signatures of their vectors
    /// (`CompactSet`); the search is otherwise the full one, and says how likely it is that a
    /// signature shared by two states hid one.
    public var hashCompaction: Bool
    /// Whether every state reached is stored whole (neither `--bitstate` nor `--hash-compact`):
    /// only then does the search keep the graph that properties are checked on.
    var storesEveryState: Bool { bitstateBits == nil && !hashCompaction }
    /// Called now and then (every 65,536 states) with the exploration's progress.
    public var progress: (@Sendable (CheckProgress) -> Void)?
    /// `--workers N`: the threads the search runs on (docs/checking.md, "The parallel search");
    /// 1 searches on the calling thread. The result is the same whatever the number.
    public var workers: Int
    /// The cores of the machine that are online (at least 1): `spinrun --check`'s `workers`.
    public static var cores: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
    /// Whether a spec without feedbacks is explored without the machine (tests turn it off to
    /// hold the two ways equal).
    var allowsReducerOnlyPath = true

    /// The defaults of `spinrun --check`: 10 million states, no depth limit, 100,000 steps and
    /// 10,000 runs a move, 65,536 payloads an input.
    public init(
        maxStates: Int = 10_000_000, maxDepth: Int? = nil, maxMoveSteps: Int = 100_000, maxMoveRuns: Int = 10_000,
        maxPayloads: Int = 65_536, maxMemoryBytes: Int? = nil, bitstateBits: Int? = nil, hashCompaction: Bool = false,
        workers: Int = 1, progress: (@Sendable (CheckProgress) -> Void)? = nil
    ) {
        self.workers = max(1, min(workers, 64))
        self.bitstateBits = bitstateBits
        self.hashCompaction = hashCompaction
        self.maxMemoryBytes = maxMemoryBytes
        self.maxPayloads = maxPayloads
        self.maxStates = maxStates
        self.maxDepth = maxDepth
        self.maxMoveSteps = maxMoveSteps
        self.maxMoveRuns = maxMoveRuns
        self.progress = progress
    }
}

/// Where an exploration is.
public struct CheckProgress: Sendable {
    /// States stored so far.
    public let states: Int
    /// States stored but not explored yet.
    public let frontier: Int
    /// The breadth-first level being explored.
    public let depth: Int
    /// Moves that changed the state so far.
    public let transitions: Int
    /// Seconds since the start.
    public let seconds: Double
    /// Bytes held for the states.
    public let memoryBytes: Int
}
