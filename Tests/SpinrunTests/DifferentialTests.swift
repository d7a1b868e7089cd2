import Foundation
import Testing

/// The differential suite against Sismic (`Tests/Differential`): the Python driver runs each case's
/// inputs through Sismic and through the built `spinrun`, and compares them with the golden
/// snapshots instant by instant (see its README). Skipped only when Python, PyYAML or sismic is
/// missing (`pip install sismic pyyaml`; CI installs them).
@Suite("differential against Sismic")
struct DifferentialTests {
    /// Whether `python3` can import the driver's modules.
    static let pythonIsReady: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import yaml, sismic"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        } catch {
            return false
        }
    }()

    @Test(
        "every case: Sismic, the goldens and spinrun agree step by step",
        .enabled(if: pythonIsReady, "python3 with PyYAML and sismic is not installed (pip install sismic pyyaml)"))
    func everyCaseAgrees() throws {
        let spinrun = try #require(SpinrunProcess.executable, "spinrun was not built")
        let (status, text) = try Self.python(["Tests/Differential/differential.py", "--spinrun", spinrun.path])
        #expect(status == 0, "\(text)")
        #expect(text.hasSuffix("29 of 29 cases passed\n"), "\(text)")
    }

    @Test(
        "the driver's own tests",
        .enabled(if: pythonIsReady, "python3 with PyYAML and sismic is not installed (pip install sismic pyyaml)"))
    func driverTests() throws {
        let (status, text) = try Self.python(["-m", "unittest", "discover", "-s", "Tests/Differential"])
        #expect(status == 0, "\(text)")
    }

    /// Runs `python3 arguments` from the package root; its exit status and its output (standard
    /// output and error together).
    private static func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.currentDirectoryURL = SpinrunProcess.packageRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
