import Foundation
import SpecFiles

/// A layer placed against the box another layer actually draws (`below: rules`): its position
/// on one axis follows where that layer's text ended or its shape reached, whatever the row.
public struct LayerAnchor: Sendable, Equatable, Hashable {
    /// Which side of the other layer the layer goes to.
    public enum Side: String, Sendable, Equatable, Hashable, CaseIterable {
        /// Its top edge `gap` under the other layer's bottom.
        case below
        /// Its bottom edge `gap` over the other layer's top.
        case above
        /// Its left edge `gap` right of the other layer's right edge.
        case rightOf = "right-of"
        /// Its right edge `gap` left of the other layer's left edge.
        case leftOf = "left-of"

        /// Whether the side moves the layer up and down (else left and right).
        public var isVertical: Bool { self == .below || self == .above }
    }

    /// Which side of the other layer.
    public var side: Side
    /// The other layer's place in the template's `layers`, 0-based.
    public var target: Int
    /// The space between the two, in points (negative overlaps them).
    public var gap: CGFloat

    /// `side` of the layer at `target`, `gap` points away.
    public init(side: Side, target: Int, gap: CGFloat = 0) {
        self.side = side
        self.target = target
        self.gap = gap
    }

    /// The layer keys that name another layer.
    static let keys = Side.allCases.map(\.rawValue)

    /// `box` moved so that it sits on this side of `other`, its size kept.
    func place(_ box: CGRect, against other: CGRect) -> CGRect {
        var moved = box
        switch side {
        case .below: moved.origin.y = other.maxY + gap
        case .above: moved.origin.y = other.minY - gap - box.height
        case .rightOf: moved.origin.x = other.maxX + gap
        case .leftOf: moved.origin.x = other.minX - gap - box.width
        }
        return moved
    }
}

/// Layer names and the anchors between layers, read once per template: every name unique, every
/// anchor naming a layer that exists, at most one anchor per axis, and no cycle.
struct LayerAnchors {
    /// Anchors by the index of the layer that has them.
    var anchors: [[LayerAnchor]]
    /// Every layer's index, each after the layers it is placed against.
    var order: [Int]

    /// The `gap` a layer may have, in points: a card's longest side.
    static let maximumGap = CardTemplate.maximumCardSide

    init(layers: [LayerSpec], dpi: Double) throws(SpecError) {
        var indexByName: [String: Int] = [:]
        for layer in layers {
            guard let node = layer.entries["name"] else { continue }
            let name = try Self.plainText(node, key: "name", layer: layer)
            if let first = indexByName[name] {
                throw SpecError("\(layer.label) is named \"\(name)\" like layer \(first + 1); layer names must differ",
                                at: node.location)
            }
            indexByName[name] = layer.index
        }
        anchors = []
        for layer in layers {
            anchors.append(try Self.anchors(of: layer, indexByName: indexByName, dpi: dpi))
        }
        order = try Self.order(layers: layers, anchors: anchors)
    }

    static func plainText(_ node: LocatedNode, key: String, layer: LayerSpec) throws(SpecError) -> String {
        let text = try node.text(key).trimmingSpaces
        guard !Placeholders.holdsPlaceholder(node) else {
            throw SpecError("\(layer.label): `\(key)` names a layer, so it cannot hold a `{column}`", at: node.location)
        }
        guard !text.isEmpty else { throw SpecError("\(layer.label): `\(key)` is empty; give a layer's name", at: node.location) }
        return text
    }

    static func anchors(of layer: LayerSpec, indexByName: [String: Int], dpi: Double) throws(SpecError) -> [LayerAnchor] {
        var gap: CGFloat = 0
        if let node = layer.entries["gap"] {
            let text = try node.text("gap")
            guard !Placeholders.holdsPlaceholder(node),
                  case let .success(length) = TemplateLength.parse(text, dpi: dpi, allowPercent: false),
                  abs(length.points) <= maximumGap else {
                throw SpecError("\(layer.label): `gap` must be a length like 2mm, at most \(Int(maximumGap))pt either way, "
                                + "got \"\(text)\"", at: node.location)
            }
            gap = length.points
        }
        var anchors: [LayerAnchor] = []
        for side in LayerAnchor.Side.allCases {
            guard let node = layer.entries[side.rawValue] else { continue }
            let name = try plainText(node, key: side.rawValue, layer: layer)
            guard let target = indexByName[name] else {
                if indexByName.isEmpty {
                    throw SpecError("\(layer.label): no layer is named \"\(name)\"; give that layer `name: \(name)`",
                                    at: node.location)
                }
                let unknown = SpecFile.unknown(name, at: node.location, valid: indexByName.keys.sorted(), what: "layer name")
                throw SpecError("\(layer.label): \(unknown.message)", at: node.location)
            }
            if let other = anchors.first(where: { $0.side.isVertical == side.isVertical }) {
                throw SpecError("\(layer.label) has both `\(other.side.rawValue)` and `\(side.rawValue)`; "
                                + "a layer is placed against one layer on each axis", at: node.location)
            }
            anchors.append(LayerAnchor(side: side, target: target, gap: gap))
        }
        if anchors.isEmpty, let node = layer.entries["gap"] {
            throw SpecError("\(layer.label) has a `gap` but is placed against no layer; add `below`, `above`, `right-of` "
                            + "or `left-of`", at: node.location)
        }
        return anchors
    }

    /// The layers in an order where each comes after those it is placed against (depth first,
    /// in a loop, so a long chain cannot overflow the stack); a cycle is an error at the anchor
    /// that closes it.
    static func order(layers: [LayerSpec], anchors: [[LayerAnchor]]) throws(SpecError) -> [Int] {
        enum Mark { case unvisited, inProgress, done }
        var marks = Array(repeating: Mark.unvisited, count: layers.count)
        var order: [Int] = []
        for start in layers.indices where marks[start] == .unvisited {
            // Each frame: a layer and how many of its anchors have been followed.
            var stack: [(layer: Int, next: Int)] = [(start, 0)]
            marks[start] = .inProgress
            while let (layer, next) = stack.last {
                guard next < anchors[layer].count else {
                    marks[layer] = .done
                    order.append(layer)
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let anchor = anchors[layer][next]
                switch marks[anchor.target] {
                case .done: continue
                case .unvisited:
                    marks[anchor.target] = .inProgress
                    stack.append((anchor.target, 0))
                case .inProgress:
                    let from = stack.firstIndex { $0.layer == anchor.target } ?? 0
                    let names = (stack[from...].map(\.layer) + [anchor.target]).map { layerName(layers[$0]) }
                    let location = layers[layer].entries[anchor.side.rawValue]?.location ?? layers[layer].location
                    throw SpecError("layers are placed against each other in a cycle: \(names.joined(separator: " → "))",
                                    at: location)
                }
            }
        }
        return order
    }

    static func layerName(_ layer: LayerSpec) -> String {
        layer.entries["name"]?.scalar.map { "\($0.trimmingSpaces) (layer \(layer.index + 1))" } ?? layer.label
    }
}
