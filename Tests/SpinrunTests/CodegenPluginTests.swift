import Foundation
import SpinTestSupport
import Testing

/// The `SpinCodegen` plugin in a package that depends on this one by path
/// (`Fixtures/CodegenApp`): its `App` target compiles `turnstile.spin.yaml` (a copy of
/// `Specs/turnstile.yaml`) into `Turnstile`, runs it on the Spin core and ends where `spinrun`
/// ends; a second build writes nothing; its `Broken` target's spec has a misspelt event, and the
/// build fails with that error, one line at the spec's place, as compilers write them.
///
/// One package build for the three (the plugin's `spinrun` is built once): a few minutes.
@Suite("the SpinCodegen plugin", .serialized)
struct CodegenPluginTests {
    /// The fixture package in a directory of its own, its manifest pointing at this package.
    static func makePackage() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spin-codegen-\(UUID().uuidString)")
        let fixture = packageRootURL.appendingPathComponent("Tests/SpinrunTests/Fixtures/CodegenApp")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture.appendingPathComponent("Sources"), to: directory.appendingPathComponent("Sources"))
        try FileManager.default.copyItem(
            at: packageRootURL.appendingPathComponent("Specs/turnstile.yaml"),
            to: directory.appendingPathComponent("Sources/App/turnstile.spin.yaml"))
        let template = try String(contentsOf: fixture.appendingPathComponent("Package.swift.template"), encoding: .utf8)
        // A package required by path is known by its directory's name.
        let identity = packageRootURL.lastPathComponent.lowercased()
        let manifest = template.replacingOccurrences(of: "@ROOT@", with: packageRoot).replacingOccurrences(of: "@IDENTITY@", with: identity)
        try Data(manifest.utf8).write(to: directory.appendingPathComponent("Package.swift"))
        return directory
    }

    /// `swift build` of `product` in `package`: its output (stdout and stderr) and exit status.
    static func build(_ product: String, in package: URL) throws -> (output: String, status: Int32) {
        let command = "cd '\(package.path)' && swift build --product \(product) 2>&1"
        let result = try SpinrunProcess.run(["-c", command], executable: URL(fileURLWithPath: "/bin/sh"))
        return (result.stdout + result.stderr, result.status)
    }

    @Test func compilesASpecIntoAnAppThatRunsAsSpinrunDoes() throws {
        let package = try Self.makePackage()
        defer { try? FileManager.default.removeItem(at: package) }

        let first = try Self.build("App", in: package)
        try #require(first.status == 0, "\(first.output)")
        #expect(first.output.contains("Writing turnstile.swift from turnstile.spin.yaml"), "\(first.output)")
        let app = try SpinrunProcess.run([], executable: package.appendingPathComponent(".build/debug/App"))
        let spinrun = try SpinrunProcess.run(["Specs/turnstile.yaml"])
        let final = spinrun.stdout.split(separator: "\n").last { $0.hasPrefix("Turnstile: ") }.map(String.init)
        #expect(final == "Turnstile: closed credit=60 passes=2")
        #expect(app.stdout == (final ?? "-") + "\n")

        // Nothing changed: the generator does not run again. (The build right after the first
        // relinks the plugin's `spinrun` on Linux, so runs it once more: SwiftPM builds the
        // modules the app and the tool share twice in one directory, and the tool's link sees
        // them newer. From then on, nothing runs.)
        _ = try Self.build("App", in: package)
        let settled = try Self.build("App", in: package)
        #expect(settled.status == 0)
        #expect(!settled.output.contains("Writing turnstile.swift"), "\(settled.output)")
        #expect(!settled.output.contains("Compiling"), "\(settled.output)")

        let broken = try Self.build("Broken", in: package)
        #expect(broken.status != 0)
        let spec = package.appendingPathComponent("Sources/Broken/levels.spin.yaml").path
        let lines = broken.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(spec):10:11: error: unknown event 'decreseLeft' [#UnknownEvent]"), "\(broken.output)")
        #expect(lines.contains("\(spec):10:11: note: did you mean 'decreaseLeft'?"), "\(broken.output)")
    }
}
