import Drawing
import Foundation
import SpecFiles

extension TemplateRenderer {
    /// The card's layers with each one that is placed against another (`below: rules`) moved
    /// there: against the box that layer draws on this card (for text, the lines as laid out,
    /// after shrink-to-fit and wrapping), turned with it. When that layer is not drawn on the
    /// card (`visible` false), the layer goes against what that one was placed against on the
    /// same side, or, with nothing, stays where its own keys put it. Errors (a text that cannot
    /// be laid out) name the row and the layer.
    public func placedLayers(of card: TemplateCard) throws(SpecError) -> [ResolvedLayer] {
        guard card.layers.contains(where: { !$0.anchors.isEmpty }) else { return card.layers }
        var offsets: [Int: Int] = [:]
        for (offset, layer) in card.layers.enumerated() { offsets[layer.index] = offset }
        let targets = Set(template.layers.flatMap { $0.anchors.map(\.target) })
        var layers = card.layers
        var extents: [Int: CGRect] = [:]
        for index in template.placementOrder {
            guard let offset = offsets[index] else { continue }
            var layer = layers[offset]
            for anchor in layer.anchors {
                guard let other = extent(against: anchor, extents: extents) else { continue }
                let placed = anchor.place(layer.box, against: other)
                layer = layer.moved(dx: placed.minX - layer.box.minX, dy: placed.minY - layer.box.minY)
            }
            layers[offset] = layer
            guard targets.contains(index) else { continue }
            do { extents[index] = try drawnExtent(of: layer) } catch {
                throw Self.error(error.description, card: card, layer: layer, in: template)
            }
        }
        return layers
    }

    /// The drawn box `anchor` goes against: its target's, or through targets not drawn on this
    /// card to what they were placed against on the same side; nil when none is drawn.
    func extent(against anchor: LayerAnchor, extents: [Int: CGRect]) -> CGRect? {
        var target = anchor.target
        // Anchors form no cycle, so this ends within one step per layer.
        for _ in template.layers.indices {
            if let extent = extents[target] { return extent }
            guard template.layers.indices.contains(target),
                  let next = template.layers[target].anchors.first(where: { $0.side.isVertical == anchor.side.isVertical })
            else { return nil }
            target = next.target
        }
        return nil
    }

    /// What a layer covers on the card: a text's laid-out lines (their logical boxes; empty text
    /// covers nothing, at its box's top-left), a line's or polygon's points, else its box; for a
    /// turned layer, the upright box around that turned.
    func drawnExtent(of layer: ResolvedLayer) throws(DrawingError) -> CGRect {
        let box = layer.box
        var extent: CGRect
        switch layer.content {
        case let .text(text):
            let layout = try textBox(text).layout(in: box.size)
            let drawn = layout.lines.filter { !$0.text.isEmpty }.map { $0.rect.offsetBy(dx: box.minX, dy: box.minY) }
            extent = drawn.dropFirst().reduce(drawn.first ?? CGRect(origin: box.origin, size: .zero)) { $0.union($1) }
        case let .line(from, to, _):
            extent = Self.bounds(of: [from, to])
        case let .polygon(points, _):
            extent = Self.bounds(of: points)
        default:
            extent = box
        }
        guard layer.rotation != 0 else { return extent }
        let centre = CGPoint(x: box.midX, y: box.midY)
        let angle = CGFloat(layer.rotation)
        let corners = [CGPoint(x: extent.minX, y: extent.minY), CGPoint(x: extent.maxX, y: extent.minY),
                       CGPoint(x: extent.maxX, y: extent.maxY), CGPoint(x: extent.minX, y: extent.maxY)].map { point in
            let x = point.x - centre.x, y = point.y - centre.y
            return CGPoint(x: centre.x + x * cos(angle) - y * sin(angle), y: centre.y + x * sin(angle) + y * cos(angle))
        }
        return Self.bounds(of: corners)
    }

    static func bounds(of points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .zero }
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for point in points.dropFirst() {
            minX = min(minX, point.x); minY = min(minY, point.y)
            maxX = max(maxX, point.x); maxY = max(maxY, point.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
