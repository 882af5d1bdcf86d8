import BatchRendering
import Foundation
import RenderPipeline
import Testing

@Suite struct PrintRequestTests {
    /// Page PNGs sort in page order: numbered with as many digits as the last page.
    @Test func pagePNGNamesArePaddedToTheLastPage() {
        #expect(PrintRequest.pagePNGPath(pdf: "deck-print.pdf", page: 1, of: 4) == "deck-print-page-1.png")
        #expect(PrintRequest.pagePNGPath(pdf: "deck-print.pdf", page: 3, of: 12) == "deck-print-page-03.png")
        #expect(PrintRequest.pagePNGPath(pdf: "out/sheets.pdf", page: 12, of: 120) == "out/sheets-page-012.png")
    }

    /// Print-on-demand plans a PNG per distinct card and the back, then the one-card-a-page PDF.
    @Test func printOnDemandPlansEachDistinctCardOnceAndThePDF() throws {
        var request = PrintRequest()
        request.printOnDemand = "bridge"
        request.cards = "AS,KH,AS"
        try request.validate(as: .commandLine)
        let plan = try request.plan()
        #expect(plan.outputs == ["cards/back.png", "cards/AS.png", "cards/KH.png", "deck-print.pdf"])
        #expect(plan.units.dropLast().allSatisfy { $0.pixelSize.map { [$0.width, $0.height] } == [750, 1125] })
        // The PDF is a unit too: a document of one page per card and back, counted in the cost.
        let pdf = try #require(plan.units.last)
        guard case let .document(pageCosts, _) = pdf.content else { Issue.record("the PDF is not a document unit"); return }
        #expect(pdf.format == .pdf && pdf.pixelSize == nil && pageCosts.count == 6)
        #expect(pageCosts.allSatisfy { $0 > 0 })
        let pngCost: Double = plan.units.dropLast().map(\.estimatedCost).reduce(0, +)
        let pdfCost: Double = pageCosts.reduce(0, +)
        #expect(plan.estimatedCost == pngCost + pdfCost)
    }

    /// Sheet PNGs come before the PDF in the plan, one per page, at the resolution asked for.
    @Test func pagesPNGPlansOnePNGPerPage() throws {
        var request = PrintRequest()
        request.cards = "AS,2S,3S,4S,5S,6S,7S,8S,9S,10S"
        request.orientation = .portrait
        request.duplex = .longEdge
        request.pagesPNG = 72
        try request.validate(as: .commandLine)
        let plan = try request.plan()
        #expect(plan.outputs == (1...4).map { "deck-print-page-\($0).png" } + ["deck-print.pdf"])
        #expect(plan.units.dropLast().allSatisfy { $0.pixelSize.map { [$0.width, $0.height] } == [596, 842] })
        // The sheets' PDF is scheduled like the PNGs, costing as much as its pages at 1 px a point.
        let pdf = try #require(plan.units.last)
        #expect(pdf.path == "deck-print.pdf" && pdf.estimatedCost > 0)
        let pngCost: Double = plan.units.dropLast().map(\.estimatedCost).reduce(0, +)
        #expect(pdf.estimatedCost == pngCost)
    }
}
