import Drawing
import Foundation
import KeyboardDiagrams

extension DefaultSet {
    /// The keyboard diagrams of the default set under `keyboard/`: every device × orientation ×
    /// strategy, the scenarios, the mistake panels and one filmstrip, as PNG at 2x.
    static func keyboardJobs() throws -> [RenderJob] {
        let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        let style = try DiagramStyle()
        return try KeyboardDiagramSet.defaultOrders(builder: builder).map { order in
            guard let output = order.output else { throw CLIError("a default keyboard diagram has no output path") }
            let diagram = try order.diagram(builder: builder, style: style)
            return RenderJob(output + ".png", diagram.picture, format: .png, resolution: .scale(2))
        }
    }
}
