import Foundation
import Geometry

/// The app's view that reacts to the keyboard: where it sits in the window and its safe area.
/// Its bounds start at (0, 0) (no scrolling, no transform), as a view controller's view.
public struct HostView: Sendable, Equatable {
    /// Frame in interface (window) coordinates.
    public var frame: CGRect
    /// The view's own `safeAreaInsets`, tab bar included.
    public var safeAreaInsets: EdgeInsets
    /// How much of `safeAreaInsets.bottom` a tab bar adds (0 without a tab bar). Kept apart so
    /// the "counted twice" mistake can subtract it again.
    public var tabBarHeight: CGFloat

    /// A view at `frame` with the safe area given.
    public init(frame: CGRect, safeAreaInsets: EdgeInsets, tabBarHeight: CGFloat = 0) {
        self.frame = frame
        self.safeAreaInsets = safeAreaInsets
        self.tabBarHeight = tabBarHeight
    }

    /// A view placed at `frame` on a screen whose safe area is `screenSafeArea`: its safe area
    /// is the part of the screen's unsafe margins it overlaps (as UIKit propagates safe areas),
    /// plus a tab bar's height at the bottom when it sits in a tab bar controller.
    public static func placed(at frame: CGRect, screenSize: CGSize, screenSafeArea: EdgeInsets,
                              tabBarHeight: CGFloat = 0) -> HostView {
        let safe = CGRect(origin: .zero, size: screenSize).inset(by: screenSafeArea)
        func clamp(_ value: CGFloat, _ limit: CGFloat) -> CGFloat { min(max(value, 0), max(limit, 0)) }
        let bottom = clamp(frame.maxY - safe.maxY + tabBarHeight, frame.height)
        let insets = EdgeInsets(
            top: clamp(safe.minY - frame.minY, frame.height),
            left: clamp(safe.minX - frame.minX, frame.width),
            bottom: bottom,
            right: clamp(frame.maxX - safe.maxX, frame.width))
        return HostView(frame: frame, safeAreaInsets: insets, tabBarHeight: min(tabBarHeight, bottom))
    }

    /// A view covering the whole screen.
    public static func fullScreen(_ metrics: DeviceMetrics, tabBar: Bool = false) -> HostView {
        placed(at: CGRect(origin: .zero, size: metrics.screenSize), screenSize: metrics.screenSize,
               screenSafeArea: metrics.safeAreaInsets, tabBarHeight: tabBar ? metrics.tabBarHeight : 0)
    }

    /// The view's own coordinates: its size at (0, 0).
    public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

    /// `view.convert(rect, from: window)` for a rect in interface (window) coordinates.
    public func convertFromWindow(_ rect: CGRect) -> CGRect {
        rect.isNull ? rect : rect.offsetBy(dx: -frame.minX, dy: -frame.minY)
    }

    /// `view.convert(rect, to: window)`.
    public func convertToWindow(_ rect: CGRect) -> CGRect {
        rect.isNull ? rect : rect.offsetBy(dx: frame.minX, dy: frame.minY)
    }
}

extension HostView: Encodable {
    private enum CodingKeys: String, CodingKey { case frame, bounds, safeAreaInsets, tabBarHeight }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeRect(frame, forKey: .frame)
        try container.encodeRect(bounds, forKey: .bounds)
        try container.encode(safeAreaInsets, forKey: .safeAreaInsets)
        try container.encodeLength(tabBarHeight, forKey: .tabBarHeight)
    }
}
