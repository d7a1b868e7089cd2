import Foundation
import PackagePlugin

/// `swift package generate-spin-code [--target NAME …]`: writes `X.swift` beside each
/// `X.spin.yaml` of the package's targets (or of the ones named), for a package that commits
/// the generated code instead of using the `SpinCodegen` build tool.
@main
struct GenerateSpinCode: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let spinrun = try context.tool(named: "spinrun")
        var failed = 0
        for case let target as SourceModuleTarget in targets {
            let files = SpinCodegenFiles(target.sourceFiles.map(\.url))
            for spec in files.specs {
                let output = spec.spec.deletingLastPathComponent().appendingPathComponent(spec.swiftName)
                let process = Process()
                process.executableURL = spinrun.url
                process.currentDirectoryURL = context.package.directoryURL
                process.arguments = files.arguments(spec, output: output, relativeTo: context.package.directoryURL)
                try process.run()
                process.waitUntilExit()
                if process.terminationStatus == 0 {
                    print("wrote \(output.path)")
                } else {
                    failed += 1
                }
            }
        }
        if failed > 0 {
            Diagnostics.error("\(failed) spec\(failed == 1 ? "" : "s") could not be written as Swift")
        }
    }
}
