import Foundation
import SpinDSL

extension SpinrunCommand {
    /// `--swift`: the spec's Swift, with the options of `--swift-config` and the flags, to stdout
    /// or `--swift-output`; the exit status (1 for a spec or config the writer refuses, 64 for a
    /// file that cannot be read or written).
    func writeSwift(_ compiled: CompiledSpec, spec: SpinSpec, path: String) -> Int32 {
        var options = SwiftExportOptions(maxStringBytes: maxStringBytes)
        if let swiftConfig {
            guard let data = FileManager.default.contents(atPath: swiftConfig) else {
                OutputWriter.standardError.line("Error: \(UsageError("--swift-config", .fileNotFound, ["path": swiftConfig]))")
                return RunSession.usageStatus
            }
            let source = SourceFile(path: swiftConfig, text: String(decoding: data, as: UTF8.self))
            let (configured, problems) = SwiftCodegenConfig.read(source, into: options)
            guard problems.isEmpty else {
                OutputWriter.standardError.write(DiagnosticRenderer(sources: [source], style: diagnosticStyle).render(problems))
                return 1
            }
            options = configured
        }
        if let swiftAccess { options.accessLevel = swiftAccess }
        if let swiftNamespace { options.namespace = swiftNamespace }
        switch SwiftExporter.swift(compiled, sourceName: path, options: options) {
        case .success(let text):
            guard let swiftOutput else {
                OutputWriter.standardOutput.write(text)
                return 0
            }
            // The same text is not written again, so that what compiles it sees no change.
            let data = Data(text.utf8)
            if FileManager.default.contents(atPath: swiftOutput) == data { return 0 }
            guard FileManager.default.createFile(atPath: swiftOutput, contents: data) else {
                OutputWriter.standardError.line("Error: \(UsageError("--swift-output", .swiftNotWritten, ["path": swiftOutput]))")
                return RunSession.usageStatus
            }
            return 0
        case .failure(let problems):
            OutputWriter.standardError.write(specLimits.renderer(for: spec).render(problems))
            return 1
        }
    }
}
