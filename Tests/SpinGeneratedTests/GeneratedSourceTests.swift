import Foundation
import SpinTestSupport
import Testing

/// The Swift `spinrun --swift` writes, compared with the files this target compiles: a change of
/// the writer shows as a diff of `Generated/` (`SPIN_UPDATE_GOLDEN=1` rewrites them, and the
/// registry of the machines, `Generated/Machines.swift`), and a file that does not compile fails
/// this target's build. The specs of `Specs/` the writer refuses are compared with their
/// refusals (`Tests/SpinrunTests/Golden/swift/`).
@Suite struct GeneratedSourceTests {
    @Test func everySpecIsWrittenOrRefusedAsItsGoldenFile() throws {
        var machines: [(key: String, type: String)] = []
        for source in GeneratedSources.all {
            let (swift, refusal, _) = GeneratedSources.write(source)
            if let swift {
                try GoldenFiles.check(stdout: swift, file: GeneratedSources.directory.appendingPathComponent("\(source.namespace).swift"))
                for spin in Self.machineTypes(in: swift) {
                    machines.append(("\(source.path)#\(spin.name)", "\(source.namespace).\(spin.type)"))
                }
            } else if source.path.hasPrefix("Specs/") {
                let name = String(source.path.dropFirst("Specs/".count).dropLast(".yaml".count))
                try GoldenFiles.check(refusal, against: "swift/\(name).refused")
            } else {
                Issue.record("\(source.path) is not written:\n\(refusal)")
            }
        }
        var registry = "// Written by GeneratedSourceTests: the machines of Generated/, by spec and spin.\nimport SpinGeneratedSupport\n\n"
        registry += "let generatedMachines: [String: any GeneratedMachine.Type] = [\n"
        registry += machines.map { "    \"\($0.key)\": \($0.type).self,\n" }.joined()
        registry += "]\n"
        try GoldenFiles.check(stdout: registry, file: GeneratedSources.directory.appendingPathComponent("Machines.swift"))
        // Every spec of Specs/ the writer writes is one, and the fixtures and random ones all are.
        #expect(machines.count >= FlatSpecs.count + 2)
    }

    /// The spins of a generated file: the spec's name (`specName`) and the Swift type.
    private static func machineTypes(in swift: String) -> [(name: String, type: String)] {
        var found: [(name: String, type: String)] = []
        var type: String?
        for line in swift.split(separator: "\n") {
            let words = line.split(separator: " ")
            if let index = words.firstIndex(of: "enum"), index + 2 < words.count, words[index + 2] == "GeneratedMachine" {
                type = String(words[index + 1].dropLast())
            }
            if let current = type, line.contains("static let specName = \"") {
                let name = line.split(separator: "\"").dropFirst().first.map(String.init) ?? ""
                found.append((name, current))
                type = nil
            }
        }
        return found
    }
}
