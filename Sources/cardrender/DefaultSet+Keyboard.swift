import Drawing
import Foundation
import KeyboardDiagrams

extension DefaultSet {
    /// The keyboard diagrams of the default set under `keyboard/`: every device × orientation ×
    /// strategy as PNG at 1x (88 variations of one picture), and the scenarios, mistake panels
    /// and the filmstrip, the ones worth linking to, at 2x. PNG encoding dominates: about 0.15 s
    /// a diagram at 1x and 0.4 s at 2x on one core.
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
