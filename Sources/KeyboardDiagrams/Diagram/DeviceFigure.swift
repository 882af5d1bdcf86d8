import Drawing
import Foundation
import Geometry

/// Where a device is drawn on the canvas: its body, its screen, and the mapping from interface
/// (window) points to canvas points. Pure geometry.
struct DeviceFigure: Sendable {
    let metrics: DeviceMetrics
    let orientation: InterfaceOrientation
    /// Canvas points per device point.
    let scale: CGFloat
    /// The body's top-left corner on the canvas.
    let origin: CGPoint

    /// Bezel widths around the screen in device points, in interface orientation.
    static func bezel(_ metrics: DeviceMetrics, _ orientation: InterfaceOrientation) -> EdgeInsets {
        let portrait: EdgeInsets
        switch (metrics.family, metrics.homeButton) {
        case (.iphone, true): portrait = EdgeInsets(top: 62, left: 14, bottom: 62, right: 14)
        case (.iphone, false): portrait = EdgeInsets(all: 12)
        case (.ipad, true): portrait = EdgeInsets(top: 76, left: 40, bottom: 76, right: 40)
        case (.ipad, false): portrait = EdgeInsets(all: 26)
        }
        switch orientation {
        case .portrait: return portrait
        case .portraitUpsideDown:
            return EdgeInsets(top: portrait.bottom, left: portrait.right, bottom: portrait.top, right: portrait.left)
        // Turned counter-clockwise: the portrait top (sensors) is on the left, the home button on the right.
        case .landscapeRight:
            return EdgeInsets(top: portrait.right, left: portrait.top, bottom: portrait.left, right: portrait.bottom)
        case .landscapeLeft:
            return EdgeInsets(top: portrait.left, left: portrait.bottom, bottom: portrait.right, right: portrait.top)
        }
    }

    /// Size of the whole device in device points, in interface orientation.
    static func bodySize(_ metrics: DeviceMetrics, _ orientation: InterfaceOrientation) -> CGSize {
        let bezel = bezel(metrics, orientation)
        return CGSize(width: metrics.screenSize.width + bezel.horizontal,
                      height: metrics.screenSize.height + bezel.vertical)
    }

    var bezel: EdgeInsets { Self.bezel(metrics, orientation) }

    var bodyRect: CGRect {
        CGRect(origin: origin, size: Self.bodySize(metrics, orientation) * scale)
    }

    var screenRect: CGRect {
        CGRect(x: origin.x + bezel.left * scale, y: origin.y + bezel.top * scale,
               width: metrics.screenSize.width * scale, height: metrics.screenSize.height * scale)
    }

    var screenCornerRadius: CGFloat { metrics.cornerRadius * scale }

    var bodyCornerRadius: CGFloat {
        let inset = min(bezel.left, bezel.top)
        switch (metrics.family, metrics.homeButton) {
        case (.iphone, true): return 54 * scale
        case (.ipad, true): return 36 * scale
        default: return (metrics.cornerRadius + inset) * scale
        }
    }

    var screenPath: BezierPath { BezierPath(roundedRect: screenRect, cornerRadius: screenCornerRadius) }

    func point(_ p: CGPoint) -> CGPoint {
        CGPoint(x: screenRect.minX + p.x * scale, y: screenRect.minY + p.y * scale)
    }

    func rect(_ r: CGRect) -> CGRect {
        guard !r.isNull else { return r }
        return CGRect(x: screenRect.minX + r.minX * scale, y: screenRect.minY + r.minY * scale,
                      width: r.width * scale, height: r.height * scale)
    }

    func y(_ interfaceY: CGFloat) -> CGFloat { screenRect.minY + interfaceY * scale }
    func x(_ interfaceX: CGFloat) -> CGFloat { screenRect.minX + interfaceX * scale }

    /// The sensor housing (notch or Dynamic Island) in interface points, nil without one.
    var sensorHousing: (rect: CGRect, radius: CGFloat)? {
        let size = metrics.screenSize
        let along: CGSize, inset: CGFloat, radius: CGFloat
        switch metrics.sensorHousing {
        case .none: return nil
        case .notch: along = CGSize(width: 210, height: 31); inset = 0; radius = 20
        case .dynamicIsland: along = CGSize(width: 126, height: 37); inset = 11; radius = 18.5
        }
        switch orientation {
        case .portrait:
            return (CGRect(x: (size.width - along.width) / 2, y: inset, width: along.width, height: along.height), radius)
        case .portraitUpsideDown:
            return (CGRect(x: (size.width - along.width) / 2, y: size.height - inset - along.height,
                           width: along.width, height: along.height), radius)
        case .landscapeRight:
            return (CGRect(x: inset, y: (size.height - along.width) / 2, width: along.height, height: along.width), radius)
        case .landscapeLeft:
            return (CGRect(x: size.width - inset - along.height, y: (size.height - along.width) / 2,
                           width: along.height, height: along.width), radius)
        }
    }

    /// Draws the body, bezel details and the screen's empty glass.
    func drawBody(into list: inout DisplayList, style: DiagramStyle) {
        let body = BezierPath(roundedRect: bodyRect, cornerRadius: bodyCornerRadius)
        list.fill(body, style.deviceBody)
        list.stroke(body, style.deviceEdge, width: 1.5)
        guard metrics.homeButton else { return }
        // Home button in the middle of the chin, speaker slot in the middle of the forehead.
        let chin: CGRect, forehead: CGRect
        switch orientation {
        case .portrait:
            chin = CGRect(x: bodyRect.minX, y: screenRect.maxY, width: bodyRect.width, height: bodyRect.maxY - screenRect.maxY)
            forehead = CGRect(x: bodyRect.minX, y: bodyRect.minY, width: bodyRect.width, height: screenRect.minY - bodyRect.minY)
        case .portraitUpsideDown:
            forehead = CGRect(x: bodyRect.minX, y: screenRect.maxY, width: bodyRect.width, height: bodyRect.maxY - screenRect.maxY)
            chin = CGRect(x: bodyRect.minX, y: bodyRect.minY, width: bodyRect.width, height: screenRect.minY - bodyRect.minY)
        case .landscapeRight:
            chin = CGRect(x: screenRect.maxX, y: bodyRect.minY, width: bodyRect.maxX - screenRect.maxX, height: bodyRect.height)
            forehead = CGRect(x: bodyRect.minX, y: bodyRect.minY, width: screenRect.minX - bodyRect.minX, height: bodyRect.height)
        case .landscapeLeft:
            forehead = CGRect(x: screenRect.maxX, y: bodyRect.minY, width: bodyRect.maxX - screenRect.maxX, height: bodyRect.height)
            chin = CGRect(x: bodyRect.minX, y: bodyRect.minY, width: screenRect.minX - bodyRect.minX, height: bodyRect.height)
        }
        let diameter = min(chin.width, chin.height) * 0.66
        var button = BezierPath(ovalIn: CGRect(center: chin.center, size: CGSize(width: diameter, height: diameter)))
        button.lineWidth = max(1, 2 * scale)
        list.stroke(button, style.homeButton, width: max(1, 2.5 * scale))
        let slotLength = 50 * scale, slotThickness = max(1.5, 5 * scale)
        let slot = orientation.isLandscape
            ? CGRect(center: forehead.center, size: CGSize(width: slotThickness, height: slotLength))
            : CGRect(center: forehead.center, size: CGSize(width: slotLength, height: slotThickness))
        list.fill(BezierPath(roundedRect: slot, cornerRadius: slotThickness / 2), style.homeButton)
    }

    /// Shades the screen outside the safe area, clipped to the screen's rounded corners.
    func drawUnsafeMargins(into list: inout DisplayList, style: DiagramStyle) {
        let insets = metrics.safeAreaInsets
        let screen = CGRect(origin: .zero, size: metrics.screenSize)
        let margins = [
            CGRect(x: 0, y: 0, width: screen.width, height: insets.top),
            CGRect(x: 0, y: screen.height - insets.bottom, width: screen.width, height: insets.bottom),
            CGRect(x: 0, y: insets.top, width: insets.left, height: screen.height - insets.vertical),
            CGRect(x: screen.width - insets.right, y: insets.top, width: insets.right, height: screen.height - insets.vertical),
        ].filter { $0.width > 0 && $0.height > 0 }.map(rect)
        guard !margins.isEmpty else { return }
        list.clipped(to: screenPath) { inner in
            for margin in margins {
                inner.fill(margin, style.unsafeFill.withAlphaComponent(0.85))
                Self.hatch(margin, into: &inner, color: style.unsafeHatch.withAlphaComponent(0.7), spacing: 6)
            }
        }
    }

    /// Diagonal hatching across `rect`.
    static func hatch(_ rect: CGRect, into list: inout DisplayList, color: Color, spacing: CGFloat, width: CGFloat = 1) {
        guard rect.width > 0, rect.height > 0 else { return }
        var path = BezierPath()
        var x = rect.minX - rect.height
        // Start on a multiple of the spacing so neighbouring rects' hatching lines up.
        x = (x / spacing).rounded(.down) * spacing
        while x < rect.maxX {
            path.move(to: CGPoint(x: x, y: rect.maxY))
            path.addLine(to: CGPoint(x: x + rect.height, y: rect.minY))
            x += spacing
        }
        list.clipped(to: BezierPath(rect: rect)) { inner in inner.stroke(path, color, width: width) }
    }

    /// Notch or Dynamic Island, and the home indicator, on top of the app.
    func drawScreenHardware(into list: inout DisplayList, style: DiagramStyle) {
        if let housing = sensorHousing {
            let r = rect(housing.rect)
            let path: BezierPath
            if metrics.sensorHousing == .notch {
                // A notch hangs from the edge: round only the inner corners by drawing past the edge.
                var grown = r
                switch orientation {
                case .portrait: grown.origin.y -= housing.radius * scale; grown.size.height += housing.radius * scale
                case .portraitUpsideDown: grown.size.height += housing.radius * scale
                case .landscapeRight: grown.origin.x -= housing.radius * scale; grown.size.width += housing.radius * scale
                case .landscapeLeft: grown.size.width += housing.radius * scale
                }
                path = BezierPath(roundedRect: grown, cornerRadius: housing.radius * scale)
            } else {
                path = BezierPath(roundedRect: r, cornerRadius: housing.radius * scale)
            }
            list.clipped(to: screenPath) { inner in inner.fill(path, Color(rgb: 0x000000)) }
        }
        if !metrics.homeButton, metrics.family == .iphone || metrics.safeAreaInsets.bottom > 0 {
            let size = metrics.screenSize
            let width = min(134, size.width * 0.36)
            let indicator = CGRect(x: (size.width - width) / 2, y: size.height - 8 - 5, width: width, height: 5)
            list.fill(BezierPath(roundedRect: rect(indicator), cornerRadius: 2.5 * scale), Color(rgb: 0x000000))
        }
    }

    /// The screen's outline, drawn last so the app never covers it.
    func drawScreenOutline(into list: inout DisplayList, style: DiagramStyle) {
        list.stroke(screenPath, style.screenOutline, width: 1)
    }

    /// The screen edges as key lines (straight parts; rounded corners are approximated by the rect).
    var keyLines: [LineSegment] { LineSegment.edges(of: screenRect) + LineSegment.edges(of: bodyRect) }
}
