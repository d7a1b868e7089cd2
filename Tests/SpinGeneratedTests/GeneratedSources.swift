import Foundation
import SpinDSLFrontEnd
import SpinDSLRunner
import SpinDSLSwift
import SpinTestSupport

/// The specs whose Swift this target compiles (`Generated/`): every spec of `Specs/` the writer
/// can write, the writer's own fixtures (`Tests/SpinGeneratedTests/Specs/`) and the random flat
/// specs (`FlatSpecs`), each with the name of its file and the namespace its spins are written in.
struct GeneratedSources {
    struct Source {
        /// The path diagnostics and faults name.
        let path: String
        let text: String
        /// The namespace of its spins, and the name of its Swift file in `Generated/`.
        let namespace: String
    }

    static let directory = packageRootURL.appendingPathComponent("Tests/SpinGeneratedTests/Generated")

    /// The specs of `Specs/`, the fixtures, then the random specs.
    static var all: [Source] {
        var sources: [Source] = []
        for name in GoldenFiles.specNames(in: "Specs") {
            sources.append(file("Specs", name))
        }
        for name in GoldenFiles.specNames(in: "Tests/SpinGeneratedTests/Specs") {
            sources.append(file("Tests/SpinGeneratedTests/Specs", name))
        }
        for seed in 1...UInt64(FlatSpecs.count) {
            sources.append(Source(path: "flat-\(seed).yaml", text: FlatSpecs.text(seed: seed), namespace: "Flat\(seed)Spec"))
        }
        return sources
    }

    private static func file(_ folder: String, _ name: String) -> Source {
        let text = (try? String(contentsOfFile: "\(packageRoot)/\(folder)/\(name).yaml", encoding: .utf8)) ?? ""
        let typeName = name.split { !$0.isLetter && !$0.isNumber }.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return Source(path: "\(folder)/\(name).yaml", text: text, namespace: typeName + "Spec")
    }

    /// What the writer makes of `source`: the Swift text, or the refusal rendered.
    static func write(_ source: Source) -> (swift: String?, refusal: String, spec: TestSpec) {
        let spec = TestSpec.load(text: source.text, path: source.path)
        guard let model = spec.model else { return (nil, spec.renderedDiagnostics, spec) }
        let options = SwiftExportOptions(namespace: source.namespace)
        switch SwiftExporter.swift(CompiledSpec(model), sourceName: source.path, options: options) {
        case .success(let text):
            return (text, "", spec)
        case .failure(let problems):
            return (nil, DiagnosticRenderer(sources: spec.source.map { [$0] } ?? []).render(problems), spec)
        }
    }
}
