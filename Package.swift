// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "SpinDSL",
    products: [
        .library(name: "Spin", targets: ["Spin"]),
        .library(name: "SpinDSL", targets: ["SpinDSL"]),
        .library(name: "SpinCombine", targets: ["SpinCombine"]),
        // What the Swift that `spinrun --swift` writes imports besides `Spin`.
        .library(name: "SpinGeneratedSupport", targets: ["SpinGeneratedSupport"]),
        .executable(name: "spinrun", targets: ["spinrun"]),
        // A target that lists the build tool gets Swift for each `X.spin.yaml` among its files;
        // `swift package generate-spin-code` writes the same beside the specs (docs/codegen.md).
        .plugin(name: "SpinCodegen", targets: ["SpinCodegen"]),
        .plugin(name: "GenerateSpinCode", targets: ["GenerateSpinCode"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The Combine flavor (SpinCombine) where Apple's Combine cannot be imported: the version
        // this machine's package copies hold, pinned so that a fresh clone resolves offline.
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        .target(name: "Spin"),
        .target(
            name: "SpinCombine",
            dependencies: [
                "Spin",
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux, .windows, .android])),
            ]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // The language in three layers, each importing only the ones before it (docs/architecture.md):
        // the front end reads, resolves, models, analyses and draws a spec; the runner compiles it
        // onto the Spin core and runs it; the checker explores it and exports Promela.
        .target(name: "SpinDSLFrontEnd", dependencies: ["CYAML", "Spin"]),
        .target(name: "SpinDSLRunner", dependencies: ["SpinDSLFrontEnd", "Spin"]),
        .target(name: "SpinDSLChecker", dependencies: ["SpinDSLRunner", "SpinDSLFrontEnd", "Spin"]),
        // The Swift writer (`spinrun --swift`): reads the runner's tables; its output imports only
        // `Spin` and the support target.
        .target(name: "SpinGeneratedSupport"),
        .target(name: "SpinDSLSwift", dependencies: ["SpinDSLRunner", "SpinDSLFrontEnd"]),
        // What a host imports: the three layers re-exported, the `SpinSpec` entry point and the viewer.
        .target(name: "SpinDSL", dependencies: ["SpinDSLChecker", "SpinDSLSwift", "SpinDSLRunner", "SpinDSLFrontEnd", "Spin"]),
        .executableTarget(
            name: "spinrun",
            dependencies: [
                "SpinDSL",
                "Spin",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(name: "SpinCodegen", capability: .buildTool(), dependencies: ["spinrun"]),
        .plugin(
            name: "GenerateSpinCode",
            capability: .command(
                intent: .custom(verb: "generate-spin-code", description: "Write X.swift beside each X.spin.yaml of the package's targets"),
                permissions: [.writeToPackageDirectory(reason: "It writes the Swift of each spec beside the spec.")]
            ),
            dependencies: ["spinrun"]
        ),
        .testTarget(name: "SpinTests", dependencies: ["Spin"]),
        .testTarget(name: "SpinCombineTests", dependencies: ["SpinCombine", "Spin"]),
        // What the language's tests share: the package root, the golden files (one directory, one
        // comparer, one switch to rewrite them), the seeded random numbers of the generated specs,
        // and specs loaded by the front end alone. It needs the front end only, so that the front
        // end's tests build without the runner.
        .target(name: "SpinTestSupport", dependencies: ["SpinDSLFrontEnd"], path: "Tests/SpinTestSupport"),
        // The language's tests, a target per layer, each depending on its layer and the ones before
        // it only (docs/architecture.md, "Tests"); SpinDSLTests tests what SpinDSL adds on top.
        .testTarget(name: "SpinDSLFrontEndTests", dependencies: ["SpinDSLFrontEnd", "Spin", "SpinTestSupport"]),
        .testTarget(name: "SpinDSLRunnerTests", dependencies: ["SpinDSLRunner", "SpinDSLFrontEnd", "Spin", "SpinTestSupport"]),
        .testTarget(
            name: "SpinDSLCheckerTests",
            dependencies: ["SpinDSLChecker", "SpinDSLRunner", "SpinDSLFrontEnd", "Spin", "SpinTestSupport"]
        ),
        .testTarget(
            name: "SpinDSLTests",
            dependencies: ["SpinDSL", "SpinDSLChecker", "SpinDSLRunner", "SpinDSLFrontEnd", "Spin", "SpinTestSupport"]
        ),
        // The Swift `spinrun --swift` writes (`Generated/`, golden files compiled here), run side by
        // side with the interpreter.
        .testTarget(
            name: "SpinGeneratedTests",
            dependencies: ["SpinGeneratedSupport", "Spin", "SpinDSLSwift", "SpinDSLRunner", "SpinDSLFrontEnd", "SpinTestSupport"],
            exclude: ["Specs", "Fixtures"]
        ),
        .testTarget(name: "SpinrunTests", dependencies: ["spinrun", "SpinDSL", "SpinTestSupport"], exclude: ["Golden", "Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
