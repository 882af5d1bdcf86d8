import Drawing
import Foundation
import Testing

/// `cardrender print --print-on-demand` (per-card PNGs and a one-card-a-page PDF at a service's
/// size) and `--pages-png` (each sheet as a PNG): exact pixel and point sizes, page order, refusals
/// and determinism.
@Suite("print-on-demand and sheet PNGs")
struct PrintOnDemandCLITests {
    /// Runs `print` into a fresh folder and returns the folder.
    static func print(_ arguments: [String]) throws -> URL {
        let out = try CLIRunner.temporaryDirectory("print-pod")
        let result = try CLIRunner.run(["print", "--out", out.path] + arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return out
    }

    static func pixelSize(_ url: URL) throws -> (Int, Int) {
        let header = try PNG.header(of: try Data(contentsOf: url))
        return (header.width, header.height)
    }

    /// The sizes the services' templates give (docs/sources.md), in pixels at 300 dpi and in points.
    @Test(arguments: [
        ("poker", 825, 1125, 198.0, 270.0),
        ("bridge", 750, 1125, 180.0, 270.0),
        ("poker-63x88mm", 825, 1125, 198.0, 270.0),
        ("poker-mpc", 822, 1122, 197.28, 269.28),
    ])
    func cardPNGsAndPDFPagesAreTheServicesSize(size: String, width: Int, height: Int, pointWidth: Double,
                                               pointHeight: Double) throws {
        let out = try Self.print(["--print-on-demand", size, "--cards", "AS,KH,AS"])
        let names = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("cards").path).sorted()
        #expect(names == ["AS.png", "KH.png", "back.png"])
        for name in names {
            let (w, h) = try Self.pixelSize(out.appendingPathComponent("cards/\(name)"))
            #expect((w, h) == (width, height), "\(size) \(name): \(w)×\(h)")
        }
        let info = try PrintCLITests.info(out.appendingPathComponent("deck-print.pdf"))
        #expect(info.pages == 6, "a back and a front for each of the three cards asked for")
        #expect(abs(info.width - pointWidth) < 0.01 && abs(info.height - pointHeight) < 0.01,
                "\(size): \(info.width)×\(info.height) pt")
    }

    /// Share of a page's pixels in the back's blue.
    static func blueShare(_ raster: PrintCLITests.Raster) -> Double {
        var blue = 0
        for y in stride(from: 0, to: raster.height, by: 2) {
            for x in stride(from: 0, to: raster.width, by: 2) {
                let (r, _, b) = raster.rgb(x, y)
                if b > r + 60 { blue += 1 }
            }
        }
        return Double(blue) / Double(((raster.width + 1) / 2) * ((raster.height + 1) / 2))
    }

    @Test func thePDFRunsBackFrontBackFrontWithTheBleedToThePageEdge() throws {
        let pdf = try Self.print(["--print-on-demand", "poker", "--cards", "AS,10C"]).appendingPathComponent("deck-print.pdf")
        let pages = try (1...4).map { try PrintCLITests.Raster(pdf, page: $0) }
        #expect(pages[0].bytes == pages[2].bytes, "the same back before each card")
        for back in [pages[0], pages[2]] {
            #expect(Self.blueShare(back) > 0.5)
            // No die line and no white corners: the back's ground reaches every edge.
            for (x, y) in [(0, 0), (back.width - 1, 0), (0, back.height - 1), (back.width - 1, back.height - 1)] {
                #expect(!back.isPaper(x, y), "back corner \(x),\(y) is paper")
            }
        }
        for front in [pages[1], pages[3]] {
            #expect(Self.blueShare(front) < 0.05)
            #expect(front.isPaper(0, 0) && front.isPaper(front.width - 1, front.height - 1))
        }
        #expect(pages[1].bytes != pages[3].bytes)
    }

    @Test func sheetPNGsAreThePaperAtTheResolutionAndShowWhatThePDFShows() throws {
        // A4 (595.28 × 841.89 pt) at 50 dpi: 414 × 585 px, rounded up; Letter at 100 dpi: 850 × 1100 px.
        for (paper, dpi, width, height) in [("A4", "50", 414, 585), ("Letter", "100", 850, 1100)] {
            let out = try Self.print(["--cards", "AS,2S,3S,4S,5S,6S,7S,8S,9S,10S", "--paper", paper,
                                      "--orientation", "portrait", "--duplex", "long-edge", "--pages-png", dpi])
            let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            #expect(names == ["deck-print-page-1.png", "deck-print-page-2.png", "deck-print-page-3.png",
                              "deck-print-page-4.png", "deck-print.pdf"])
            for name in names where name.hasSuffix(".png") {
                let (w, h) = try Self.pixelSize(out.appendingPathComponent(name))
                #expect((w, h) == (width, height), "\(paper) \(name): \(w)×\(h)")
            }
        }
        // Both pages against poppler's raster of the PDF at the same resolution.
        let out = try Self.print(["--cards", "AS,KH,QD,JC", "--bleed", "3mm", "--duplex", "long-edge",
                                  "--pages-png", "\(PrintCLITests.dpi)"])
        for page in 1...2 {
            let png = try PNG.read(contentsOf: out.appendingPathComponent("deck-print-page-\(page).png"))
            let raster = try PrintCLITests.Raster(out.appendingPathComponent("deck-print.pdf"), page: page)
            var differing = 0, transparent = 0, compared = 0
            for y in stride(from: 0, to: min(png.height, raster.height), by: 2) {
                for x in stride(from: 0, to: min(png.width, raster.width), by: 2) {
                    let ours = png[x, y], theirs = raster.rgb(x, y)
                    compared += 1
                    if ours.a != 255 { transparent += 1 }
                    if max(abs(Int(ours.r) - theirs.0), abs(Int(ours.g) - theirs.1), abs(Int(ours.b) - theirs.2)) > 96 {
                        differing += 1
                    }
                }
            }
            #expect(transparent == 0, "page \(page): the PNG is on opaque paper")
            #expect(Double(differing) / Double(compared) < 0.01, "page \(page): \(differing) of \(compared) pixels differ")
            #expect(page == 1 || Self.blueShare(raster) > 0.1, "page 2 holds the backs")
        }
    }

    @Test func badInputIsOneLineExitTwoAndNothingWritten() throws {
        let cases: [([String], String)] = [
            (["--pages-png", "10"], "36 to 1200"),
            (["--pages-png", "5000"], "36 to 1200"),
            (["--pages-png", "nan"], "pages-png"),
            (["--pages-png", "1200", "--paper", "A3"], "over the limit"),
            (["--print-on-demand", "tarot"], "poker, bridge, poker-63x88mm, poker-mpc"),
            (["--print-on-demand", "poker", "--bleed", "3mm"], "--bleed"),
            (["--print-on-demand", "poker", "--duplex", "long-edge"], "--duplex"),
            (["--print-on-demand", "poker", "--pages-png", "100"], "--pages-png"),
            (["--print-on-demand", "poker", "--size", "bridge"], "--size"),
            (["--print-on-demand", "poker", "--cards", "ZZ"], "ZZ"),
        ]
        for (arguments, fragment) in cases {
            let parent = try CLIRunner.temporaryDirectory("print-pod-bad")
            let result = try CLIRunner.run(["print", "--out", parent.appendingPathComponent("out").path] + arguments)
            CLIChecks.expectRefusal(result, mentioning: [fragment], "\(arguments)")
            #expect(try CLIChecks.fileTree(parent).isEmpty, "\(arguments) wrote files")
        }
        for (body, fragment) in [("pages-png: 7", "36 to 1200"), ("print-on-demand: tarot", "poker-mpc")] {
            try PrintCLITests.expectSpecRefusal(printKey: body, mentioning: fragment)
        }
    }

    @Test(arguments: [
        ["--print-on-demand", "poker-63x88mm", "--cards", "AS,KH,QD,RJ", "--back", "lattice"],
        ["--cards", "AS,KH,QD,JC,10S,RJ", "--bleed", "1/8in", "--duplex", "short-edge", "--pages-png", "60"],
    ])
    func sameBytesTwiceForAnyJobCountAndFromABatchSpec(arguments: [String]) throws {
        let trees = try [["-j", "1"], ["-j", "2"], ["-j", "2"]].map {
            try CLIChecks.fileTree(try Self.print(arguments + $0))
        }
        #expect(trees[0].count > 2)
        #expect(trees[0] == trees[1] && trees[1] == trees[2])

        let folder = try CLIRunner.temporaryDirectory("print-pod-batch")
        let spec = folder.appendingPathComponent("spec.yaml")
        var keys: [String] = [], index = 0
        while index + 1 < arguments.count {
            keys.append("    \(arguments[index].dropFirst(2)): \(arguments[index + 1])")
            index += 2
        }
        try "jobs:\n  - kind: print\n    output: job\n\(keys.joined(separator: "\n"))\n"
            .write(to: spec, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["batch", spec.path, "--out", folder.appendingPathComponent("out").path, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let batch = try CLIChecks.fileTree(folder.appendingPathComponent("out/job"))
        #expect(batch == trees[0])
    }
}
