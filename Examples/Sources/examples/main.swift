import ExampleDrawings
import Foundation

// `swift run examples DIR`: writes every example's pictures into DIR.
let folder = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? "example-output", isDirectory: true)
do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try lectureCard().write(to: folder.appendingPathComponent("lecture-card.png"), resolution: .scale(2))
    let cards = try writeCardImageSet(to: folder.appendingPathComponent("cards"))
    let keyboard = try keyboardOverlapDiagram()
    try keyboard.picture.write(to: folder.appendingPathComponent("keyboard-bottom-offset.png"))
    print("wrote \(cards.count + 2) pictures to \(folder.path); bottomOffset = \(keyboard.bottomOffset)")
} catch {
    FileHandle.standardError.write(Data("examples: error: \(error)\n".utf8))
    exit(2)
}
