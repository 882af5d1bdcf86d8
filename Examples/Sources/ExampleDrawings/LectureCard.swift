import Drawing
import Foundation
import Geometry

/// The CS193p PlayingCardView demo's corner labels: the upper-left one at the corner offset, and the lower-right one
/// the same label turned 180° by an affine transform about the card's lower-right corner.
public func lectureCard(width: CGFloat = 250, height: CGFloat = 350) throws -> Picture {
    let cornerRadius = height * 0.06
    let cornerOffset = cornerRadius * 0.33
    let label = StyledText("Q\n♥", font: try Font(.bold, size: height * 0.085), color: .red, alignment: .center)
    return Picture(width: width, height: height) { canvas in
        let bounds = canvas.bounds
        let roundedRect = BezierPath(roundedRect: bounds, cornerRadius: cornerRadius)
        roundedRect.addClip()
        Color.white.setFill()
        roundedRect.fill()

        let upperLeft = bounds.origin.offsetBy(dx: cornerOffset, dy: cornerOffset)
        label.draw(at: upperLeft)
        canvas.withSavedState {
            canvas.concatenate(CGAffineTransform.identity
                .translatedBy(x: bounds.maxX, y: bounds.maxY)
                .rotated(by: .pi))
            label.draw(at: upperLeft)
        }
    }
}
