import Foundation
import SpinTestSupport
import Testing

/// `spinrun --swift`: the Swift of a spec on stdout (exit 0), with the access level and namespace
/// asked for; a spec the writer cannot write is refused on stderr, each construct located (exit 1).
/// What the written code does is `SpinGeneratedTests`'.
@Suite struct SwiftCommandTests {
    @Test func writesTheTurnstile() throws {
        let output = try SpinrunProcess.run(["--swift", "Specs/turnstile.yaml"])
        try GoldenFiles.check(stdout: output.stdout, stderr: output.stderr, status: output.status, against: "swift/turnstile.swift")
    }

    @Test func writesPublicDeclarationsInANamespace() throws {
        let output = try SpinrunProcess.run(["--swift", "--swift-access", "public", "--swift-namespace", "Machines", "Specs/turnstile-checked.yaml"])
        try GoldenFiles.check(stdout: output.stdout, stderr: output.stderr, status: output.status, against: "swift/turnstile-checked-public.swift")
    }

    @Test func refusesWhatItCannotWriteAtItsPlace() throws {
        let output = try SpinrunProcess.run(["--swift", "Specs/http-retry.yaml"])
        try GoldenFiles.check(stdout: output.stdout, stderr: output.stderr, status: output.status, against: "swift/http-retry.command")
    }

    @Test func refusesANamespaceThatIsNoSwiftName() throws {
        let output = try SpinrunProcess.run(["--swift", "--swift-namespace", "my-app", "Specs/turnstile.yaml"])
        try GoldenFiles.check(stdout: output.stdout, stderr: output.stderr, status: output.status, against: "swift/bad-namespace.command")
    }

    @Test func isOneModeAmongTheOthers() throws {
        let output = try SpinrunProcess.run(["--swift", "--dot", "Specs/turnstile.yaml"])
        try GoldenFiles.check(stdout: output.stdout, stderr: output.stderr, status: output.status, against: "swift/with-dot.command")
    }
}
