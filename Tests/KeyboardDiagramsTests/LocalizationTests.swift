import Foundation
import RenderPipeline
import Testing
@testable import KeyboardDiagrams

/// Diagram text in every language: each phrase in every table with the same values put in, and
/// a diagram in a language other than English draws no English sentence.
@Suite("Diagram languages")
struct LocalizationTests {
    let builder: KeyboardDiagramBuilder
    let style: DiagramStyle

    init() throws {
        builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        style = try DiagramStyle()
    }

    /// `{1}`, `{2}` … of a template.
    static func placeholders(_ template: String) -> Set<String> {
        var found: Set<String> = []
        for number in 1...9 where template.contains("{\(number)}") { found.insert("{\(number)}") }
        return found
    }

    @Test func everyPhraseIsInEveryLanguageWithTheSameValues() {
        for phrase in Phrase.allCases {
            let english = Phrase.english[phrase]
            #expect(english?.isEmpty == false, "\(phrase) has no English text")
            for language in DiagramLanguage.allCases {
                let text = language.table[phrase]
                #expect(text?.isEmpty == false, "\(phrase) is missing in \(language.rawValue)")
                if let text, let english {
                    #expect(Self.placeholders(text) == Self.placeholders(english),
                            "\(phrase) in \(language.rawValue) puts in \(Self.placeholders(text).sorted()), English \(Self.placeholders(english).sorted())")
                }
            }
        }
    }

    @Test func aMissingPhraseFallsBackToEnglish() {
        #expect(DiagramLanguage.template(.legendKeyboard, in: [:]) == "keyboard")
        #expect(DiagramLanguage.template(.legendKeyboard, in: [.legendKeyboard: "키보드"]) == "키보드")
        #expect(DiagramLanguage.fill("{1} − {2} = {10}", ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]) == "a − b = j")
    }

    @Test func languagesAreNamedByTheirCodes() {
        #expect(DiagramLanguage.named("ko") == .korean)
        #expect(DiagramLanguage.named("zh-hans") == .simplifiedChinese)
        #expect(DiagramLanguage.named("zh_Hans") == .simplifiedChinese)
        #expect(DiagramLanguage.named(" JA ") == .japanese)
        #expect(DiagramLanguage.named("fr") == nil)
    }

    /// The diagrams a language is checked on: every scenario with its own strategy, one mistake
    /// diagram per mistake and strategy, a device in both orientations with every strategy, a filmstrip.
    func orders(_ language: DiagramLanguage) -> [KeyboardRequest] {
        var orders = builder.scenarios.map { KeyboardRequest(scenario: $0.id, language: language) }
        orders += KeyboardDiagramSet.mistakeRequests(builder: builder).map { order in
            var order = order
            order.language = language
            return order
        }
        for orientation in Orientation.allCases {
            for strategy in AvoidanceStrategy.allCases {
                orders.append(KeyboardRequest(device: "iphone-x", orientation: orientation, strategy: strategy,
                                                   language: language))
            }
        }
        orders.append(KeyboardRequest(device: "iphone-8", mistake: .forgotCoordinateConversion, language: language))
        orders.append(KeyboardRequest(filmstrip: 4, language: language))
        return orders
    }

    /// English words of each phrase that a translation does not share: none may appear in a
    /// diagram drawn in another language.
    static func englishFragments(notIn language: DiagramLanguage) -> [String] {
        Phrase.allCases.flatMap { phrase -> [String] in
            guard let english = Phrase.english[phrase], let translated = language.table[phrase] else { return [] }
            return english.split(separator: /\{\d\}/).map(String.init)
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters)) }
                // Sentences of words, not API names or formulas, which stay as they are.
                .filter { fragment in
                    fragment.split(separator: " ").filter { word in word.allSatisfy { $0.isLowercase || $0 == "'" } }.count >= 2
                        && !translated.contains(fragment)
                }
        }
    }

    @Test(arguments: [DiagramLanguage.korean, .japanese, .simplifiedChinese])
    func diagramsDrawEveryTextInTheLanguage(_ language: DiagramLanguage) throws {
        let fragments = Self.englishFragments(notIn: language)
        #expect(fragments.count > 100)
        for order in orders(language) {
            let diagram = try order.diagram(builder: builder, style: style)
            let name = "\(language.rawValue) \(order.scenario ?? order.device ?? "-") \(order.strategy?.rawValue ?? "") \(order.mistake?.rawValue ?? "")"
            let text = diagram.labels.map(\.text).joined(separator: " ")
            for fragment in fragments where text.contains(fragment) {
                Issue.record("\(name): English \"\(fragment)\" in the diagram")
            }
            // Laid out with the language's label widths: no overlaps, no label across a line.
            for (i, a) in diagram.labels.enumerated() {
                for b in diagram.labels[(i + 1)...] {
                    let overlap = a.frame.intersection(b.frame)
                    #expect(overlap.isNull || overlap.width <= 0 || overlap.height <= 0, "\(name): \"\(a.text)\" overlaps \"\(b.text)\"")
                }
                for line in diagram.keyLines where line.crosses(a.frame) {
                    Issue.record("\(name): \"\(a.text)\" crosses a line")
                }
            }
        }
    }

    /// Korean reads as a Korean iOS tutorial puts it, with the numbers and API names untouched.
    @Test func koreanDiagramOfTheTabBarMistake() throws {
        let model = try builder.build(scenario: "tab-bar", language: .korean)
        let diagram = try KeyboardDiagram(model: model, variant: .mistake(.safeAreaCountedTwice), style: style)
        let texts = diagram.labels.map(\.text)
        #expect(texts.contains("키보드가 가리는 영역"))
        #expect(texts.contains("키보드에 가려진 49pt"))
        #expect(texts.contains("실수: safe area를 두 번 뺌"))
        #expect(texts.contains("contentInset.bottom = 203 ✗"))
        #expect(texts.contains { $0.hasPrefix("UIKeyboardWillShowNotification (0,812,375,335)") })
        #expect(model.scenario?.title == "탭 바 컨트롤러 안의 텍스트 뷰")
        // The English model is untouched.
        #expect(try builder.build(scenario: "tab-bar").scenario?.title == "Text view in a tab bar controller")
    }

    /// The other app beside a Split View column is named in the diagram's language too.
    @Test func otherAppIsNamedInTheLanguage() throws {
        for (language, name) in [(DiagramLanguage.english, "Other app"), (.japanese, "他のアプリ")] {
            let diagram = try KeyboardDiagram(model: try builder.build(scenario: "split-view", language: language), style: style)
            #expect(diagram.list.texts.contains(name), "\(language.rawValue)")
        }
    }

    @Test func ordersOfAnotherLanguageGetTheirOwnFileName() throws {
        let english = KeyboardRequest(device: "iphone-8")
        let korean = KeyboardRequest(device: "iphone-8", language: .korean)
        #expect(english.defaultName(model: try english.model(builder: builder)) == "iphone-8-portrait-bottom-offset")
        #expect(korean.defaultName(model: try korean.model(builder: builder)) == "iphone-8-portrait-bottom-offset-ko")
        #expect(try korean.model(builder: builder).result.note == "예측 입력 바가 있는 도킹된 키보드.")
    }
}

extension DisplayList {
    /// Every string drawn, clipped groups included.
    var texts: [String] { Self.texts(items) }

    static func texts(_ items: [Item]) -> [String] {
        items.flatMap { item -> [String] in
            switch item {
            case let .text(text, _): [text.string]
            case let .clipped(_, inner): texts(inner)
            default: []
            }
        }
    }
}
