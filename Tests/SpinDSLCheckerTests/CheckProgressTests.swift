import Synchronization
import Testing
@testable import SpinDSLChecker
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// `CheckOptions.progress`: called every 65,536 stored-and-explored states with the exploration's
/// counts (spinrun's progress line on a terminal is drawn from it).
@Suite struct CheckProgressTests {
    @Test("progress is reported after every 65,536 explored states, with the counts of that moment")
    func progressEvery65536States() throws {
        let reports = Mutex<[CheckProgress]>([])
        let options = CheckOptions(progress: { progress in reports.withLock { $0.append(progress) } })
        // 51³ = 132,651 states: two reports, at 65,536 and at 131,072 explored.
        let result = try ExplorerTests.check(ExplorerTests.counters(50), options)
        #expect(result.status == .ok)
        #expect(result.states == 132_651)
        let seen = reports.withLock { $0 }
        #expect(seen.map { $0.states - $0.frontier } == [65_536, 131_072])
        #expect(seen.map(\.states) == [67_494, 131_291])
        #expect(seen.map(\.depth) == [75, 130])
        #expect(seen.map(\.transitions) == [258_894, 514_532])
        #expect(seen.allSatisfy { $0.memoryBytes > 0 && $0.seconds >= 0 })
    }

}
