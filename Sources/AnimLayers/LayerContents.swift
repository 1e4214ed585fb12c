import AnimGeometry

/// How a layer's `contents` image is sampled (CALayerContentsFilter): `nearest` takes the pixel
/// under each sample (crisp pixel art, no blending between neighbouring sprites); `linear` blends
/// the four nearest; `trilinear` is linear between mip levels. Here `linear` and `trilinear` draw
/// alike: a minified image is read from box-filtered levels past 2× either way
/// (docs/compositing.md).
public enum ContentsFilter: String, Hashable, Sendable, CaseIterable {
    case linear, nearest, trilinear
}

/// How a layer's `contents` image is placed in its bounds (CALayerContentsGravity).
public enum ContentsGravity: String, Hashable, Sendable, CaseIterable {
    case resize, resizeAspect, resizeAspectFill
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight

    /// The rectangle, in the layer's bounds space, that an image of `imageSize` points occupies.
    /// `top` means the top of the bounds on screen (iOS, y down: a UIView-hosted layer; see
    /// docs/compositing.md for the flipped-geometry caveat of the reference).
    /// Whether the image is scaled to the bounds (resize, resizeAspect, resizeAspectFill): only
    /// then does contentsCenter's nine-part grid stretch its parts differently.
    public var resizes: Bool { self == .resize || self == .resizeAspect || self == .resizeAspectFill }

    public func placement(of imageSize: Size, in bounds: Rect) -> Rect {
        let b = bounds.standardized
        let w = imageSize.width, h = imageSize.height
        switch self {
        case .resize:
            return b
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return b }
            let sx = b.width / w, sy = b.height / h
            let s = self == .resizeAspect ? min(sx, sy) : max(sx, sy)
            return Self.align(Size(width: w * s, height: h * s), in: b, 0.5, 0.5)
        case .center: return Self.align(imageSize, in: b, 0.5, 0.5)
        case .top: return Self.align(imageSize, in: b, 0.5, 0)
        case .bottom: return Self.align(imageSize, in: b, 0.5, 1)
        case .left: return Self.align(imageSize, in: b, 0, 0.5)
        case .right: return Self.align(imageSize, in: b, 1, 0.5)
        case .topLeft: return Self.align(imageSize, in: b, 0, 0)
        case .topRight: return Self.align(imageSize, in: b, 1, 0)
        case .bottomLeft: return Self.align(imageSize, in: b, 0, 1)
        case .bottomRight: return Self.align(imageSize, in: b, 1, 1)
        }
    }

    private static func align(_ s: Size, in b: Rect, _ fx: Double, _ fy: Double) -> Rect {
        Rect(x: b.minX + (b.width - s.width) * fx, y: b.minY + (b.height - s.height) * fy,
             width: s.width, height: s.height)
    }
}

/// CAGradientLayer's own properties.
public struct LayerGradient: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable { case axial, radial, conic }

    public var colors: [Color] = []
    /// nil: spread evenly from 0 to 1.
    public var locations: [Double]? = nil
    public var startPoint = Point(x: 0.5, y: 0)
    public var endPoint = Point(x: 0.5, y: 1)
    public var type: Kind = .axial

    public init() {}

    /// CA's default locations for `n` colours: 0 to 1 in equal steps.
    public static func evenLocations(_ n: Int) -> [Double] {
        (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
    }

    /// Colour stops with explicit locations: CA's evenly spaced default when `locations` is nil or
    /// of another length than `colors`, made non-decreasing. A location outside 0…1 is kept: the
    /// gradient is drawn between 0 and 1 as the part of a longer ramp, so stops at [-0.2, -0.1, 0]
    /// animating to [1, 1.1, 1.2] (the shimmer of loading placeholders) slide in and out smoothly.
    /// *Uncertain:* Apple documents locations as 0…1 only; this is our reading of what iOS draws.
    public var stops: [(location: Double, color: Color)] {
        let n = colors.count
        guard n > 0 else { return [] }
        let given = locations.flatMap { $0.count == n ? $0 : nil } ?? Self.evenLocations(n)
        var out: [(location: Double, color: Color)] = []
        var floor = -Double.infinity
        // A location that is not finite (only arithmetic overflow makes one) takes the one before
        // it, or before the first, the first finite one after it, so it moves no other stop.
        let firstFinite = given.first(where: \.isFinite) ?? 0
        for (c, location) in zip(colors, given) {
            let l = location.isFinite ? max(floor, location) : (floor.isFinite ? floor : firstFinite)
            floor = l
            out.append((l, c))
        }
        return out
    }
}
