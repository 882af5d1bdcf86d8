import CardRenderSupport
import Foundation
import Testing

/// Every error prints as one line, whatever a library's message looks like.
@Suite struct ErrorLineTests {
    struct Described: Error, CustomStringConvertible { var description: String }
    struct Localized: Error, CustomStringConvertible, LocalizedError {
        var description: String { "debugging text\nwith detail" }
        var errorDescription: String? { "what a person reads" }
    }

    @Test(arguments: [
        ("one line", "one line"),
        ("first\nsecond", "first"),
        ("\n \t\n  indented first  \nsecond", "indented first"),
        ("windows\r\nline", "windows"),
        ("", "failed"),
        (" \n\t\n", "failed"),
    ])
    func theFirstLineWithTextIsKeptTrimmed(message: String, line: String) {
        #expect(ErrorLine.of(Described(description: message)) == line)
    }

    @Test func aLocalizedErrorSaysWhatItsDescriptionSays() {
        #expect(ErrorLine.of(Localized()) == "what a person reads")
    }
}
