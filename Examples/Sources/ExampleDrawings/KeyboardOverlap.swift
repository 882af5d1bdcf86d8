import Drawing
import Foundation
import KeyboardDiagrams

/// How far the keyboard covers a full-screen view on the 4.7-inch iPhone in portrait, and the
/// diagram that explains it: frames, the intersection, and `bottomOffset`.
public func keyboardOverlapDiagram() throws -> (bottomOffset: CGFloat, picture: Picture) {
    let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
    let model = try builder.build(KeyboardDiagramRequest(deviceID: "iphone-8", orientation: .portrait,
                                                         strategy: .bottomOffset))
    let diagram = try KeyboardDiagram(model: model)
    return (model.result.value, diagram.picture)
}
