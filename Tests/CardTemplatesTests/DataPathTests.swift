import CardTemplates
import Drawing
import Foundation
import SpecFiles
import Testing

/// Data is untrusted: an image path made from a row stays inside the template's folder (or a
/// folder the user allows), whatever `..`, absolute paths or symbolic links it uses, and the
/// refusal reads the same whether the outside file exists or not. Paths the template itself
/// writes may point anywhere.
@Suite struct DataPathTests {
    /// `root/game/template.yaml` with `art/hero.png`, and `root/outside/secret.png` beside the game.
    struct Layout {
        let files: Fixtures
        var root: URL { files.folder }
        var game: URL { root.appendingPathComponent("game") }
        var outside: URL { root.appendingPathComponent("outside") }

        init(template: String = "layers:\n  - {type: image, src: \"art/{art}.png\"}\n") throws {
            files = try Fixtures()
            let png = try PNG.encode(RGBAImage(width: 2, height: 2, fill: (220, 30, 30, 255)))
            try files.write("game/art/hero.png", png)
            try files.write("outside/secret.png", png)
            try files.write("game/template.yaml", template)
            try FileManager.default.createSymbolicLink(at: game.appendingPathComponent("art/link"), withDestinationURL: outside)
        }

        func cards(_ values: [String], column: String = "art", allowing folders: [URL] = []) throws -> [TemplateCard] {
            let csv = ([column] + values.map { "\"\($0)\"" }).joined(separator: "\n") + "\n"
            let template = try CardTemplate.load(contentsOf: game.appendingPathComponent("template.yaml"), displayName: "template.yaml")
            let data = try CardData.parse(Data(csv.utf8), format: .csv, file: "cards.csv")
            return try template.cards(from: data, allowingFilesIn: folders)
        }

        /// The message for one row's value, without the row's place.
        func refusal(_ value: String, column: String = "art") -> String? {
            specError { _ = try cards([value], column: column) }.map { message in
                message.replacingOccurrences(of: value, with: "VALUE")
            }
        }
    }

    static let outside = "row 1 (cards.csv:2), layer 1 (image): `src` is \"art/VALUE.png\" from the data, which leads outside "
        + "the template's folder; data may name only files inside it (or in a folder given with --allow-dir)"

    @Test func parentReferencesLeavingTheFolderAreRefusedAlikeWhetherTheFileExistsOrNot() throws {
        let game = try Layout()
        #expect(try game.cards(["hero"]).count == 1)
        let existing = game.refusal("../../outside/secret")
        let missing = game.refusal("../../outside/nothing")
        let missingFolder = game.refusal("../../nowhere/secret")
        #expect(existing == "template.yaml:2:24: " + Self.outside, "\(existing ?? "no error")")
        #expect(missing == existing && missingFolder == existing)
        // `..` that stays inside is a path like any other.
        #expect(try game.cards(["../art/hero"]).count == 1)
        // A file inside that is not there is named as missing: that reveals nothing outside.
        #expect(game.refusal("nothing") == "template.yaml:2:24: row 1 (cards.csv:2), layer 1 (image): the image art/VALUE.png does not exist")
    }

    @Test func symbolicLinksLeadingOutAreRefusedAlike() throws {
        let game = try Layout()
        // art/link points at the outside folder.
        let existing = game.refusal("link/secret")
        #expect(existing == "template.yaml:2:24: " + Self.outside, "\(existing ?? "no error")")
        #expect(game.refusal("link/nothing") == existing)
        // A link inside that leads nowhere cannot be judged: it is refused too.
        try FileManager.default.createSymbolicLink(at: game.game.appendingPathComponent("art/dangling"),
                                                   withDestinationURL: game.root.appendingPathComponent("gone"))
        #expect(game.refusal("dangling/secret") == existing)
    }

    @Test func absolutePathsFromDataAreRefusedAlike() throws {
        let game = try Layout(template: "layers:\n  - {type: image, src: \"{path}\"}\n")
        let secret = game.outside.appendingPathComponent("secret.png").path
        let existing = specError { _ = try game.cards([secret], column: "path") }
        let missing = specError { _ = try game.cards([game.outside.appendingPathComponent("nothing.png").path], column: "path") }
        let system = specError { _ = try game.cards(["/usr/share/pixmaps/debian-logo.png"], column: "path") }
        for message in [existing, missing, system] {
            #expect(message?.contains("from the data, which leads outside the template's folder") == true, "\(message ?? "no error")")
            #expect(message?.contains("does not exist") == false)
        }
        // An absolute path into the template's own folder is inside it.
        #expect(try game.cards([game.game.appendingPathComponent("art/hero.png").path], column: "path").count == 1)
    }

    @Test func anAllowedFolderMayBeNamedByData() throws {
        let game = try Layout()
        let cards = try game.cards(["../../outside/secret", "link/secret"], allowing: [game.outside])
        let urls = cards.flatMap(\.layers).compactMap { layer -> URL? in
            if case let .image(image) = layer.content { return image.url }
            return nil
        }
        #expect(urls.map(\.lastPathComponent) == ["secret.png", "secret.png"])
        // Allowing one folder does not open its neighbours.
        let other = try game.files.write("elsewhere/secret.png", Data())
        #expect(specError { _ = try game.cards(["../../elsewhere/secret"], allowing: [game.outside]) }?
            .contains("leads outside the template's folder") == true, "\(other.path)")
    }

    @Test func pathsTheTemplateWritesMayPointAnywhere() throws {
        let game = try Layout(template: "layers:\n  - {type: image, src: ../outside/secret.png}\n")
        #expect(try game.cards(["x"]).count == 1)
    }

    @Test func iconAndFontPathsCannotComeFromData() throws {
        let files = try Fixtures()
        #expect(specError { _ = try files.template("i.yaml", "icons: {coin: \"icons/{coin}.svg\"}\n") }
            == "i.yaml:1:15: the icon's path cannot hold a `{column}`: it is read once for all cards; "
            + "name each icon in `icons` and choose one in the text with :name:")
        #expect(specError { _ = try files.template("f.yaml", "fonts: [\"{font}.ttf\"]\n") }?
            .hasSuffix("the font file's path cannot hold a `{column}`: it is read once for all cards; "
                       + "list every font file in `fonts` and choose a family with `font:`") == true)
    }

    /// librsvg is given the SVG's bytes without a base file, so it loads nothing an SVG
    /// refers to: neither an absolute `file:` URL nor a path relative to the SVG. Only what the
    /// SVG holds itself (a `data:` URL) is drawn, which the last card shows can be.
    @Test func anSVGDrawsNothingItRefersToOutsideItself() throws {
        let game = try Layout(template: """
            card: {size: 40x40pt}
            layers:
              - {type: image, src: "art/{art}.svg", fit: stretch}
            """)
        let secret = game.outside.appendingPathComponent("secret.png")
        let inline = "data:image/png;base64," + (try Data(contentsOf: secret)).base64EncodedString()
        func svg(_ href: String) -> String {
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"40\" height=\"40\">"
                + "<image x=\"0\" y=\"0\" width=\"40\" height=\"40\" href=\"\(href)\" xlink:href=\"\(href)\"/></svg>"
        }
        try game.files.write("game/art/absolute.svg", svg("file://" + secret.path))
        try game.files.write("game/art/relative.svg", svg("../../outside/secret.png"))
        try game.files.write("game/art/inline.svg", svg(inline))
        let template = try CardTemplate.load(contentsOf: game.game.appendingPathComponent("template.yaml"))
        let data = try CardData.parse(Data("art\nabsolute\nrelative\ninline\n".utf8), format: .csv, file: "cards.csv")
        let cards = try template.cards(from: data)
        let renderer = try TemplateRenderer(template: template, cards: cards)
        func redPixels(_ card: TemplateCard) throws -> Int {
            let image = try renderer.picture(for: card).rasterize(resolution: .scale(1))
            var count = 0
            for y in 0..<image.height {
                for x in 0..<image.width where image[x, y].r > 150 && image[x, y].g < 100 { count += 1 }
            }
            return count
        }
        #expect(try redPixels(cards[0]) == 0)
        #expect(try redPixels(cards[1]) == 0)
        #expect(try redPixels(cards[2]) > 1000)
    }
}
