import Drawing
import Foundation
import KeyboardDiagrams

extension DefaultSet {
    /// The keyboard diagrams of the default set under `keyboard/`: every device × orientation ×
    /// strategy as PNG at 1x (88 variations of one picture), and the scenarios, mistake panels
    /// and the filmstrip, the ones worth linking to, at 2x: 114 files, about 19 MB and 6 s of CPU
    /// in a debug build (all at 2x: 33 MB and 13 s).
    static func keyboardJobs() throws -> [RenderJob] {
        let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        let style = try DiagramStyle()
        return try KeyboardDiagramSet.defaultOrders(builder: builder).map { order in
            guard let output = order.output else { throw CLIError("a default keyboard diagram has no output path") }
            let diagram = try order.diagram(builder: builder, style: style)
            let curated = order.scenario != nil || order.filmstrip != nil
            return RenderJob(output + ".png", diagram.picture, format: .png, resolution: .scale(curated ? 2 : 1))
        }
    }
}
