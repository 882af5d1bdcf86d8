import Foundation
import RenderPipeline
import Testing

/// `cardrender preview` hands its request to `cardrender-preview` as JSON: every field survives
/// the trip, under the spec's own keys.
@Suite struct PreviewRequestCodingTests {
    @Test func aRequestReadsBackAsItWasWritten() throws {
        let request = PreviewRequest(template: "front.yaml", data: "cards.csv", back: "back.yaml",
                                     allowedFolders: ["art", "icons"], host: "0.0.0.0", port: 8123, dpi: 72)
        let json = try JSONEncoder().encode(request)
        let keys = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any]).keys.sorted()
        #expect(keys == ["allow-dir", "back", "data", "dpi", "host", "port", "template"])
        #expect(try JSONDecoder().decode(PreviewRequest.self, from: json) == request)
        let bare = PreviewRequest(template: "front.yaml")
        #expect(try JSONDecoder().decode(PreviewRequest.self, from: JSONEncoder().encode(bare)) == bare)
    }
}
