import Drawing
import Foundation
import GoldenImages
import Testing

/// `FileComparison`: two PNG files compared and the requested images written, as `cardrender diff` does.
@Suite struct FileComparisonTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-comparison-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func write(_ image: RGBAImage, _ name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try PNG.encode(image).write(to: url)
        return url
    }

    @Test func writesTheDiffAndTheCompositeAndReportsTheBlock() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = filled(width: 40, height: 30, .white)
        let actual = expected.withBlock(x: 10, y: 5, width: 4, height: 3, .black)
        let diffURL = folder.appendingPathComponent("out/diff.png")
        let compositeURL = folder.appendingPathComponent("out/composite.png")
        let report = try FileComparison(expected: try write(expected, "expected.png"), actual: try write(actual, "actual.png"),
                                        diffImage: diffURL, compositeImage: compositeURL).run()
        #expect(!report.passed)
        #expect(report.result.differingPixels == 12)
        #expect(report.result.regions.map(\.bounds) == [PixelRect(x: 10, y: 5, width: 4, height: 3)])
        #expect(report.diffImage == diffURL.path && report.compositeImage == compositeURL.path)
        let diff = try PNG.decode(try Data(contentsOf: diffURL))
        #expect(diff.width == 40 && diff.height == 30)
        let composite = try PNG.decode(try Data(contentsOf: compositeURL))
        let size = ImageComparison.compositeSize(of: [(40, 30), (40, 30), (40, 30)])
        #expect(composite.width == size.width && composite.height == size.height)
        #expect(size.width == 8 + 3 * (40 + 8) && size.height == 30 + 16)
    }

    @Test func refusesACompositeOverTheBudgetBeforeWritingAnything() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = filled(width: 100, height: 100, .white)
        let compositeURL = folder.appendingPathComponent("composite.png")
        // Each image is 10,000 px, under the limit; the composite (332×116) is not.
        let comparison = FileComparison(expected: try write(image, "a.png"), actual: try write(image, "b.png"),
                                        compositeImage: compositeURL, maxPixels: 20_000)
        #expect(throws: ImageError.overBudget("the composite image is 332×116 px (38512 px), over the limit of "
                                                + "20000 px per picture; raise it with --max-pixels N")) {
            try comparison.run()
        }
        #expect(!FileManager.default.fileExists(atPath: compositeURL.path))
        var withoutComposite = comparison
        withoutComposite.compositeImage = nil
        #expect(try withoutComposite.run().passed)
    }
}
