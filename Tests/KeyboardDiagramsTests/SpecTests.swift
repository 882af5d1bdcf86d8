import CardRenderSupport
import Drawing
import Foundation
import RenderPipeline
import Testing
@testable import KeyboardDiagrams

@Suite("Diagram geometry and the device table")
struct SpecTests {
    let builder: KeyboardDiagramBuilder

    init() throws {
        builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
    }

    @Test func geometryJSONHasTheLoggedNumbers() throws {
        let order = KeyboardRequest(device: "iphone-7", orientation: .portrait, strategy: .toolbar, filmstrip: 3)
        let object = try #require(JSONSerialization.jsonObject(with: order.geometryJSON(builder: builder)) as? [String: Any])
        let result = try #require(object["result"] as? [String: Any])
        #expect(result["bottomOffset"] as? Double == 258)
        #expect(result["contentInsetBottom"] as? Double == 258)
        let frame = try #require(result["keyboardFrameInView"] as? [String: Double])
        #expect(frame == ["x": 0, "y": 409, "width": 375, "height": 258])
        let toolbar = try #require(result["toolbarFrameAfter"] as? [String: Double])
        #expect(toolbar == ["x": 0, "y": 365, "width": 375, "height": 44])
        #expect((object["filmstrip"] as? [Any])?.count == 3)
        // A keyboard entirely off screen is valid: hidden, no intersection, the safe-area fallback.
        let hidden = KeyboardRequest(device: "iphone-x", keyboardFrame: CGRect(x: 0, y: 900, width: 375, height: 335))
        let hiddenObject = try #require(JSONSerialization.jsonObject(with: hidden.geometryJSON(builder: builder)) as? [String: Any])
        let hiddenResult = try #require(hiddenObject["result"] as? [String: Any])
        #expect(hiddenResult["intersection"] is NSNull)
        #expect(hiddenResult["bottomOffset"] as? Double == 34)
    }

    @Test func deviceTableListsFiguresWithConfidence() throws {
        let table = builder.catalog.tableDescription()
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("ID"))
        let iPhone8 = try #require(lines.first { $0.hasPrefix("iphone-8 ") })
        #expect(iPhone8.contains("375x667"))
        #expect(iPhone8.contains("216 A / 258 B"))
        #expect(iPhone8.contains("162 A / 194 B"))
        let pro = try #require(lines.first { $0.hasPrefix("ipad-pro-11 ") })
        #expect(pro.contains("? / 333 d"))
        #expect(table.contains("  keyboard.height (ipad-pro-11, ipad-pro-12.9): use heightWithPredictive"))
        #expect(pro.contains("hw bar 55 B"))
        #expect(table.contains("Sources:"))
        let decoded = try JSONDecoder().decode(DeviceCatalog.self, from: builder.catalog.jsonData())
        #expect(decoded == builder.catalog)
    }
}
