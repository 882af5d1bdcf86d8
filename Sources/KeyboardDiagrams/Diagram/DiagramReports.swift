import Drawing
import CardRenderSupport
import Foundation
import Geometry

extension KeyboardDiagramModel {
    /// What `cardrender keyboard --json` prints: the model (the result's keyboard frame in view
    /// coordinates, intersection, bottomOffset, contentInsetBottom, toolbar frames, every step),
    /// plus `mistake`'s outcome or the frames of a `filmstrip` when asked for.
    public func geometryJSON(mistake: KeyboardMistake? = nil, filmstrip count: Int? = nil) throws -> Data {
        var filmstrip: [FilmstripFrame]?
        if let count { filmstrip = try result.filmstrip(count: count) }
        var outcome: MistakeOutcome?
        if let mistake {
            guard let found = result.geometry.outcome(of: mistake, strategy: strategy, language: language) else {
                throw KeyboardDiagramError.mistakeNotApplicable(mistake, strategy)
            }
            outcome = found
        }
        return try StableJSON.data(GeometryReport(model: self, mistake: outcome, filmstrip: filmstrip))
    }
}

/// The model's JSON with the optional mistake and filmstrip beside it.
private struct GeometryReport: Encodable {
    let model: KeyboardDiagramModel
    let mistake: MistakeOutcome?
    let filmstrip: [FilmstripFrame]?

    private enum CodingKeys: String, CodingKey { case mistake, filmstrip }

    func encode(to encoder: any Encoder) throws {
        try model.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(mistake, forKey: .mistake)
        try container.encodeIfPresent(filmstrip, forKey: .filmstrip)
    }
}

extension DeviceCatalog {
    /// A table of the catalog for a terminal: sizes, safe areas and keyboard heights, each
    /// figure with its confidence, then what the confidences and sources mean.
    public func tableDescription() -> String {
        func figure(_ figure: Figure) -> String {
            guard let value = figure.value else { return "?" }
            let mark: String
            switch figure.confidence {
            case .widelyPublished: mark = "A"
            case .communitySource: mark = "B"
            case .derived: mark = "d"
            case .unknown: mark = "?"
            }
            return "\(KeyboardFormat.number(value)) \(mark)"
        }
        func insets(_ safe: InsetFigures) -> String {
            [safe.top, safe.left, safe.bottom, safe.right].map { KeyboardFormat.number($0.points) }.joined(separator: "/")
        }
        func keyboard(_ k: KeyboardFigures) -> String {
            var text = "\(figure(k.height)) / \(figure(k.heightWithPredictive))"
            if k.hardwareKeyboardBar.value != nil { text += " · hw bar \(figure(k.hardwareKeyboardBar))" }
            return text
        }
        let header = ["ID", "NAME", "SCREEN", "SAFE AREA PORTRAIT t/l/b/r", "SAFE AREA LANDSCAPE t/l/b/r",
                      "KEYBOARD PORTRAIT (no bar / predictive)", "KEYBOARD LANDSCAPE (no bar / predictive)"]
        var rows: [[String]] = [header]
        for device in devices {
            rows.append([
                device.id, device.name,
                "\(KeyboardFormat.number(device.screen.width.points))x\(KeyboardFormat.number(device.screen.height.points))",
                insets(device.portrait.safeArea), insets(device.landscape.safeArea),
                keyboard(device.portrait.keyboard), keyboard(device.landscape.keyboard),
            ])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        lines.append("")
        // `--device` takes an alias too; the diagram is the device's it names.
        lines.append("Aliases (drawn as the device they name):")
        for device in devices where !device.aliases.isEmpty {
            lines.append("  \(device.id): \(device.aliases.joined(separator: ", "))")
        }
        lines.append("")
        lines.append("Confidence: A widely published · B one or two community sources · d derived from other figures "
            + "(the catalog's note says how) · ? unknown.")
        // Unknown figures, grouped by what stands in for them: `keyboard.height (ipad-pro-11, …): use …`.
        var groups: [(figure: String, fallback: String, devices: [String])] = []
        for device in devices {
            for (path, figure) in device.namedFigures where figure.value == nil {
                let name = path.split(separator: ".").dropFirst().joined(separator: ".")
                let fallback = figure.fallback ?? "no fallback"
                if let index = groups.firstIndex(where: { $0.figure == name && $0.fallback == fallback }) {
                    if !groups[index].devices.contains(device.id) { groups[index].devices.append(device.id) }
                } else {
                    groups.append((name, fallback, [device.id]))
                }
            }
        }
        if !groups.isEmpty {
            lines.append("Unknown figures (?) and what is used instead:")
            for group in groups {
                lines.append("  \(group.figure) (\(group.devices.joined(separator: ", "))): \(group.fallback)")
            }
        }
        lines.append("Sources:")
        for key in sources.keys.sorted() {
            lines.append("  \(key): \(sources[key] ?? "")")
        }
        return lines.joined(separator: "\n")
    }

    /// The catalog as pretty JSON, every figure with its source and confidence.
    public func jsonData() throws -> Data {
        try StableJSON.data(self)
    }
}
