import BatchRendering
import Drawing
import Foundation
import RenderPipeline
import SpecFiles
import Testing

/// Requests decoded from spec text: every error names the file, line and column at fault.
@Suite struct RequestDecodingTests {
    let planner = BatchPlanner(build: "test")

    /// The first job of a spec decoded into its request, or the error as the user sees it.
    func decode(_ text: String) -> Result<any RenderRequest, SpecError> {
        Result { () throws(SpecError) in
            let jobs = try planner.parse(text, file: "spec.yaml")
            guard let kind = JobKind.named(jobs[0].kind) else { throw SpecError("no kind", at: nil) }
            return try kind.decode(jobs[0].fields)
        }
    }

    func error(_ text: String) -> String? {
        if case let .failure(error) = decode(text) { return error.description }
        return nil
    }

    @Test func aKeyboardScenarioTakesNoDeviceFromTheDefaults() throws {
        // As in a `keyboard --spec` file: the scenario fixes the device, so the default does not apply.
        let request = try decode("""
            defaults:
              device: iphone-x
              orientation: landscape
            jobs:
              - kind: keyboard
                scenario: hardware-keyboard
            """).get()
        let keyboard = try #require(request as? KeyboardRequest)
        #expect(keyboard.scenario == "hardware-keyboard")
        #expect(keyboard.device == nil && keyboard.orientation == nil)
        _ = try keyboard.plan()
        // Named in the job itself, it is still refused where it was written.
        #expect(error("jobs:\n  - kind: keyboard\n    scenario: tab-bar\n    device: iphone-8\n")
            == "spec.yaml:4:13: `device` cannot be combined with `scenario`: the scenario fixes it")
    }

    @Test func aSpecJobDecodesIntoTheRequestTheCommandWouldBuild() throws {
        let request = try decode("""
            defaults:
              scale: 3
            jobs:
              - kind: card
                card: QH
                face-down: yes
                names: long
                theme: four-color
                back: rosette
                face-scale: 0.8
                format: svg,png
            """).get()
        var look = CardLook()
        look.scale = 3
        look.theme = "four-color"
        look.back = .rosette
        look.faceScale = 0.8
        look.formats = [.svg, .png]
        #expect(request as? CardRequest == CardRequest(card: "QH", faceDown: true, names: .long, look: look))
    }

    @Test func wrongTypesAreRefusedAtTheValue() {
        #expect(error("jobs:\n  - kind: samples\n    scale: big\n")
            == "spec.yaml:3:12: `scale` must be a number, got \"big\"")
        #expect(error("jobs:\n  - kind: deck\n    jokers: maybe\n")
            == "spec.yaml:3:13: `jokers` must be true or false, got \"maybe\"")
        #expect(error("jobs:\n  - kind: keyboard\n    filmstrip: 2.5\n")
            == "spec.yaml:3:16: `filmstrip` must be a whole number, got \"2.5\"")
        #expect(error("jobs:\n  - kind: deck\n    names: longer\n")
            == "spec.yaml:3:12: unknown names \"longer\"; did you mean \"long\"?")
    }

    @Test func unknownKeysAreRefusedAtTheKeyWithTheNearestOne() {
        #expect(error("jobs:\n  - kind: deck\n    theem: classic\n")?
            .hasPrefix("spec.yaml:3:5: unknown key for a deck job \"theem\"; did you mean \"theme\"?") == true)
        #expect(error("jobs:\n  - kind: card\n    card: AS\n    devise: ipad\n")?.hasPrefix("spec.yaml:4:5: unknown key") == true)
    }

    @Test func badValuesAreRefusedAtTheValue() {
        #expect(error("jobs:\n  - kind: deck\n    theme: purple\n")?.hasPrefix("spec.yaml:3:12: ") == true)
        #expect(error("jobs:\n  - kind: card\n    card: AS\n    format: png,gif\n")
            == "spec.yaml:4:13: unknown format 'gif'; use \(OutputFormat.fileExtensions.joined(separator: ", "))")
        #expect(error("jobs:\n  - kind: card\n    card: AS\n    face-scale: 2\n")
            == "spec.yaml:4:17: `face-scale` must be between 0.5 and 1, got 2.0")
        #expect(error("jobs:\n  - kind: card\n    card: XX\n")?.hasPrefix("spec.yaml:3:11: ") == true)
        #expect(error("jobs:\n  - kind: card\n    size: bridge\n") == "spec.yaml:2:5: `card` is missing")
        #expect(error("jobs:\n  - kind: keyboard\n    scenario: tab-bar\n    device: ipad\n")
            == "spec.yaml:4:13: `device` cannot be combined with `scenario`: the scenario fixes it")
        #expect(error("jobs:\n  - kind: keyboard\n    device: ipone-8\n")?
            .hasPrefix("spec.yaml:3:13: unknown device \"ipone-8\"; did you mean \"iphone-8\"? (valid devices: ") == true)
    }
}
