// swift-tools-version:6.1
import PackageDescription

// Debug builds (which `swift test` and `make sanitize` use) compile the fault injection seam
// under the system layer, as swift-system's ENABLE_MOCKING; release builds have none of it.
let mocking: [SwiftSetting] = [.define("ENABLE_MOCKING", .when(configuration: .debug))]

let package = Package(
    name: "cardrender",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "CardRenderSupport", targets: ["CardRenderSupport"]),
        .library(name: "Geometry", targets: ["Geometry"]),
        .library(name: "Images", targets: ["Images"]),
        .library(name: "Drawing", targets: ["Drawing"]),
        .library(name: "PlayingCards", targets: ["PlayingCards"]),
        .library(name: "KeyboardDiagrams", targets: ["KeyboardDiagrams"]),
        .library(name: "GoldenImages", targets: ["GoldenImages"]),
        .library(name: "GoldenImageTesting", targets: ["GoldenImageTesting"]),
        .library(name: "BatchRendering", targets: ["BatchRendering"]),
        .library(name: "RenderPipeline", targets: ["RenderPipeline"]),
        .library(name: "PrintLayout", targets: ["PrintLayout"]),
        .library(name: "CardTemplates", targets: ["CardTemplates"]),
        .library(name: "CardPreview", targets: ["CardPreview"]),
        .executable(name: "cardrender", targets: ["cardrender"]),
        .executable(name: "cardrender-golden", targets: ["cardrender-golden"]),
        .executable(name: "cardrender-preview", targets: ["cardrender-preview"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // SHA-256 for manifests, in BatchRendering only (BoringSSL on Linux, CryptoKit on Apple platforms).
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // CSV and TSV data for template cards.
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        // `cardrender preview`'s HTTP and WebSocket server (Hummingbird on SwiftNIO, which bounds a request's
        // head), in CardPreview and the cardrender-preview executable only; Foundation's networking, and libcurl
        // with it, stays out of every binary.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // XLSX and ODS data: the zip archive around their XML parts.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // `make api-docs`: DocC for the library products.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // C layer: the only code that sees cairo_*, png_*, WebP* and tj* besides Drawing/Cairo, Images/LibPNG,
        // Images/WebP and Images/JPEG.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev", "libfreetype-dev"])]
        ),
        // Laid-out text (Pango through pangocairo, fonts through a fontconfig that sees only the
        // bundled fonts and fonts named by file) and SVG images drawn as vectors (librsvg).
        .systemLibrary(
            name: "CPango",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]
        ),
        .systemLibrary(
            name: "CRSVG",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"])]
        ),
        // WebP output (libwebp): the encoder's settings are filled in C, in one fixed call.
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"])]
        ),
        // JPEG output (libjpeg-turbo's TurboJPEG API): fixed settings, filled in C in one call.
        .systemLibrary(
            name: "CTurboJPEG",
            pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]
        ),
        // zlib's inflate for the deflated parts of XLSX and ODS archives (CardTemplates' Spreadsheet/Zlib).
        .systemLibrary(name: "CInflate", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The XML parts of spreadsheet data (XLSX, ODS): libxml2's SAX2 interface, called directly.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(
            name: "CPNG",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("deflate")]
        ),
        .target(name: "CImageDiff"),
        // The perspective warp's pixel loop, optimised in every build.
        .target(name: "CImageWarp"),

        // Finds SwiftPM resource bundles beside the executable or where `make install` puts them,
        // with an error instead of a trap when one is missing.
        .target(name: "ResourceBundles", dependencies: ["CardRenderSupport"]),
        // The shipped fonts (DejaVu, and Noto and Symbola for other scripts and emoji, with their
        // licences and checksums; `subset.py` remakes the fallback files), the only fonts text uses.
        .target(
            name: "BundledFonts",
            dependencies: ["ResourceBundles"],
            path: "Fonts",
            exclude: ["subset.py"],
            resources: [
                .copy("DejaVuSans.ttf"), .copy("DejaVuSans-Bold.ttf"), .copy("DejaVuSans-Oblique.ttf"),
                .copy("DejaVuSans-BoldOblique.ttf"), .copy("DejaVuSerif.ttf"), .copy("DejaVuSerif-Bold.ttf"),
                .copy("NotoSansCJK-Subset.otf"), .copy("NotoSansArabic-Regular.ttf"), .copy("NotoSansHebrew-Regular.ttf"),
                .copy("NotoSansThai-Regular.ttf"), .copy("NotoSansDevanagari-Regular.ttf"), .copy("NotoColorEmoji.ttf"),
                .copy("Symbola-Emoji.ttf"),
                .copy("LICENSE"), .copy("SHA256SUMS"), .copy("FontPatterns.txt"),
            ]
        ),

        // Not drawing: atomic file writes and system calls with typed errors, output paths kept
        // inside their folder, "did you mean", markup escaping, a seeded generator.
        .target(name: "CardRenderSupport", swiftSettings: mocking),
        .target(name: "Geometry"),
        // Pixels without drawing: RGBAImage, PNG, WebP and JPEG files, the output formats' facts, the
        // pixel budget and the perspective warp. Links libpng, libwebp and libturbojpeg, never Cairo, Pango or librsvg.
        .target(name: "Images", dependencies: ["CardRenderSupport", "CPNG", "CWebP", "CTurboJPEG"]),
        .target(
            name: "Drawing",
            dependencies: ["Geometry", "Images", "CardRenderSupport", "CCairo", "CPango", "CRSVG", "CImageWarp", "BundledFonts"]
        ),
        .target(name: "PlayingCards", dependencies: ["Geometry", "Drawing", "CardRenderSupport", "PrintLayout"]),
        // Paper, lengths, the n-up sheet grid, crop marks, duplex backs and print-on-demand sizes: pure numbers.
        .target(name: "PrintLayout", dependencies: ["Geometry"]),
        // Custom cards: a template's layers filled from rows of data (CSV, TSV, JSON, YAML, XLSX, ODS).
        .target(
            name: "CardTemplates",
            dependencies: ["Geometry", "Drawing", "PlayingCards", "PrintLayout", "SpecFiles", "CardRenderSupport", "CLibXML2", "CInflate",
                           .product(name: "CSV", package: "CSV.swift"), .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        // YAML and JSON spec files read into located nodes: the batch spec, the keyboard spec, card
        // templates and their data. The only module that sees Yams.
        .target(name: "SpecFiles", dependencies: ["CardRenderSupport", .product(name: "Yams", package: "Yams")]),
        .target(
            name: "KeyboardDiagrams",
            dependencies: ["Geometry", "Drawing", "CardRenderSupport", "SpecFiles", "ResourceBundles"],
            resources: [.copy("Resources/devices.json")]
        ),
        .target(name: "GoldenImages", dependencies: ["Images", "CardRenderSupport", "CImageDiff"]),
        // The only module that imports a test framework: assertGolden for users' XCTest / Swift Testing suites.
        .target(name: "GoldenImageTesting", dependencies: ["GoldenImages", "Drawing", "CardRenderSupport"]),
        // Output units (a picture, a document of pages, a sequence of frames) scheduled by cost on
        // one pool of workers, specs, matrices, shards, manifests with each file's SHA-256, progress
        // and the gallery; knows no job kind and no drawing (no Cairo). The only module that hashes,
        // so drawing and golden tests never build swift-crypto.
        .target(
            name: "BatchRendering",
            dependencies: ["Images", "CardRenderSupport", "SpecFiles", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // Typed requests (card, deck, keyboard diagram, samples), the job kinds of a batch spec and
        // the one render pipeline every command uses: plan → render → encode → hash → atomic write → manifest.
        .target(
            name: "RenderPipeline",
            dependencies: ["Drawing", "PlayingCards", "KeyboardDiagrams", "BatchRendering", "SpecFiles", "PrintLayout",
                           "CardTemplates", "CardRenderSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        // `cardrender preview`: the cards in a browser, redrawn as their files are saved. The only
        // module with a server (Hummingbird, on SwiftNIO), so the renderers never build one.
        .target(
            name: "CardPreview",
            dependencies: ["RenderPipeline", "CardTemplates", "Drawing", "CardRenderSupport", "ResourceBundles",
                           .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "HummingbirdCore", package: "hummingbird"),
                           .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                           .product(name: "NIOCore", package: "swift-nio"), .product(name: "Logging", package: "swift-log")],
            resources: [.copy("Resources/index.html"), .copy("Resources/preview.js"), .copy("Resources/preview.css")]
        ),
        // The command line: argument declarations and printing. The golden commands, the option groups
        // and the entry point every executable shares are in SharedCommands, which links no drawing library.
        .target(
            name: "SharedCommands",
            dependencies: ["GoldenImages", "Images", "CardRenderSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: mocking
        ),
        .executableTarget(
            name: "cardrender",
            dependencies: [
                "Drawing", "PlayingCards", "KeyboardDiagrams", "GoldenImages", "BatchRendering", "SpecFiles", "RenderPipeline",
                "CardRenderSupport", "BundledFonts", "SharedCommands", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: mocking
        ),
        // diff, verify and report without Cairo, Pango or librsvg: a start-up of a few milliseconds.
        .executableTarget(
            name: "cardrender-golden",
            dependencies: ["SharedCommands", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: mocking
        ),
        // The preview's server, run by `cardrender preview`: SwiftNIO and Hummingbird load only here.
        .executableTarget(
            name: "cardrender-preview",
            dependencies: ["CardPreview", "RenderPipeline", "SharedCommands", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: mocking
        ),
        .executableTarget(
            name: "cardrender-bench",
            dependencies: [
                "Drawing", "PlayingCards", "KeyboardDiagrams", "GoldenImages", "BatchRendering", "CardRenderSupport",
                "CardTemplates", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),

        .testTarget(name: "CardRenderSupportTests", dependencies: ["CardRenderSupport"], swiftSettings: mocking),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry", "CardRenderSupport"]),
        .testTarget(name: "PrintLayoutTests", dependencies: ["PrintLayout", "Geometry"]),
        .testTarget(name: "SpecFilesTests", dependencies: ["SpecFiles"]),
        .testTarget(
            name: "CardTemplatesTests",
            dependencies: ["CardTemplates", "SpecFiles", "Drawing", "CardRenderSupport", "PrintLayout",
                           .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        .testTarget(
            name: "DrawingTests",
            dependencies: ["Drawing", "Images", "Geometry", "BundledFonts", "ResourceBundles", "CardRenderSupport", "BatchRendering"]
        ),
        .testTarget(
            name: "PlayingCardsTests",
            dependencies: ["PlayingCards", "Drawing", "GoldenImageTesting", "CardRenderSupport", "RenderPipeline", "BatchRendering"],
            exclude: ["__Goldens__"]
        ),
        .testTarget(
            name: "KeyboardDiagramsTests",
            dependencies: ["KeyboardDiagrams", "Drawing", "GoldenImageTesting", "SpecFiles", "CardRenderSupport", "RenderPipeline"],
            exclude: ["__Goldens__"]
        ),
        .testTarget(name: "GoldenImagesTests", dependencies: ["GoldenImages", "GoldenImageTesting", "Drawing"], exclude: ["__Goldens__"],
                    swiftSettings: mocking),
        .testTarget(name: "BatchRenderingTests", dependencies: ["BatchRendering", "Images", "Drawing", "SpecFiles", "CardRenderSupport"]),
        .testTarget(
            name: "RenderPipelineTests",
            dependencies: ["RenderPipeline", "BatchRendering", "SpecFiles", "Drawing", "KeyboardDiagrams", "CardRenderSupport"]
        ),
        .testTarget(name: "CardPreviewTests", dependencies: ["CardPreview", "RenderPipeline", "CardRenderSupport", "cardrender", "cardrender-preview",
                                                            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket")],
                    swiftSettings: mocking),
        .testTarget(name: "CLITests", dependencies: ["cardrender", "cardrender-golden", "Drawing", "GoldenImageTesting", "PrintLayout", "CardRenderSupport",
                                                    .product(name: "ZIPFoundation", package: "ZIPFoundation")],
                    exclude: ["__Goldens__"], swiftSettings: mocking),
        // README and DocC snippets are the Examples package's code (which `make examples` builds by version).
        .testTarget(name: "DocumentationTests"),
    ],
    swiftLanguageModes: [.v6]
)
