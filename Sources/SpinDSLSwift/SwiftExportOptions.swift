/// How `SwiftExporter` writes a spec's spins: the access level of what it declares and an
/// optional namespace around them (`spinrun --swift`, `spin-codegen-config.yaml`).
public struct SwiftExportOptions: Sendable, Equatable {
    /// The access level of the generated declarations.
    public enum AccessLevel: String, Sendable, CaseIterable {
        case `internal`, `public`, `package`
    }

    /// The access level of the spins' types and functions (`internal` writes no modifier).
    public var accessLevel: AccessLevel
    /// The name of an enumeration the spins are declared in, when not at the top level.
    public var namespace: String?
    /// The longest string an expression may make, in bytes: the interpreter's default.
    public var maxStringBytes: Int

    /// Options for internal declarations at the top level.
    public init(accessLevel: AccessLevel = .internal, namespace: String? = nil, maxStringBytes: Int = 16 * 1024 * 1024) {
        self.accessLevel = accessLevel
        self.namespace = namespace
        self.maxStringBytes = maxStringBytes
    }

    /// Why `namespace` cannot name the enumeration the spins are declared in, or nil when it can.
    public static func problem(withNamespace namespace: String) -> String? {
        SwiftNames.isIdentifier(namespace) && !SwiftNames.keywords.contains(namespace) ? nil : "it is no Swift type name"
    }

    /// The modifier before each declaration, with its space: empty for `internal`.
    var modifier: String { accessLevel == .internal ? "" : accessLevel.rawValue + " " }
}
