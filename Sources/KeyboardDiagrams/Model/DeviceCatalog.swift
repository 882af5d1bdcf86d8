import CardRenderSupport
import Drawing
import Foundation
import Geometry

/// Phone or tablet: decides the keyboard's hardware bar, the presentations a device offers and how it is listed.
public enum DeviceFamily: String, Codable, Sendable, CaseIterable {
    /// An iPhone or an iPad.
    case iphone, ipad
}

/// What sits at the top of the screen.
public enum SensorHousing: String, Codable, Sendable, CaseIterable {
    /// A plain top edge (home-button devices).
    case none
    /// The notch of iPhone X and later.
    case notch
    /// The Dynamic Island of iPhone 14 Pro and later.
    case dynamicIsland = "dynamic-island"
}

/// Safe-area insets of the full screen, as figures.
public struct InsetFigures: Codable, Sendable, Equatable {
    /// Each edge's inset, with the source it comes from.
    public var top: Figure, left: Figure, bottom: Figure, right: Figure

    /// The four figures as points, for geometry.
    public var insets: EdgeInsets {
        EdgeInsets(top: top.points, left: left.points, bottom: bottom.points, right: right.points)
    }
}

/// The keyboard heights of one device in one orientation, each with its source.
public struct KeyboardFigures: Codable, Sendable, Equatable {
    /// Docked keyboard without the predictive (QuickType) bar.
    public var height: Figure
    /// Docked keyboard with the predictive bar (on iPad: with the shortcut bar).
    public var heightWithPredictive: Figure
    /// What stays on screen with a hardware keyboard attached (iPad shortcut bar).
    public var hardwareKeyboardBar: Figure
}

/// The heights of the system bars, each with its source.
public struct BarFigures: Codable, Sendable, Equatable {
    /// Navigation bar, toolbar and tab bar heights in points.
    public var navigationBar: Figure, toolbar: Figure, tabBar: Figure
}

/// The figures of one device in one orientation.
public struct OrientationFigures: Codable, Sendable, Equatable {
    /// The full screen's safe-area insets.
    public var safeArea: InsetFigures
    /// The docked keyboard's heights.
    public var keyboard: KeyboardFigures
    /// The system bars' heights.
    public var bars: BarFigures
}

/// The screen's size and corners, the same in both orientations.
public struct ScreenFigures: Codable, Sendable, Equatable {
    /// Portrait width and height, points.
    public var width: Figure, height: Figure
    /// Radius of the display's rounded corners, for drawing (0: square corners).
    public var cornerRadius: Figure
}

/// One device of the catalog.
public struct DeviceSpec: Codable, Sendable, Equatable, Identifiable {
    /// The name a request, a spec or the command line gives (`iphone-8`).
    public var id: String
    /// The name shown in diagrams and tables (`iPhone 8`).
    public var name: String
    /// Other names accepted for the device (`iphone-7` for `iphone-8`).
    public var aliases: [String]
    /// Phone or tablet.
    public var family: DeviceFamily
    /// Home-button devices have no home indicator; the others keep the bottom safe area for it.
    public var homeButton: Bool
    /// What the diagrams draw at the top of the screen.
    public var sensorHousing: SensorHousing
    /// Portrait size and corner radius.
    public var screen: ScreenFigures
    /// The figures in portrait.
    public var portrait: OrientationFigures
    /// The figures in landscape.
    public var landscape: OrientationFigures

    /// The figures of `orientation`.
    public func figures(for orientation: Orientation) -> OrientationFigures {
        orientation == .portrait ? portrait : landscape
    }

    /// The screen size in portrait, in points.
    public var portraitSize: CGSize { CGSize(width: screen.width.points, height: screen.height.points) }

    /// Plain numbers for one orientation, with the catalog's fallbacks applied.
    public func metrics(for orientation: Orientation) -> DeviceMetrics {
        let figures = figures(for: orientation)
        let keyboard = figures.keyboard
        // Fallbacks documented in devices.json: a missing height uses the other one.
        let withPredictive = keyboard.heightWithPredictive.value ?? keyboard.height.value ?? 0
        let withoutPredictive = keyboard.height.value ?? withPredictive
        let interface = ScreenSpace(portraitSize: portraitSize, interfaceOrientation: InterfaceOrientation(orientation))
        return DeviceMetrics(
            deviceID: id, name: name, family: family, orientation: orientation,
            screenSize: interface.interfaceSize,
            cornerRadius: screen.cornerRadius.points,
            safeAreaInsets: figures.safeArea.insets,
            keyboardHeight: CGFloat(withoutPredictive),
            keyboardHeightWithPredictive: CGFloat(withPredictive),
            hardwareKeyboardBarHeight: keyboard.hardwareKeyboardBar.value.map { CGFloat($0) },
            navigationBarHeight: figures.bars.navigationBar.points,
            toolbarHeight: figures.bars.toolbar.points,
            tabBarHeight: figures.bars.tabBar.points,
            homeButton: homeButton, sensorHousing: sensorHousing)
    }

    /// Every figure with a dotted path such as `landscape.keyboard.heightWithPredictive`.
    public var namedFigures: [(path: String, figure: Figure)] {
        var result: [(String, Figure)] = [
            ("screen.width", screen.width), ("screen.height", screen.height),
            ("screen.cornerRadius", screen.cornerRadius),
        ]
        for orientation in Orientation.allCases {
            let figures = figures(for: orientation)
            let prefix = orientation.rawValue
            result += [
                ("\(prefix).safeArea.top", figures.safeArea.top),
                ("\(prefix).safeArea.left", figures.safeArea.left),
                ("\(prefix).safeArea.bottom", figures.safeArea.bottom),
                ("\(prefix).safeArea.right", figures.safeArea.right),
                ("\(prefix).keyboard.height", figures.keyboard.height),
                ("\(prefix).keyboard.heightWithPredictive", figures.keyboard.heightWithPredictive),
                ("\(prefix).keyboard.hardwareKeyboardBar", figures.keyboard.hardwareKeyboardBar),
                ("\(prefix).bars.navigationBar", figures.bars.navigationBar),
                ("\(prefix).bars.toolbar", figures.bars.toolbar),
                ("\(prefix).bars.tabBar", figures.bars.tabBar),
            ]
        }
        return result
    }

    /// Figures that must be known for the geometry to be computed (the rest have fallbacks).
    static let requiredPaths: Set<String> = {
        var paths: Set<String> = ["screen.width", "screen.height", "screen.cornerRadius"]
        for prefix in Orientation.allCases.map(\.rawValue) {
            for name in ["safeArea.top", "safeArea.left", "safeArea.bottom", "safeArea.right",
                         "bars.navigationBar", "bars.toolbar", "bars.tabBar"] {
                paths.insert("\(prefix).\(name)")
            }
        }
        return paths
    }()
}

/// A device in one orientation, with plain numbers (points).
public struct DeviceMetrics: Sendable, Equatable {
    /// The catalog's identifier of the device.
    public var deviceID: String
    /// The device's display name.
    public var name: String
    /// Phone or tablet.
    public var family: DeviceFamily
    /// The orientation these numbers are for.
    public var orientation: Orientation
    /// Screen size in this orientation (landscape: width > height).
    public var screenSize: CGSize
    /// Radius of the display's rounded corners (0: square).
    public var cornerRadius: CGFloat
    /// Safe area of the full screen in this orientation.
    public var safeAreaInsets: EdgeInsets
    /// Docked keyboard height without the predictive bar.
    public var keyboardHeight: CGFloat
    /// Docked keyboard height with the predictive bar.
    public var keyboardHeightWithPredictive: CGFloat
    /// nil where no hardware-keyboard bar is shown (iPhones): the keyboard is hidden instead.
    public var hardwareKeyboardBarHeight: CGFloat?
    /// Height of a navigation bar below the status bar.
    public var navigationBarHeight: CGFloat
    /// Height of a bottom toolbar, above the home indicator's safe area.
    public var toolbarHeight: CGFloat
    /// Height of a tab bar, above the home indicator's safe area.
    public var tabBarHeight: CGFloat
    /// Whether the device has a home button (and so no home indicator).
    public var homeButton: Bool
    /// What sits at the top of the screen.
    public var sensorHousing: SensorHousing

    /// The docked keyboard height with or without the predictive bar.
    public func keyboardHeight(predictive: Bool) -> CGFloat {
        predictive ? keyboardHeightWithPredictive : keyboardHeight
    }
}

extension DeviceMetrics: Encodable {
    private enum CodingKeys: String, CodingKey {
        case deviceID = "id", name, family, orientation, screenWidth, screenHeight, cornerRadius, safeAreaInsets
        case keyboardHeight, keyboardHeightWithPredictive, hardwareKeyboardBarHeight
        case navigationBarHeight, toolbarHeight, tabBarHeight, homeButton, sensorHousing
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(deviceID, forKey: .deviceID)
        try container.encode(name, forKey: .name)
        try container.encode(family, forKey: .family)
        try container.encode(orientation, forKey: .orientation)
        try container.encodeLength(screenSize.width, forKey: .screenWidth)
        try container.encodeLength(screenSize.height, forKey: .screenHeight)
        try container.encodeLength(cornerRadius, forKey: .cornerRadius)
        try container.encode(safeAreaInsets, forKey: .safeAreaInsets)
        try container.encodeLength(keyboardHeight, forKey: .keyboardHeight)
        try container.encodeLength(keyboardHeightWithPredictive, forKey: .keyboardHeightWithPredictive)
        try container.encode(hardwareKeyboardBarHeight.map(Double.init), forKey: .hardwareKeyboardBarHeight)
        try container.encodeLength(navigationBarHeight, forKey: .navigationBarHeight)
        try container.encodeLength(toolbarHeight, forKey: .toolbarHeight)
        try container.encodeLength(tabBarHeight, forKey: .tabBarHeight)
        try container.encode(homeButton, forKey: .homeButton)
        try container.encode(sensorHousing, forKey: .sensorHousing)
    }
}

/// The keyboard animation's figures, shared by every device.
public struct AnimationFigures: Codable, Sendable, Equatable {
    /// The duration and curve a notification reports (`UIKeyboardAnimationDurationUserInfoKey`, `…CurveUserInfoKey`).
    public var duration: Figure, curve: Figure
    /// The spring the system animates the keyboard with, and how long it takes to settle.
    public var springMass: Figure, springStiffness: Figure, springDamping: Figure, settlingDuration: Figure
    /// Frames per second an animation of the spring is drawn at (the display's refresh rate).
    public var frameRate: Figure

    /// The figures as the model uses them (a validated catalog knows them all, and its curve is a
    /// whole number).
    public var timing: KeyboardTiming {
        KeyboardTiming(reportedDuration: duration.value ?? 0, springCurve: curve.value.flatMap { Int(exactly: $0) } ?? 0,
                       spring: KeyboardSpring(mass: springMass.value ?? 0, stiffness: springStiffness.value ?? 0,
                                              settlingDuration: settlingDuration.value ?? 0),
                       frameRate: frameRate.value ?? 0)
    }
}

/// Sizes of the iPad presentations the scenarios use (form sheet, Split View).
public struct PresentationFigures: Codable, Sendable, Equatable {
    /// The form sheet's size in points.
    public var formSheetWidth: Figure, formSheetHeight: Figure
    /// The narrow Split View column's width and the divider between the columns.
    public var splitViewNarrowColumnWidth: Figure, splitViewDivider: Figure
}

/// Errors reading or checking the device catalog.
public enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The catalog file is not in the package's resources.
    case resourceMissing(String)
    /// The catalog is not valid JSON of the catalog's shape.
    case malformed(String)
    /// A figure (named by its JSON path) with a negative or non-finite value, an unknown source, or a value while marked unknown.
    case invalidFigure(path: String, reason: String)
    /// Two devices share a name or alias.
    case duplicateName(String)
    /// A `sources` entry that is empty, or that no figure cites and no note names.
    case invalidSource(key: String, reason: String)

    public var description: String {
        switch self {
        case let .resourceMissing(detail): detail
        case .malformed(let reason): "devices.json is malformed: \(reason)"
        case .invalidFigure(let path, let reason): "devices.json: \(path) \(reason)"
        case .duplicateName(let name): "devices.json: the device name \"\(name)\" is used twice"
        case .invalidSource(let key, let reason): "devices.json: source \"\(key)\" \(reason)"
        }
    }
}

/// The device catalog (Resources/devices.json).
public struct DeviceCatalog: Codable, Sendable, Equatable {
    /// The catalog format's version; a file of another version is refused.
    public var schemaVersion: Int
    /// What the catalog is, in a sentence.
    public var description: String
    /// Source keys used by figures, with what each source is; docs/sources.md lists the same
    /// keys with the same text and the figures each one gives.
    public var sources: [String: String]
    /// The keyboard animation's figures.
    public var animation: AnimationFigures
    /// The iPad presentation sizes.
    public var presentations: PresentationFigures
    /// Every device, in the order tables list them.
    public var devices: [DeviceSpec]

    /// Decodes and validates a catalog.
    public init(jsonData: Data) throws(CatalogError) {
        let decoded: DeviceCatalog
        do {
            decoded = try JSONDecoder().decode(DeviceCatalog.self, from: jsonData)
        } catch let error as DecodingError {
            throw .malformed(Self.describe(error))
        } catch {
            throw .malformed(String(describing: error))
        }
        try decoded.validate()
        self = decoded
    }

    /// Every figure of the catalog with a dotted path (`iphone-8.portrait.keyboard.height`).
    public var namedFigures: [(path: String, figure: Figure)] {
        globalFigures + devices.flatMap { device in
            device.namedFigures.map { ("\(device.id).\($0.path)", $0.figure) }
        }
    }

    /// The animation and presentation figures (all required).
    private var globalFigures: [(path: String, figure: Figure)] {
        [
            ("animation.duration", animation.duration), ("animation.curve", animation.curve),
            ("animation.springMass", animation.springMass),
            ("animation.springStiffness", animation.springStiffness),
            ("animation.springDamping", animation.springDamping),
            ("animation.settlingDuration", animation.settlingDuration),
            ("animation.frameRate", animation.frameRate),
            ("presentations.formSheetWidth", presentations.formSheetWidth),
            ("presentations.formSheetHeight", presentations.formSheetHeight),
            ("presentations.splitViewNarrowColumnWidth", presentations.splitViewNarrowColumnWidth),
            ("presentations.splitViewDivider", presentations.splitViewDivider),
        ]
    }

    /// All ids and aliases, lower-cased, each mapped to its device id.
    var namesToIDs: [String: String] {
        var names: [String: String] = [:]
        for device in devices {
            for name in [device.id] + device.aliases { names[name.lowercased()] = device.id }
        }
        return names
    }

    /// The device with this id or alias (case-insensitive).
    public func device(named name: String) throws(KeyboardInputError) -> DeviceSpec {
        let key = name.trimmingCharacters(in: .whitespaces).lowercased()
        if let id = namesToIDs[key], let device = devices.first(where: { $0.id == id }) {
            return device
        }
        throw .unknownDevice(name, suggestion: suggestedDeviceID(for: name))
    }

    /// The device id closest to a mistyped name (by edit distance over ids and aliases), if any
    /// is close enough to be a plausible typo.
    public func suggestedDeviceID(for name: String) -> String? {
        let names = namesToIDs
        guard let nearest = NearestName.suggestion(for: name, among: Array(names.keys)) else { return nil }
        return names[nearest]
    }

    private func validate() throws(CatalogError) {
        var seen: Set<String> = []
        for device in devices {
            for name in [device.id] + device.aliases {
                guard seen.insert(name.lowercased()).inserted else { throw .duplicateName(name) }
            }
        }
        let required = Set(devices.flatMap { device in DeviceSpec.requiredPaths.map { "\(device.id).\($0)" } })
            .union(globalFigures.map(\.path))
        for (path, figure) in namedFigures {
            guard sources[figure.source] != nil else {
                throw .invalidFigure(path: path, reason: "cites unknown source \"\(figure.source)\"")
            }
            if let value = figure.value {
                guard value.isFinite, value >= 0 else {
                    throw .invalidFigure(path: path, reason: "must be a finite number >= 0, not \(value)")
                }
                guard figure.confidence != .unknown else {
                    throw .invalidFigure(path: path, reason: "has a value but confidence \"?\"")
                }
                if figure.confidence == .derived, (figure.note ?? "").isEmpty {
                    throw .invalidFigure(path: path, reason: "is derived but its note does not say how")
                }
            } else {
                guard !required.contains(path) else { throw .invalidFigure(path: path, reason: "must be known") }
                guard figure.confidence == .unknown, !(figure.fallback ?? "").isEmpty else {
                    throw .invalidFigure(path: path, reason: "is null without confidence \"?\" and a fallback")
                }
            }
        }
        // A curve is a UIKit enum value: a whole number.
        if let curve = animation.curve.value, curve != curve.rounded() || curve > Double(Int32.max) {
            throw .invalidFigure(path: "animation.curve", reason: "must be a whole number, not \(curve)")
        }
        // Frames of a drawn animation are sampled at this rate: a display's, bounded.
        if let rate = animation.frameRate.value, !(1...240).contains(rate) {
            throw .invalidFigure(path: "animation.frameRate", reason: "must be 1 to 240 frames per second, not \(rate)")
        }
        // Every entry of the table is a public source a reader can look up: described, and
        // either cited by a figure or named in a derived figure's note.
        let figures = namedFigures.map(\.figure)
        let cited = Set(figures.map(\.source))
        let notes = figures.compactMap(\.note)
        for (key, text) in sources.sorted(by: { $0.key < $1.key }) {
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw .invalidSource(key: key, reason: "has no description")
            }
            guard cited.contains(key) || notes.contains(where: { $0.contains(key) }) else {
                throw .invalidSource(key: key, reason: "is neither cited by a figure nor named in a note")
            }
        }
        for device in devices {
            for orientation in Orientation.allCases {
                let keyboard = device.figures(for: orientation).keyboard
                guard keyboard.height.value != nil || keyboard.heightWithPredictive.value != nil else {
                    throw .invalidFigure(path: "\(device.id).\(orientation.rawValue).keyboard",
                                         reason: "needs at least one known height")
                }
            }
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "top level" : keys.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing \"\(key.stringValue)\" at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context))"
        @unknown default: return String(describing: error)
        }
    }
}
