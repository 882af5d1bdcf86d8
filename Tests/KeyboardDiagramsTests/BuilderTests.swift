import Foundation
import Testing
@testable import KeyboardDiagrams

@Suite("Diagram builder and input")
struct BuilderTests {
    let builder: KeyboardDiagramBuilder

    init() throws {
        builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
    }

    @Test func parsesFrames() throws {
        #expect(try FrameInput.parse("0,409,375,258", name: "--keyboard-frame") == CGRect(x: 0, y: 409, width: 375, height: 258))
        #expect(try FrameInput.parse(" 0 , -10.5, 1e2 ,0 ", name: "f") == CGRect(x: 0, y: -10.5, width: 100, height: 0))
        #expect(throws: KeyboardInputError.malformedFrame(name: "f", text: "1,2,3")) { try FrameInput.parse("1,2,3", name: "f") }
        #expect(throws: KeyboardInputError.malformedFrame(name: "f", text: "1,2,3,x")) { try FrameInput.parse("1,2,3,x", name: "f") }
        #expect(throws: KeyboardInputError.malformedFrame(name: "f", text: "1,2,3,4,5")) { try FrameInput.parse("1,2,3,4,5", name: "f") }
        #expect(throws: KeyboardInputError.nonFiniteFrame(name: "f")) { try FrameInput.parse("1,nan,3,4", name: "f") }
        #expect(throws: KeyboardInputError.nonFiniteFrame(name: "f")) { try FrameInput.parse("inf,2,3,4", name: "f") }
        #expect(throws: KeyboardInputError.negativeFrameSize(name: "f", width: -3, height: 4)) {
            try FrameInput.parse("1,2,-3,4", name: "f")
        }
        #expect(KeyboardInputError.negativeFrameSize(name: "--view-frame", width: -3, height: 4).description
            == "--view-frame has a negative size -3 x 4")
        #expect(KeyboardInputError.malformedFrame(name: "--keyboard-frame", text: "1,2").description
            == "--keyboard-frame \"1,2\" is not four numbers x,y,w,h")
    }

    @Test func requestsValidateTheirFrames() {
        let negative = KeyboardDiagramRequest(keyboardFrame: CGRect(x: 0, y: 0, width: 10, height: -1))
        #expect(throws: KeyboardInputError.negativeFrameSize(name: "keyboard frame", width: 10, height: -1)) {
            try builder.build(negative)
        }
        let infinite = KeyboardDiagramRequest(viewFrame: CGRect(x: 0, y: Double.infinity, width: 10, height: 10))
        #expect(throws: KeyboardInputError.nonFiniteFrame(name: "view frame")) { try builder.build(infinite) }
        #expect(throws: KeyboardInputError.unknownDevice("ipda", suggestion: "ipad")) {
            try builder.build(KeyboardDiagramRequest(deviceID: "ipda"))
        }
    }

    @Test func offScreenKeyboardMeansHidden() throws {
        let request = KeyboardDiagramRequest(deviceID: "iphone-x", keyboardFrame: CGRect(x: 0, y: 900, width: 375, height: 335))
        let step = try builder.build(request).result
        #expect(step.event.kind == .willHide)
        #expect(step.event.frameBegin == CGRect(x: 0, y: 477, width: 375, height: 335))
        #expect(!step.geometry.isKeyboardOnScreen)
        #expect(step.geometry.bottomOffset == 34)
        #expect(step.geometry.contentInsetBottom == 0)
    }

    @Test func overridesAndPredictiveFlag() throws {
        let noBar = try builder.build(KeyboardDiagramRequest(deviceID: "iphone-8", showsPredictiveBar: false)).result
        #expect(noBar.event.frameEnd == CGRect(x: 0, y: 451, width: 375, height: 216))
        let custom = try builder.build(KeyboardDiagramRequest(
            deviceID: "iphone-8", keyboardFrame: CGRect(x: 0, y: 400, width: 375, height: 267),
            viewFrame: CGRect(x: 0, y: 100, width: 375, height: 400))).result
        #expect(custom.event.kind == .willShow)
        #expect(custom.geometry.keyboardFrameInView == CGRect(x: 0, y: 300, width: 375, height: 267))
        #expect(custom.geometry.intersection == CGRect(x: 0, y: 300, width: 375, height: 100))
        #expect(custom.geometry.bottomOffset == 100)
        #expect(custom.geometry.view.safeAreaInsets.top == 0)
    }

    @Test func strategyAndOrientationNames() throws {
        #expect(try AvoidanceStrategy.named("content-inset") == .contentInset)
        #expect(throws: KeyboardInputError.unknownStrategy("layoutguide", suggestion: "layout-guide")) {
            try AvoidanceStrategy.named("layoutguide")
        }
        #expect(try Orientation.named("Landscape") == .landscape)
        #expect(throws: KeyboardInputError.unknownOrientation("portait", suggestion: "portrait")) {
            try Orientation.named("portait")
        }
    }

    @Test func everyScenarioBuildsForEveryStrategy() throws {
        let ids = builder.scenarios.map(\.id)
        for required in ["hardware-keyboard", "floating-keyboard", "split-keyboard", "form-sheet", "split-view",
                         "tab-bar", "not-local", "third-party-keyboard", "rotation", "legacy-landscape"] {
            #expect(ids.contains(required), "missing scenario \(required)")
        }
        #expect(Set(ids).count == ids.count)
        for scenario in builder.scenarios {
            #expect(!scenario.steps.isEmpty && !scenario.expectedBehaviour.isEmpty)
            for strategy in AvoidanceStrategy.allCases {
                let model = try builder.build(scenario, strategy: strategy)
                #expect(model.steps.count == scenario.steps.count)
                #expect(model.result.strategy == strategy)
            }
        }
        var empty = try builder.scenario(named: "rotation")
        empty.steps = []
        #expect(throws: KeyboardInputError.emptyScenario("rotation")) { try builder.build(empty) }
        #expect(throws: KeyboardInputError.unknownScenario("hardware", suggestion: "hardware-keyboard")) {
            try builder.scenario(named: "hardware")
        }
        #expect(throws: KeyboardInputError.unknownScenario("sideways", suggestion: nil)) { try builder.scenario(named: "sideways") }
        #expect(throws: KeyboardInputError.unknownScenario("tab-bars", suggestion: "tab-bar")) { try builder.scenario(named: "tab-bars") }
    }

    @Test func jsonCarriesTheComputedGeometry() throws {
        let model = try builder.build(KeyboardDiagramRequest(deviceID: "iphone-8", strategy: .toolbar))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(model)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let result = try #require(json["result"] as? [String: Any])
        #expect(result["bottomOffset"] as? Double == 258)
        #expect(result["contentInsetBottom"] as? Double == 258)
        let frame = try #require(result["keyboardFrameInView"] as? [String: Double])
        #expect(frame == ["x": 0, "y": 409, "width": 375, "height": 258])
        let toolbar = try #require(result["toolbarFrameAfter"] as? [String: Double])
        #expect(toolbar == ["x": 0, "y": 365, "width": 375, "height": 44])
        #expect(result["quantity"] as? String == "toolbar shift")
        let steps = try #require(json["steps"] as? [[String: Any]])
        #expect(steps.first?["log"] as? String == "(0,667,375,258), (0,409,375,258) curve:7, duration:0.25")

        // No intersection is written as null, and scenarios carry their description.
        let sheet = try encoder.encode(try builder.build(scenario: "form-sheet"))
        let sheetJSON = try #require(try JSONSerialization.jsonObject(with: sheet) as? [String: Any])
        let sheetResult = try #require(sheetJSON["result"] as? [String: Any])
        #expect(sheetResult["intersection"] is NSNull)
        #expect((sheetJSON["scenario"] as? [String: Any])?["id"] as? String == "form-sheet")
    }

    @Test func formatsNumbersLikeTheLogs() {
        #expect(KeyboardFormat.number(258.0) == "258")
        #expect(KeyboardFormat.number(0.25) == "0.25")
        #expect(KeyboardFormat.number(47.333) == "47.33")
        #expect(KeyboardFormat.number(-0.0) == "0")
        #expect(KeyboardFormat.number(0.5) == "0.5")
        #expect(KeyboardFormat.frame(CGRect(x: 0, y: 181, width: 667, height: 194)) == "(0,181,667,194)")
    }
}
