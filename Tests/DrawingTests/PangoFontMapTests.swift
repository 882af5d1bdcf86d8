@testable import Drawing
import Foundation
import Testing

@Suite struct PangoFontMapTests {
    @Test func preparedThreadSeesOnlyTheBundledFamilies() throws {
        try PangoFonts.prepareThread()
        // DejaVu Sans Mono and the like may be installed on the machine; the default map must not offer them.
        // Pango also lists its generic names (Sans, Serif, Monospace, System-ui), which resolve
        // through the same restricted configuration.
        let generic: Set = ["Sans", "Serif", "Monospace", "System-ui"]
        let families = PangoFonts.defaultFontMapFamilies()
        #expect(families.filter { !generic.contains($0) } == ["DejaVu Sans", "DejaVu Serif"])
        #expect(!families.contains("DejaVu Sans Mono"))
    }

    @Test func fontMapIsMadeOncePerThreadAndLibrary() throws {
        let first = try PangoFontMap.forCurrentThread(extraFiles: [])
        let second = try PangoFontMap.forCurrentThread(extraFiles: [])
        #expect(first === second)
    }

    @Test func systemFamiliesAreUnknown() {
        #expect(throws: DrawingError.font(
            "unknown font family \"DejaVu Sans Mono\"; available: "
            + bundledFamilies + "; did you mean \"DejaVu Sans\"?")) {
            try TextBox(markup: "x", font: "DejaVu Sans Mono 12").layout(in: CGSize(width: 100, height: 100))
        }
    }
}
