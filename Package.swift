// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "SpinDSL",
    products: [
        .library(name: "Spin", targets: ["Spin"]),
        .library(name: "SpinDSL", targets: ["SpinDSL"]),
    ],
    targets: [
        .target(name: "Spin"),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .target(name: "SpinDSL", dependencies: ["Spin", "CYAML"]),
        .testTarget(name: "SpinTests", dependencies: ["Spin"]),
        .testTarget(name: "SpinDSLTests", dependencies: ["SpinDSL", "Spin"]),
    ],
    swiftLanguageModes: [.v6]
)
