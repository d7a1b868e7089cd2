import Foundation

/// The specs of a target and what is written from them: one `X.swift` for each `X.spin.yaml`,
/// with the target's `spin-codegen-config.yaml` if it has one. Both plugins use it: the build
/// tool (`SpinCodegen`) into its work directory, the command (`generate-spin-code`) beside each
/// spec. (`Plugins/GenerateSpinCode/SpinCodegenFiles.swift` is a link to this file: a plugin
/// cannot import another.)
struct SpinCodegenFiles {
    /// A spec and the Swift file written from it.
    struct Spec {
        let spec: URL
        /// `X.swift` for `X.spin.yaml`.
        let swiftName: String
    }

    static let specSuffix = ".spin.yaml"
    static let configName = "spin-codegen-config.yaml"

    let specs: [Spec]
    let config: URL?

    /// The specs and the config among `files`, in name order.
    init(_ files: [URL]) {
        specs = files.filter { $0.lastPathComponent.hasSuffix(Self.specSuffix) }
            .sorted { $0.path < $1.path }
            .map { Spec(spec: $0, swiftName: String($0.lastPathComponent.dropLast(Self.specSuffix.count)) + ".swift") }
        config = files.first { $0.lastPathComponent == Self.configName }
    }

    /// The arguments of `spinrun` writing `spec`'s Swift to `output`: diagnostics one line each,
    /// as compilers write them, so that the build shows them at the spec's line. With `base`, the
    /// spec is named relative to it (spinrun runs there): what the generated code and its faults
    /// quote, in files that are committed.
    func arguments(_ spec: Spec, output: URL, relativeTo base: URL? = nil) -> [String] {
        var arguments = ["--swift", "--diagnostic-style", "compiler", "--swift-output", output.path]
        if let config { arguments += ["--swift-config", config.path] }
        var path = spec.spec.path
        if let base, path.hasPrefix(base.path + "/") { path.removeFirst(base.path.count + 1) }
        return arguments + [path]
    }

    /// What the output depends on besides the tool: the spec, and the config.
    func inputs(_ spec: Spec) -> [URL] {
        [spec.spec] + (config.map { [$0] } ?? [])
    }
}
