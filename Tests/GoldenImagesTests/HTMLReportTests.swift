import Drawing
import Foundation
import GoldenImages
import Testing

/// What a reviewer sees in the HTML report: the comparison's settings, images over a checkerboard,
/// and a swipe slider as wide as the image with a thumb on the swipe line.
@Suite("HTML report")
struct HTMLReportTests {
    static func report(tolerance: Tolerance = .default) throws -> (html: String, changed: String) {
        let scratch = try ScratchFolder()
        try FolderVerificationTests.makeFolders(scratch)
        let verification = try FolderVerification.run(goldens: scratch.file("goldens"), actual: scratch.file("actual"),
                                                       tolerance: tolerance, mode: .never)
        let html = HTMLReport.render(verification)
        let changed = try #require(html.components(separatedBy: "<section class=\"entry").first { $0.contains("changed.png</h2>") })
        return (html, changed)
    }

    /// The declarations of the first CSS rule whose selector is exactly `selector`.
    static func rule(_ selector: String, in html: String) -> String? {
        guard let start = html.range(of: "\n" + selector + "{") ?? html.range(of: "}" + selector + "{") else { return nil }
        return html[start.upperBound...].split(separator: "}", maxSplits: 1).first.map(String.init)
    }

    @Test func theReportSaysWhichMetricAndBlendingWereUsed() throws {
        let defaults = try Self.report().html
        #expect(defaults.contains("threshold 0.1 · metric YIQ (pixelmatch 7.2.0) · semi-transparent pixels blended with"
                                  + " pixelmatch&#39;s checkerboard"), "\(defaults.prefix(2000))")
        let other = try Self.report(tolerance: Tolerance(threshold: 0.05, metric: .oklab, alphaBlending: .white, window: 16)).html
        #expect(other.contains("threshold 0.05 · metric OKLab HyAB (pixelmatch&#39;s development line) · semi-transparent"
                               + " pixels blended with white (changes of transparency can pass) · limits per 16×16 window"))
    }

    @Test func imagesAreShownOverACheckerboard() throws {
        let html = try Self.report().html
        let images = try #require(Self.rule("img", in: html))
        #expect(images.contains("background:repeating-conic-gradient(#bdbdbd 0 25%,#fff 0 50%) 0 0/16px 16px"))
        #expect(html.contains("<p class=\"legend\">Images are drawn over a grey checkerboard"))
    }

    @Test func theSwipeSliderIsExactlyAsWideAsTheImageAndItsThumbIsTheLine() throws {
        let (html, changed) = try Self.report()
        // The slider sits inside the stage, which is as wide as the image (the image sizes it).
        let stage = try #require(changed.components(separatedBy: "<figure class=\"swipe\">").last?
            .components(separatedBy: "</figure>").first)
        let stageContents = try #require(stage.components(separatedBy: "<div class=\"stage\">").last)
        #expect(stageContents.hasSuffix("<input type=\"range\" min=\"0\" max=\"1000\" value=\"500\" aria-label=\"swipe position\"></div>"))

        let slider = try #require(Self.rule(".swipe input[type=range]", in: html))
        #expect(slider.contains("position:absolute") && slider.contains("left:0") && slider.contains("width:100%"))
        #expect(slider.contains("padding:0") && slider.contains("border:0") && slider.contains("box-sizing:border-box"))
        #expect(slider.contains("appearance:none") && slider.contains("margin:4px 0 0"))

        // The thumb is as wide as the line; both start at (width - 2px) × fraction, 50% at first.
        let handle = try #require(Self.rule(".swipe .handle", in: html))
        #expect(handle.contains("width:2px") && handle.contains("left:calc((100% - 2px) * 0.5)"))
        for thumb in [".swipe input[type=range]::-webkit-slider-thumb", ".swipe input[type=range]::-moz-range-thumb"] {
            let rule = try #require(Self.rule(thumb, in: html), "\(thumb)")
            #expect(rule.contains("width:2px") && rule.contains("border:0"), "\(thumb)")
        }
        let over = try #require(Self.rule(".swipe .over", in: html))
        #expect(over.contains("clip-path:inset(0 0 0 calc((100% - 2px) * 0.5 + 1px))"))
        #expect(html.contains("handle.style.left='calc((100% - 2px) * '+f+')'"))
        #expect(html.contains("over.style.clipPath='inset(0 0 0 calc((100% - 2px) * '+f+' + 1px))'"))
    }
}
