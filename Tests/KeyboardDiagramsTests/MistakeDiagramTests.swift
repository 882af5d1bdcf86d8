import Foundation
import RenderPipeline
import Testing
@testable import KeyboardDiagrams

/// Mistake diagrams tell the truth in every setting of the catalog: a mistake that changes
/// nothing is drawn as harmless with its reason, a mistake alone is shown where it matters, and
/// the legend lists only what the panels draw.
@Suite("Mistake diagrams")
struct MistakeDiagramTests {
    let builder: KeyboardDiagramBuilder
    let style: DiagramStyle

    init() throws {
        builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        style = try DiagramStyle()
    }

    static let strategies = AvoidanceStrategy.allCases.filter { $0 != .layoutGuide }

    /// `keyboard --mistake X` with nothing else (and with any strategy that can make it) draws a
    /// setting where the mistake changes the value.
    @Test func eachMistakeAloneIsShownWhereItMatters() throws {
        for mistake in KeyboardMistake.allCases {
            for strategy in [nil] + Self.strategies {
                let order = KeyboardRequest(strategy: strategy, mistake: mistake)
                #expect(order.effectiveScenario == mistake.defaultScenarioID)
                let model = try order.model(builder: builder)
                let outcome = try #require(model.result.geometry.outcome(of: mistake, strategy: model.strategy))
                #expect(outcome.differs, "\(mistake.rawValue) with \(model.strategy.rawValue) changes nothing by default")
            }
        }
        // forgot-conversion is shown on a view that does not start at the window's origin.
        let sheet = try KeyboardRequest(mistake: .forgotCoordinateConversion).model(builder: builder)
        #expect(sheet.result.geometry.view.frame.origin != .zero)
        // A setting given by hand is kept.
        let plain = KeyboardRequest(device: "iphone-8", mistake: .forgotCoordinateConversion)
        #expect(plain.effectiveScenario == nil)
        #expect(try plain.model(builder: builder).result.geometry.view.frame.origin == .zero)
    }

    /// Every mistake × device × orientation × strategy: red ✗ and "should be" only where the
    /// values differ; otherwise "harmless here" with the reason, and the legend names only what is drawn.
    @Test func everySettingDrawsTheMistakeTruthfully() throws {
        var harmless = 0, harmful = 0
        for mistake in KeyboardMistake.allCases {
            for device in builder.catalog.devices {
                for orientation in Orientation.allCases {
                    for strategy in Self.strategies {
                        let name = "\(mistake.rawValue) \(device.id) \(orientation.rawValue) \(strategy.rawValue)"
                        let model = try builder.build(KeyboardDiagramRequest(deviceID: device.id, orientation: orientation,
                                                                             strategy: strategy))
                        let outcome = try #require(model.result.geometry.outcome(of: mistake, strategy: strategy))
                        let diagram = try KeyboardDiagram(model: model, variant: .mistake(mistake), style: style)
                        let texts = diagram.labels.map(\.text)
                        let marksError = texts.contains { $0.contains("✗") || $0.contains("should be") }
                        if outcome.differs {
                            harmful += 1
                            #expect(marksError, "\(name): the wrong value is not marked")
                            #expect(outcome.harmlessReason == nil, "\(name)")
                        } else {
                            harmless += 1
                            #expect(!marksError, "\(name): a harmless mistake is marked as an error: \(texts.filter { $0.contains("✗") || $0.contains("should be") })")
                            #expect(texts.contains { $0.hasPrefix("Harmless here") }, "\(name): no harmless title")
                            let reason = try #require(outcome.harmlessReason, "\(name): no reason")
                            let computation = diagram.labels.filter { $0.role == .computation }.map(\.text).joined(separator: " ")
                            #expect(computation.contains(reason), "\(name): the reason \"\(reason)\" is not drawn")
                        }
                        checkLegend(diagram, name: name)
                    }
                }
            }
        }
        // Both kinds are really exercised.
        #expect(harmless > 50, "harmless \(harmless)")
        #expect(harmful > 20, "harmful \(harmful)")
    }

    /// The legend's entries against what the panels draw.
    private func checkLegend(_ diagram: KeyboardDiagram, name: String) {
        let legend = Set(diagram.labels.filter { $0.role == .legend }.map(\.text))
        let mistakePanels = diagram.panels.filter(\.state.isMistake)
        let hides = mistakePanels.contains { $0.errorZone?.hidesContent == true }
        let gap = mistakePanels.contains { $0.errorZone.map { !$0.hidesContent } ?? false }
        let keyboard = diagram.panels.contains { $0.visibleKeyboardRect != nil || !$0.state.illustrativeKeyboards.isEmpty }
        let intersection = diagram.panels.contains { panel in
            guard panel.state.keyboardVisible, let rect = panel.state.geometry.intersection else { return false }
            return !panel.canvasRect(rect).intersection(panel.figure.screenRect).isEmpty
        }
        #expect(legend.contains("content the keyboard hides") == hides, "\(name): legend \(legend), hidden content drawn: \(hides)")
        #expect(legend.contains("wasted gap") == gap, "\(name): legend \(legend), gap drawn: \(gap)")
        #expect(legend.contains("keyboard") == keyboard, "\(name): legend \(legend), keyboard drawn: \(keyboard)")
        #expect(legend.contains("intersection with view.bounds") == intersection,
                "\(name): legend \(legend), intersection drawn: \(intersection)")
    }

    /// The case a new user met: iPhone 8, bottom offset, forgot-conversion.
    @Test func fullScreenForgotConversionIsHarmless() throws {
        let model = try builder.build(KeyboardDiagramRequest(deviceID: "iphone-8"))
        let diagram = try KeyboardDiagram(model: model, variant: .mistake(.forgotCoordinateConversion), style: style)
        let texts = diagram.labels.map(\.text)
        #expect(!texts.contains { $0.contains("✗") })
        #expect(texts.contains("bottomOffset = 258  (right here too)"))
        #expect(!texts.contains("content the keyboard hides") && !texts.contains("wasted gap"))
        let outcome = try #require(model.result.geometry.outcome(of: .forgotCoordinateConversion, strategy: .bottomOffset))
        #expect(outcome.harmlessReason == "the view starts at the window's origin, so screen and view coordinates agree")
    }
}
