/// Which corners of a rectangle are rounded: CACornerMask's bits (core-animation-semantics.md §8).
/// With y down (iOS) `minXMinY` is the top-left corner and `maxXMaxY` the bottom-right.
public struct CornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    public static let minXMinY = CornerMask(rawValue: 1)
    public static let maxXMinY = CornerMask(rawValue: 2)
    public static let minXMaxY = CornerMask(rawValue: 4)
    public static let maxXMaxY = CornerMask(rawValue: 8)
    /// All four corners (CALayer's default).
    public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]
}

/// CALayer.cornerCurve: circular quarter arcs, or iOS 13's continuous ("squircle") corners.
public enum CornerCurve: String, Hashable, Sendable, CaseIterable {
    case circular
    case continuous
}

/// How a layer's corners are drawn: cornerRadius, maskedCorners and cornerCurve together.
public struct CornerStyle: Hashable, Sendable {
    /// The corner radius in points (non-finite or negative values give square corners).
    public var radius: Double
    /// The corners that are rounded; the others stay square.
    public var corners: CornerMask = .all
    /// The shape of the rounded corners.
    public var curve: CornerCurve = .circular

    public init(radius: Double, corners: CornerMask = .all, curve: CornerCurve = .circular) {
        self.radius = radius
        self.corners = corners
        self.curve = curve
    }
}
