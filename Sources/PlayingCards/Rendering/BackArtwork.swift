import Drawing
import Foundation
import Geometry

/// Card backs. Both designs are point-symmetric, so a face-down card gives nothing away
/// about which way up it lies, and sit inside a white margin like printed backs.
struct BackArtwork {
    let design: BackDesign
    let color: Color

    /// Draws the back; with `ground`, the field's colour also fills that rect (a print sheet's bleed
    /// box), replacing the white margin, and the design inside the field is unchanged.
    func draw(in layout: CardLayout, on canvas: Canvas, groundReaching ground: CGRect? = nil) {
        let bounds = layout.bounds
        let margin = min(bounds.width, bounds.height) * 0.055
        let field = bounds.insetBy(dx: margin, dy: margin)
        let fieldPath = BezierPath(roundedRect: field, cornerRadius: layout.cornerRadius * 0.55)
        if let ground { canvas.fill(BezierPath(rect: ground), with: color) }
        canvas.withSavedState {
            canvas.clip(to: fieldPath)
            switch design {
            case .lattice: drawLattice(field, on: canvas)
            case .rosette: drawRosette(field, on: canvas)
            }
        }
        var edge = fieldPath
        edge.lineWidth = max(0.3, margin * 0.08)
        canvas.stroke(edge, with: color)
    }

    var light: Color { Color.white.withAlphaComponent(0.78) }

    // MARK: lattice

    func drawLattice(_ field: CGRect, on canvas: Canvas) {
        canvas.fill(BezierPath(rect: field), with: color)
        let center = field.center
        // About eleven cells across; on extreme shapes never more than forty along the long side.
        let step = max(min(field.width, field.height) / 11, max(field.width, field.height) / 40)
        let line = max(0.25, step * 0.07)
        // Two families of diagonals through the centre, so the lattice is point-symmetric.
        var lattice = BezierPath()
        let reach = field.width + field.height
        let count = Int(reach / step) + 1
        for index in -count...count {
            let offset = CGFloat(index) * step
            lattice.move(to: CGPoint(x: center.x + offset - reach, y: center.y - reach))
            lattice.addLine(to: CGPoint(x: center.x + offset + reach, y: center.y + reach))
            lattice.move(to: CGPoint(x: center.x + offset - reach, y: center.y + reach))
            lattice.addLine(to: CGPoint(x: center.x + offset + reach, y: center.y - reach))
        }
        lattice.lineWidth = line
        canvas.stroke(lattice, with: light)
        // A small diamond in every cell.
        var jewels = BezierPath()
        let half = step / 2
        let rows = Int(field.height / step) + 1, columns = Int(field.width / step) + 1
        for row in -rows...rows {
            for column in -columns...columns {
                let cx = center.x + CGFloat(column) * half
                let cy = center.y + CGFloat(row) * half
                guard (row + column) % 2 != 0 else { continue }
                let r = step * 0.12
                jewels.move(to: CGPoint(x: cx, y: cy - r))
                jewels.addLine(to: CGPoint(x: cx + r, y: cy))
                jewels.addLine(to: CGPoint(x: cx, y: cy + r))
                jewels.addLine(to: CGPoint(x: cx - r, y: cy))
                jewels.close()
            }
        }
        canvas.fill(jewels, with: light)
        // Inner frame lines.
        for (inset, width) in [(step * 0.35, line * 2.2), (step * 0.6, line)] {
            var frame = BezierPath(rect: field.insetBy(dx: inset, dy: inset))
            frame.lineWidth = width
            canvas.stroke(frame, with: .white)
        }
        // The centre medallion: a framed oval holding an eight-petal rosette.
        let medallion = min(field.width, field.height / 1.4)
        let oval = CGRect(center: center, size: CGSize(width: medallion * 0.42, height: medallion * 0.52))
        canvas.fill(BezierPath(ovalIn: oval.insetBy(dx: -line * 4, dy: -line * 4)), with: color)
        canvas.fill(BezierPath(ovalIn: oval), with: .white)
        var ring = BezierPath(ovalIn: oval.insetBy(dx: line * 3, dy: line * 3))
        ring.lineWidth = line * 1.4
        canvas.stroke(ring, with: color)
        let radius = oval.width * 0.36
        var petals = BezierPath()
        for index in 0..<8 {
            let angle = CGFloat(index) * .pi / 4
            let tip = CGPoint(x: center.x + cos(angle) * radius, y: center.y + sin(angle) * radius)
            let side = angle + .pi / 2
            let w = radius * 0.3
            petals.move(to: center)
            petals.addQuadCurve(to: tip, controlPoint: CGPoint(x: center.x + cos(angle) * radius * 0.5 + cos(side) * w,
                                                               y: center.y + sin(angle) * radius * 0.5 + sin(side) * w))
            petals.addQuadCurve(to: center, controlPoint: CGPoint(x: center.x + cos(angle) * radius * 0.5 - cos(side) * w,
                                                                  y: center.y + sin(angle) * radius * 0.5 - sin(side) * w))
            petals.close()
        }
        canvas.fill(petals, with: color)
        canvas.fill(BezierPath(ovalIn: CGRect(center: center, size: CGSize(width: radius * 0.42, height: radius * 0.42))),
                    with: .white)
        canvas.fill(BezierPath(ovalIn: CGRect(center: center, size: CGSize(width: radius * 0.22, height: radius * 0.22))),
                    with: color)
    }

    // MARK: rosette

    func drawRosette(_ field: CGRect, on canvas: Canvas) {
        canvas.fill(BezierPath(rect: field), with: color)
        let center = field.center
        let line = max(0.2, field.width * 0.0032)
        // Fine wavy lines across the field, the engraved ground of banknotes.
        var ground = BezierPath()
        let rows = 46
        for row in 0...rows {
            let y = field.minY + field.height * CGFloat(row) / CGFloat(rows)
            let steps = 60
            for step in 0...steps {
                let x = field.minX + field.width * CGFloat(step) / CGFloat(steps)
                let wave = sin((x - center.x) / field.width * 6 * .pi) * field.height / CGFloat(rows) * 0.45
                let point = CGPoint(x: x, y: y + (y < center.y ? wave : -wave))
                if step == 0 { ground.move(to: point) } else { ground.addLine(to: point) }
            }
        }
        ground.lineWidth = line
        canvas.stroke(ground, with: Color.white.withAlphaComponent(0.28))
        // Three guilloche rings: hypotrochoids with even symmetry, so they turn into themselves.
        let big = min(field.width, field.height * 0.8) * 0.46
        drawGuilloche(center: center, outer: big, inner: big * 0.62, lobes: 24, loops: 7, canvas: canvas, width: line * 1.2)
        drawGuilloche(center: center, outer: big * 0.6, inner: big * 0.3, lobes: 16, loops: 5, canvas: canvas, width: line)
        for sign in [-1.0, 1.0] {
            let corner = CGPoint(x: center.x + sign * field.width * 0.3, y: center.y + sign * field.height * 0.36)
            let mirror = CGPoint(x: center.x - sign * field.width * 0.3, y: center.y + sign * field.height * 0.36)
            for point in [corner, mirror] {
                drawGuilloche(center: point, outer: big * 0.34, inner: big * 0.16, lobes: 12, loops: 3, canvas: canvas,
                              width: line)
            }
        }
        canvas.fill(BezierPath(ovalIn: CGRect(center: center, size: CGSize(width: big * 0.36, height: big * 0.36))),
                    with: .white)
        canvas.fill(BezierPath(ovalIn: CGRect(center: center, size: CGSize(width: big * 0.24, height: big * 0.24))),
                    with: color)
        let frameInset = min(field.width, field.height) * 0.04
        var frame = BezierPath(rect: field.insetBy(dx: frameInset, dy: frameInset))
        frame.lineWidth = line * 2.5
        canvas.stroke(frame, with: .white)
    }

    /// A band of `loops` interleaved curves whose radius swings between `inner` and `outer`
    /// `lobes` times round the circle.
    func drawGuilloche(center: CGPoint, outer: CGFloat, inner: CGFloat, lobes: Int, loops: Int, canvas: Canvas,
                       width: CGFloat) {
        var path = BezierPath()
        let samples = lobes * 16
        for loop in 0..<loops {
            let phase = CGFloat(loop) / CGFloat(loops) * 2 * .pi / CGFloat(lobes)
            for index in 0...samples {
                let t = CGFloat(index) / CGFloat(samples) * 2 * .pi
                let swing = (1 + cos(CGFloat(lobes) * (t + phase))) / 2
                let radius = inner + (outer - inner) * swing
                let point = CGPoint(x: center.x + cos(t) * radius, y: center.y + sin(t) * radius)
                if index == 0 { path.move(to: point) } else { path.addLine(to: point) }
            }
            path.close()
        }
        path.lineWidth = width
        canvas.stroke(path, with: light)
    }
}
