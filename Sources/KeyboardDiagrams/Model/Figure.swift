import Foundation

/// How much a catalog figure can be trusted.
public enum Confidence: String, Codable, Sendable, CaseIterable {
    /// Widely published.
    case widelyPublished = "A"
    /// One or two community sources (or a single logged measurement).
    case communitySource = "B"
    /// Computed in the catalog from other figures; the figure's note states the rule.
    case derived
    /// Not known; the value is null and the figure's `fallback` says what is used instead.
    case unknown = "?"
}

/// One number of the device catalog with where it comes from.
public struct Figure: Codable, Sendable, Equatable {
    /// Points (or seconds / a raw curve number for the animation figures); nil when unknown.
    public var value: Double?
    /// A key of the catalog's `sources`.
    public var source: String
    /// How far the value can be trusted.
    public var confidence: Confidence
    /// Caveats, or for a derived figure the rule and its inputs.
    public var note: String?
    /// For an unknown figure: what the code uses instead.
    public var fallback: String?

    /// A figure as the catalog file records it.
    public init(value: Double?, source: String, confidence: Confidence, note: String? = nil, fallback: String? = nil) {
        self.value = value
        self.source = source
        self.confidence = confidence
        self.note = note
        self.fallback = fallback
    }

    /// The value as a length; unknown figures read as 0 (the catalog validator makes sure
    /// required figures are known, so this only happens for optional ones).
    var points: CGFloat { CGFloat(value ?? 0) }
}
