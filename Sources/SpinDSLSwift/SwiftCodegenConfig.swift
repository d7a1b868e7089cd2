import SpinDSLFrontEnd

/// `spin-codegen-config.yaml`: what a target that uses the `SpinCodegen` plugin sets for the Swift
/// of its specs (`spinrun --swift-config FILE`):
///
/// ```yaml
/// accessLevel: public        # internal (the default), public or package
/// namespace: Machines        # an enumeration the spins are declared in
/// ```
public enum SwiftCodegenConfig {
    /// The file's name among a target's files.
    public static let fileName = "spin-codegen-config.yaml"

    /// The keys of the file.
    static let keys = ["accessLevel", "namespace"]

    /// `options` with the settings of `source` applied, or the problems of the file, located.
    public static func read(_ source: SourceFile, into options: SwiftExportOptions) -> (SwiftExportOptions, [Diagnostic]) {
        let result = YAMLReader().read(source)
        var diagnostics = result.diagnostics
        guard diagnostics.isEmpty else { return (options, diagnostics) }
        var options = options
        guard let document = result.document else { return (options, []) }
        guard let entries = document.mapping else {
            return (options, [problem(document.location, "the file must be a mapping of \(keys.joined(separator: " and "))")])
        }
        for entry in entries {
            let key = entry.key.scalar?.value ?? ""
            let value = entry.value.scalar?.value
            switch key {
            case "accessLevel":
                guard let value, let level = SwiftExportOptions.AccessLevel(rawValue: value) else {
                    let levels = SwiftExportOptions.AccessLevel.allCases.map(\.rawValue).joined(separator: ", ")
                    diagnostics.append(problem(entry.value.location, "accessLevel must be one of \(levels)"))
                    continue
                }
                options.accessLevel = level
            case "namespace":
                guard let value else {
                    diagnostics.append(problem(entry.value.location, "namespace must be a Swift type name"))
                    continue
                }
                if let why = SwiftExportOptions.problem(withNamespace: value) {
                    diagnostics.append(problem(entry.value.location, "namespace '\(value)': \(why)"))
                    continue
                }
                options.namespace = value
            default:
                diagnostics.append(problem(entry.key.location, "unknown key '\(key)'"))
            }
        }
        return (options, diagnostics)
    }

    private static func problem(_ location: SourceLocation, _ text: String) -> Diagnostic {
        Diagnostic(.invalidCodegenConfig, at: location, ["problem": text])
    }
}
