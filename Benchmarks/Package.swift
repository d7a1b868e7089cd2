// swift-tools-version:6.0
import PackageDescription

// Benchmarks of the Spin core and SpinDSL, run by `./run`. A separate package so that the main
// package's build and tests do not depend on it.
let package = Package(
    name: "SpinBenchmarks",
    dependencies: [
        .package(name: "main", path: ".."),
    ],
    targets: [
        // A raw libyaml event scan (yaml_parser_parse in a loop), the floor for loading.
        .target(name: "CYAMLScan", linkerSettings: [.linkedLibrary("yaml")]),
        // Counts malloc calls by interposing malloc/calloc/realloc/posix_memalign/aligned_alloc.
        .target(name: "CMallocCounter"),
        // GeneratedToggle.spin.yaml is compiled in by the SpinCodegen plugin (`toggle.generated`).
        .target(
            name: "BenchKit",
            dependencies: [
                "CYAMLScan",
                .product(name: "Spin", package: "main"),
                .product(name: "SpinDSL", package: "main"),
                .product(name: "SpinGeneratedSupport", package: "main"),
            ],
            plugins: [.plugin(name: "SpinCodegen", package: "main")]
        ),
        .executableTarget(name: "spinbench", dependencies: ["BenchKit"]),
        .executableTarget(name: "spinbench-allocs", dependencies: ["BenchKit", "CMallocCounter"]),
    ],
    swiftLanguageModes: [.v6]
)
