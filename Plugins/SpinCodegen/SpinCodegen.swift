import Foundation
import PackagePlugin

/// The build tool plugin: a target that lists it gets `X.swift` compiled in for each
/// `X.spin.yaml` among its files, written by `spinrun --swift` (docs/codegen.md). SwiftPM runs a
/// command again only when the spec, the config or `spinrun` changed; a spec's errors fail the
/// build, each at its line.
@main
struct SpinCodegen: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = SpinCodegenFiles(target.sourceFiles.map(\.url))
        let spinrun = try context.tool(named: "spinrun")
        return files.specs.map { spec in
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(spec.swiftName)
            return .buildCommand(
                displayName: "Writing \(spec.swiftName) from \(spec.spec.lastPathComponent)",
                executable: spinrun.url,
                arguments: files.arguments(spec, output: output),
                inputFiles: files.inputs(spec),
                outputFiles: [output])
        }
    }
}
