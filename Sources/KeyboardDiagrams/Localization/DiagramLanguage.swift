import Foundation

/// The language a keyboard diagram's labels, captions, legend and computation are written in.
/// Computed values and API names (`bottomOffset`, `view.convert(_:from:)`) stay as they are.
public enum DiagramLanguage: String, Codable, Sendable, CaseIterable {
    /// English (`en`), the default.
    case english = "en"
    /// Korean (`ko`).
    case korean = "ko"
    /// Japanese (`ja`).
    case japanese = "ja"
    /// Simplified Chinese (`zh-Hans`).
    case simplifiedChinese = "zh-Hans"

    /// The language with this code (`ko`, `ja`, `zh-Hans`, `en`; case and `_` for `-` do not matter),
    /// nil when there is none.
    public static func named(_ code: String) -> DiagramLanguage? {
        let key = code.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "-").lowercased()
        return allCases.first { $0.rawValue.lowercased() == key }
    }

    /// The phrases of this language; a phrase a table lacks comes from English.
    var table: [Phrase: String] {
        switch self {
        case .english: Phrase.english
        case .korean: Phrase.korean
        case .japanese: Phrase.japanese
        case .simplifiedChinese: Phrase.simplifiedChinese
        }
    }

    /// The phrase with `{1}`, `{2}` … replaced by `arguments` in order.
    func text(_ phrase: Phrase, _ arguments: [String] = []) -> String {
        Self.fill(Self.template(phrase, in: table), arguments)
    }

    /// The phrase's template in `table`, else the English one.
    static func template(_ phrase: Phrase, in table: [Phrase: String]) -> String {
        table[phrase] ?? Phrase.english[phrase] ?? phrase.rawValue
    }

    static func fill(_ template: String, _ arguments: [String]) -> String {
        var result = template
        // From the highest number down, so `{1}` never eats the start of `{10}`.
        for (index, argument) in arguments.enumerated().reversed() {
            result = result.replacingOccurrences(of: "{\(index + 1)}", with: argument)
        }
        return result
    }
}
