import SpinTestSupport
import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// The diagnostic catalog's run examples (`DiagnosticGroup`, origin `.run`): each wrong example,
/// run, ends with its own group while the right one ends well. The catalog's other tests are the
/// front end's (`SpinDSLFrontEndTests/CatalogTests`).
@Suite struct CatalogTests {
    /// Running each wrong example (a valid spec) ends with its group; the right one ends well.
    @Test(arguments: DiagnosticGroup.allCases.filter { $0.entry.origin == .run })
    func wrongRunExampleEndsWithItsGroup(_ group: DiagnosticGroup) async throws {
        let limits = RunLimits(maxSteps: 1_000, maxTimeMilliseconds: 86_400_000, livelockRepeats: 100, maxQueueLength: 100)
        let wrong = TestSpec.load(text: group.entry.wrong, path: "wrong.yaml")
        #expect(!wrong.hasErrors, "\(group.name)'s wrong example does not load:\n\(wrong.renderedDiagnostics)")
        let wrongRun = try #require(await runSpec(wrong, limits: limits))
        #expect(wrongRun.summary.group == group, "\(group.name): \(wrongRun.summary.json)")
        let right = TestSpec.load(text: group.entry.right, path: "right.yaml")
        #expect(!right.hasErrors, "\(group.name)'s right example does not load:\n\(right.renderedDiagnostics)")
        let rightRun = try #require(await runSpec(right, limits: limits))
        #expect(rightRun.summary.group == nil, "\(group.name): \(rightRun.summary.json)")
    }
}
