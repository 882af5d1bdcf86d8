import Foundation

/// Portrait or landscape, as the catalog and the command line know them.
public enum Orientation: String, Codable, Sendable, CaseIterable {
    /// Held upright: taller than wide.
    case portrait
    /// Turned on its side: wider than tall.
    case landscape
}

/// The four interface orientations of UIKit. Which landscape matters only for the legacy
/// (pre-iOS 8) screen coordinates, where the keyboard lies along a different portrait edge.
public enum InterfaceOrientation: String, Codable, Sendable, CaseIterable {
    /// Home button (or bottom edge) at the bottom.
    case portrait
    /// Home button (or bottom edge) at the top.
    case portraitUpsideDown = "portrait-upside-down"
    /// Home button (or bottom edge) on the left: the device was turned clockwise.
    case landscapeLeft = "landscape-left"
    /// Home button (or bottom edge) on the right: the device was turned counter-clockwise.
    case landscapeRight = "landscape-right"

    /// `.landscape` means `.landscapeRight`, the orientation UIKit picks first.
    public init(_ orientation: Orientation) {
        switch orientation {
        case .portrait: self = .portrait
        case .landscape: self = .landscapeRight
        }
    }

    /// Portrait or landscape, forgetting which way up.
    public var orientation: Orientation {
        switch self {
        case .portrait, .portraitUpsideDown: .portrait
        case .landscapeLeft, .landscapeRight: .landscape
        }
    }

    /// Whether the interface is in either landscape orientation.
    public var isLandscape: Bool { orientation == .landscape }
}

/// Which coordinates the keyboard notifications use for "screen coordinates".
public enum ScreenCoordinateConvention: String, Codable, Sendable, CaseIterable {
    /// iOS 8 and later: the screen's coordinate space turns with the interface, so screen,
    /// window and interface coordinates agree (the iPhone 7 frames logged in a 2017 public post:
    /// landscape (0,181,667,194)).
    case interfaceOriented = "interface-oriented"
    /// iOS 7 and earlier: screen coordinates stay portrait whatever the interface does, so a
    /// landscape keyboard arrives with width and height swapped (iOS 7 sizes logged in a 2013 public
    /// post: {162, 480}).
    case fixedPortrait = "fixed-portrait"
}

/// The device screen in one interface orientation, and the mapping between the coordinates a
/// keyboard notification reports and the interface (window) coordinates views are laid out in.
public struct ScreenSpace: Sendable, Equatable {
    /// Screen size held in portrait, in points.
    public var portraitSize: CGSize
    /// How the interface is turned on the screen.
    public var interfaceOrientation: InterfaceOrientation
    /// What "screen coordinates" mean for the notifications.
    public var convention: ScreenCoordinateConvention

    /// The screen of a device held in `interfaceOrientation`.
    public init(portraitSize: CGSize, interfaceOrientation: InterfaceOrientation,
                convention: ScreenCoordinateConvention = .interfaceOriented) {
        self.portraitSize = portraitSize
        self.interfaceOrientation = interfaceOrientation
        self.convention = convention
    }

    /// Size of the interface: width and height swapped in landscape.
    public var interfaceSize: CGSize {
        interfaceOrientation.isLandscape
            ? CGSize(width: portraitSize.height, height: portraitSize.width)
            : portraitSize
    }

    /// The screen in interface coordinates.
    public var interfaceBounds: CGRect { CGRect(origin: .zero, size: interfaceSize) }

    /// The screen in the coordinates keyboard notifications use.
    public var screenBounds: CGRect {
        switch convention {
        case .interfaceOriented: interfaceBounds
        case .fixedPortrait: CGRect(origin: .zero, size: portraitSize)
        }
    }

    /// Converts a point reported in screen coordinates to interface coordinates.
    public func interfacePoint(fromScreen point: CGPoint) -> CGPoint {
        guard convention == .fixedPortrait else { return point }
        let width = portraitSize.width, height = portraitSize.height
        switch interfaceOrientation {
        case .portrait: return point
        case .portraitUpsideDown: return CGPoint(x: width - point.x, y: height - point.y)
        // Interface top is the portrait right edge; interface x runs down the portrait screen.
        case .landscapeRight: return CGPoint(x: point.y, y: width - point.x)
        // Interface top is the portrait left edge; interface x runs up the portrait screen.
        case .landscapeLeft: return CGPoint(x: height - point.y, y: point.x)
        }
    }

    /// Converts a point in interface coordinates to the coordinates notifications report.
    public func screenPoint(fromInterface point: CGPoint) -> CGPoint {
        guard convention == .fixedPortrait else { return point }
        let width = portraitSize.width, height = portraitSize.height
        switch interfaceOrientation {
        case .portrait: return point
        case .portraitUpsideDown: return CGPoint(x: width - point.x, y: height - point.y)
        case .landscapeRight: return CGPoint(x: width - point.y, y: point.x)
        case .landscapeLeft: return CGPoint(x: point.y, y: height - point.x)
        }
    }

    /// Converts a rect reported in screen coordinates to interface coordinates
    /// (what `view.convert(rect, from: window)` does for a full-screen window).
    public func interfaceRect(fromScreen rect: CGRect) -> CGRect {
        guard convention == .fixedPortrait, !rect.isNull else { return rect }
        return Self.boundingRect(interfacePoint(fromScreen: CGPoint(x: rect.minX, y: rect.minY)),
                                 interfacePoint(fromScreen: CGPoint(x: rect.maxX, y: rect.maxY)))
    }

    /// Converts a rect in interface coordinates to the coordinates notifications report.
    public func screenRect(fromInterface rect: CGRect) -> CGRect {
        guard convention == .fixedPortrait, !rect.isNull else { return rect }
        return Self.boundingRect(screenPoint(fromInterface: CGPoint(x: rect.minX, y: rect.minY)),
                                 screenPoint(fromInterface: CGPoint(x: rect.maxX, y: rect.maxY)))
    }

    /// Quarter turns map opposite corners to opposite corners, so two points give the rect.
    private static func boundingRect(_ a: CGPoint, _ b: CGPoint) -> CGRect {
        CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
    }
}
