import RenderPipeline
@testable import KeyboardDiagrams

extension KeyboardRequest {
    /// The diagram in a given style, so tests lay out many diagrams with the fonts loaded once.
    func diagram(builder: KeyboardDiagramBuilder, style: DiagramStyle) throws -> KeyboardDiagram {
        try KeyboardDiagram(model: model(builder: builder), variant: variant, style: style)
    }
}
