import KeyboardDiagrams

/// The default set, as a batch spec: what `cardrender render` (and `make run`) renders. The
/// keyboard devices and scenarios come from the catalog, so a device added to devices.json is
/// in the default set without editing this file.
public enum DefaultSpec {
    /// The name errors give the built-in spec, which has no file.
    public static let fileName = "<default spec>"

    /// The spec for the bundled catalog.
    public static func yaml() throws -> String {
        yaml(builder: KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled()))
    }

    /// The spec for the devices and scenarios of `builder`'s catalog.
    public static func yaml(builder: KeyboardDiagramBuilder) -> String {
        let strategies = AvoidanceStrategy.allCases
        let mistakeJobs = mistakeScenarios(builder: builder).map { mistake, scenario, strategies in
            """
              - kind: keyboard
                mistake: \(mistake.rawValue)
                scenario: \(scenario)
                \(flowList("strategy", strategies.map(\.rawValue)))
                output: keyboard/mistakes
            """
        }
        let filmstripFrames = KeyboardDiagramSet.filmstripFrames
        return """
        # The default set rendered by `cardrender render` (and `make run`).
        # Start your own from it: cardrender render --print-spec > my.yaml; cardrender batch my.yaml
        defaults:
          scale: 2
        jobs:
          # The drawing primitives, in all three formats.
          - kind: samples
            format: png,svg,pdf
            output: samples

          # The full deck with jokers and every back design, PNG at 2x and SVG, with deck.json, the
          # sprite sheet and atlas, and a contact sheet; then the four-colour deck in PNG.
          - kind: deck
            size: poker
            theme: classic
            format: png,svg
            jokers: true
            all-backs: true
            sheet: true
            contact-sheet: true
            output: cards
          - kind: deck
            size: poker
            theme: four-color
            format: png
            contact-sheet: true
            output: cards-four-color

          # Every device of the catalog, both orientations, each strategy (PNG at 1x).
          - kind: keyboard
            \(flowList("device", builder.catalog.devices.map(\.id)))
            \(flowList("orientation", Orientation.allCases.map(\.rawValue)))
            \(flowList("strategy", strategies.map(\.rawValue)))
            scale: 1
            output: keyboard/devices

          # The edge cases from real issue trackers.
          - kind: keyboard
            \(flowList("scenario", builder.scenarios.map(\.id)))
            output: keyboard/scenarios

          # The classic mistakes, each next to the right result.
        \(mistakeJobs.joined(separator: "\n"))

          # The keyboard animation (curve \(builder.catalog.animation.timing.springCurve)) in \(filmstripFrames) frames.
          - kind: keyboard
            device: iphone-8
            strategy: bottom-offset
            filmstrip: \(filmstripFrames)
            output: keyboard/filmstrip
        """
    }

    /// The two mistakes in reading the frame come first; the others follow in their declared order.
    static let mistakesShownFirst: [KeyboardMistake] = [.forgotCoordinateConversion, .heightInsteadOfIntersection]

    /// Each mistake with the scenario that shows it (the first where it gives a wrong value, as
    /// `KeyboardDiagramSet.mistakeRequests` finds it) and the strategies that go wrong there.
    static func mistakeScenarios(builder: KeyboardDiagramBuilder)
        -> [(mistake: KeyboardMistake, scenario: String, strategies: [AvoidanceStrategy])] {
        let requests = KeyboardDiagramSet.mistakeRequests(builder: builder)
        let mistakes = mistakesShownFirst + KeyboardMistake.allCases.filter { !mistakesShownFirst.contains($0) }
        var result: [(mistake: KeyboardMistake, scenario: String, strategies: [AvoidanceStrategy])] = []
        for mistake in mistakes {
            for request in requests where request.mistake == mistake {
                guard let scenario = request.scenario, let strategy = request.strategy else { continue }
                if let index = result.firstIndex(where: { $0.mistake == mistake && $0.scenario == scenario }) {
                    result[index].strategies.append(strategy)
                } else {
                    result.append((mistake, scenario, [strategy]))
                }
            }
        }
        return result
    }

    /// Lines no longer than a spec is easy to read in.
    static let lineWidth = 100

    /// `key: [a, b, …]` wrapped to `lineWidth`, continuation lines under the first item; the
    /// first line is unindented (the caller places it), the others carry the job's indentation.
    static func flowList(_ key: String, _ items: [String], indentation: Int = 4) -> String {
        let opening = "\(key): ["
        let hanging = String(repeating: " ", count: indentation + opening.count)
        var lines: [String] = []
        var line = String(repeating: " ", count: indentation) + opening
        var lineHasItem = false
        for (index, item) in items.enumerated() {
            let piece = item + (index == items.count - 1 ? "]" : ",")
            if lineHasItem, line.count + 1 + piece.count > lineWidth {
                lines.append(line)
                line = hanging + piece
            } else {
                line += (lineHasItem ? " " : "") + piece
            }
            lineHasItem = true
        }
        lines.append(line)
        return String(lines.joined(separator: "\n").dropFirst(indentation))
    }
}
