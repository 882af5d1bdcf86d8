// swift-tools-version:6.1
// libFuzzer targets for the Swift parsers, kept out of the main manifest: built with
// `-sanitize=fuzzer`, each defines LLVMFuzzerTestOneInput and hands its entry point to FuzzDriver.
// `make fuzz` builds and runs them; see the Makefile.
import PackageDescription

let package = Package(
    name: "cardrender-fuzz",
    dependencies: [.package(name: "cardrender", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(name: "fuzz-card-name", dependencies: ["FuzzDriver", .product(name: "PlayingCards", package: "cardrender")]),
        .executableTarget(name: "fuzz-frame", dependencies: ["FuzzDriver", .product(name: "KeyboardDiagrams", package: "cardrender")]),
        .executableTarget(
            name: "fuzz-spec",
            dependencies: [
                "FuzzDriver",
                .product(name: "BatchRendering", package: "cardrender"),
                .product(name: "KeyboardDiagrams", package: "cardrender"),
                .product(name: "RenderPipeline", package: "cardrender"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
