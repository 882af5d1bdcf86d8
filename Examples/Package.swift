// swift-tools-version:6.1
import PackageDescription

// The README's Swift code, compiled and tested against cardrender by version, as a user's package
// depends on it. `make examples` makes a tagged clone of the checkout and passes its URL in
// CARDRENDER_PACKAGE_URL; a user writes the URL they get cardrender from.
let cardrenderURL = Context.environment["CARDRENDER_PACKAGE_URL"]
    ?? "file://\(Context.packageDirectory)/../.build/examples/cardrender.git"

let package = Package(
    name: "cardrender-examples",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: cardrenderURL, from: "0.1.0"),
    ],
    targets: [
        .target(
            name: "ExampleDrawings",
            dependencies: [
                .product(name: "Drawing", package: "cardrender"),
                .product(name: "Geometry", package: "cardrender"),
                .product(name: "PlayingCards", package: "cardrender"),
                .product(name: "KeyboardDiagrams", package: "cardrender"),
                .product(name: "BatchRendering", package: "cardrender"),
            ]
        ),
        .executableTarget(name: "examples", dependencies: ["ExampleDrawings"]),
        // A user of GoldenImages alone and of BatchRendering alone: Tests/Outside/links.sh checks
        // what each is built from and links.
        .executableTarget(name: "compare", dependencies: [.product(name: "GoldenImages", package: "cardrender")]),
        .executableTarget(name: "schedule", dependencies: [.product(name: "BatchRendering", package: "cardrender")]),
        .testTarget(
            name: "ExampleTests",
            dependencies: [
                "ExampleDrawings",
                .product(name: "Drawing", package: "cardrender"),
                .product(name: "GoldenImageTesting", package: "cardrender"),
                .product(name: "GoldenImages", package: "cardrender"),
                .product(name: "PlayingCards", package: "cardrender"),
            ],
            exclude: ["__Goldens__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
