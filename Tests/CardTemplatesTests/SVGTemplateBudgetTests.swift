@testable import CardTemplates
import Foundation
import SpecFiles
import Testing

/// Each card of an SVG template keeps its own filled drawing until it is drawn: together they
/// are held to `SVGTemplate.maximumDrawingBytes`, the row that passes it refused in one line.
@Suite struct SVGTemplateBudgetTests {
    @Test func theRowThatPassesTheDrawingBudgetIsRefused() throws {
        let files = try Fixtures()
        let template = try files.template("card.svg", SVGTemplateTests.svg("<rect id=\"gem\" width=\"10\" height=\"10\"/>"))
        let row = DataRow(number: 7, location: SpecLocation(file: "cards.csv", line: 8), values: ["gem": "red"])
        var stems = FileStems()
        var bytes = 0
        let card = try template.card(row: row, fromData: true, columns: ["gem"], count: 1, allowingFilesIn: [], stems: &stems,
                                     drawingBytes: &bytes)
        #expect(card.layers.count == 1 && bytes > 0 && bytes < 2000)
        bytes = SVGTemplate.maximumDrawingBytes - 10
        let message = specError {
            _ = try template.card(row: row, fromData: true, columns: ["gem"], count: 1, allowingFilesIn: [], stems: &stems,
                                  drawingBytes: &bytes)
        }
        #expect(message == "card.svg: row 7 (cards.csv:8): the cards' filled drawings hold more than 1024 MiB by this row (each "
                + "card keeps its own copy of the SVG and the images it embeds); render fewer rows at a time (--where) or embed "
                + "smaller images")
    }
}
