import AnimGeometry

/// The shading of a CAGradientLayer: axial, radial or conic, through the layer's unit square.
///
/// Geometry follows CAGradientLayer on iOS. `start` and `end` are in the layer's unit coordinate
/// space, (0, 0) at the top-left of the bounds and (1, 1) at the bottom-right (y down), and
/// `deviceToUnit` maps device pixel positions into that space (pixel (i, j) is evaluated at its
/// centre, (i + ½, j + ½)). The map may be projective: every pixel is divided by its own W, and
/// pixels with W ≤ 0 (beyond the horizon of the layer's plane) are not drawn. Each pixel gets a
/// parameter t, clamped to [0, 1] (both ends extend), which selects a colour from a table:
///
/// - `axial`: t = (p − start)·(end − start) / |end − start|².
/// - `radial` (kCAGradientLayerRadial): an ellipse centred at `start` with radii
///   |end.x − start.x| and |end.y − start.y|; t = √(((x − sx)/rx)² + ((y − sy)/ry)²).
/// - `conic` (kCAGradientLayerConic): centred at `start`, t = angle / 2π with angle 0 along
///   start → end and growing clockwise on screen (towards +y, which points down), so t = ¼ straight
///   below the centre when `end` is to its right. *Uncertain:* Apple documents neither the direction
///   nor the zero; this is our reading. The angle is measured in unit space, like the other kinds'
///   distances, so on a non-square layer the angles on screen are stretched with the bounds.
///
/// Degenerate geometry (Apple does not say; these are our choices): `start == end` for `axial`, or a
/// zero (or unrepresentably small) radius on either axis for `radial`, paints the last stop's colour
/// everywhere (the limit of every point lying beyond the end); `conic` with `start == end` measures
/// its angle from the unit +x axis. A non-finite `start`/`end` or a singular or non-finite
/// `deviceToUnit` paints nothing.
///
/// Colours are interpolated like CGGradient: the straight (unpremultiplied) RGBA components are
/// interpolated linearly between neighbouring stops and premultiplied afterwards (round(255·c·a)).
/// So white → clear (clear being transparent *black*) passes through premultiplied (64, 64, 64, 128)
/// at the midpoint: the grey fringe iOS is known for. The paint holds a table of
/// `tableSteps + 1` premultiplied colours at t = k / tableSteps; a pixel uses entry
/// round(t · tableSteps) (ties up), so the result is deterministic and exact at t = 0, ¼, ½, ¾, 1.
/// t is computed per pixel in double precision (`GradientShader`), except for an axial gradient
/// through an affine map, whose table position is stepped in 32.32 fixed point from a per-row start
/// (`AffineAxialShader`, no division); either way a pixel's colour depends only on its position.
public struct GradientPaint: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case axial, radial, conic }

    /// A colour at a location along the gradient. Colours are straight (not premultiplied) and are
    /// clamped to 0…1 when the table is built.
    public struct Stop: Hashable, Sendable {
        public var location: Double
        public var color: Color

        public init(location: Double, color: Color) {
            self.location = location
            self.color = color
        }
    }

    /// Intervals in the colour table (entries = tableSteps + 1).
    public static let tableSteps = 1024

    public let kind: Kind
    /// The stops sorted by location (stable), without stops whose location is not finite.
    public let stops: [Stop]
    public let start: Point
    public let end: Point
    public let deviceToUnit: Homography
    /// Premultiplied packed colours at t = k / tableSteps (derived from `stops`).
    let table: [UInt32]

    /// A gradient paint. Stops should be sorted by location; unsorted stops are sorted stably (so
    /// the result is still defined), and stops with a non-finite location are dropped. Between two
    /// stops at the same location (a hard stop) t below it takes the earlier colour, t at or above it
    /// the later. t before the first stop or after the last takes that stop's colour; no stops
    /// paint nothing; one stop paints its colour everywhere.
    public init(kind: Kind, stops: [Stop], start: Point, end: Point, deviceToUnit: Homography) {
        self.kind = kind
        self.stops = stops.enumerated()
            .filter { $0.element.location.isFinite }
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
        self.start = start
        self.end = end
        self.deviceToUnit = deviceToUnit
        table = Self.buildTable(self.stops)
    }

    public static func == (l: GradientPaint, r: GradientPaint) -> Bool {
        l.kind == r.kind && l.stops == r.stops && l.start == r.start && l.end == r.end && l.deviceToUnit == r.deviceToUnit
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(stops)
        hasher.combine(start)
        hasher.combine(end)
        hasher.combine(deviceToUnit)
    }

    /// The straight colour at `t`: linear interpolation of straight components between the last
    /// stop at or before t and the next one. `stops` must be sorted and non-empty.
    static func color(at t: Double, _ stops: [Stop]) -> Color {
        var i = 0
        while i + 1 < stops.count, stops[i + 1].location <= t { i += 1 }
        let a = stops[i], c0 = a.color.clamped
        guard t >= a.location, i + 1 < stops.count else { return c0 }
        let b = stops[i + 1], c1 = b.color.clamped
        let f = (t - a.location) / (b.location - a.location)
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        return Color(red: mix(c0.red, c1.red), green: mix(c0.green, c1.green),
                     blue: mix(c0.blue, c1.blue), alpha: mix(c0.alpha, c1.alpha))
    }

    static func buildTable(_ stops: [Stop]) -> [UInt32] {
        guard !stops.isEmpty else { return [] }
        return (0...tableSteps).map { k in
            let p = color(at: Double(k) / Double(tableSteps), stops).premultipliedRGBA8
            return PixelRGBA8(r: p.r, g: p.g, b: p.b, a: p.a).packed
        }
    }
}
