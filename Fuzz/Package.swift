// swift-tools-version:6.1
// libFuzzer targets for the Swift parsers, kept out of the main manifest: built with
// `-sanitize=fuzzer`, each defines LLVMFuzzerTestOneInput and hands its entry point to FuzzDriver.
// `make fuzz` builds and runs them; see the Makefile.
import PackageDescription

let package = Package(
    name: "cardrender-fuzz",
    dependencies: [
        .package(name: "cardrender", path: ".."),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        .target(name: "FuzzDriver"),
        .target(name: "FuzzSupport"),
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
        .executableTarget(
            name: "fuzz-template",
            dependencies: ["FuzzDriver", "FuzzSupport", .product(name: "CardTemplates", package: "cardrender"),
                           .product(name: "Drawing", package: "cardrender")]
        ),
        .executableTarget(
            name: "fuzz-data",
            dependencies: ["FuzzDriver", "FuzzSupport", .product(name: "CardTemplates", package: "cardrender")]
        ),
        .executableTarget(
            name: "fuzz-spreadsheet",
            dependencies: ["FuzzDriver", "FuzzSupport", .product(name: "CardTemplates", package: "cardrender"),
                           .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        .executableTarget(
            name: "fuzz-markup",
            dependencies: ["FuzzDriver", "FuzzSupport", .product(name: "Drawing", package: "cardrender")]
        ),
        .executableTarget(
            name: "fuzz-svg",
            dependencies: ["FuzzDriver", "FuzzSupport", .product(name: "Drawing", package: "cardrender")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
