import AnimGeometry
import AnimLayers
import AnimRaster

/// CATransition "pageCurl" / "pageUnCurl" (UIKit's curlUp / curlDown): the page is peeled from a
/// corner around a cylinder of radius r whose axis sweeps across it. Along the sweep direction d, page
/// material behind the fold line s = f wraps half way round the cylinder and lies flipped on top of
/// the page beyond the fold; the page underneath shows where the material has gone. Seen from above
/// (orthographically), a point at sweep coordinate s shows, top first:
/// the flipped back (s > f), the cylinder's upper half (back side, f − r ≤ s ≤ f), its lower quarter
/// (front side), the flat page (s ≥ f), and the page underneath. The geometry of iOS's curl is
/// unpublished; this is the cylinder model the reference suggests (docs/transitions.md).
struct PageCurl: LayerWarp {
    let size: Size
    let curling: WarpTexture
    let under: WarpTexture
    /// Unit sweep direction, its normal, and the sweep coordinate of the starting corner.
    let d: Point, n: Point
    let s0: Double
    let radius: Double
    let fold: Double
    let shadowStrength: Double

    init(size: Size, curling: WarpTexture, under: WarpTexture, side: TransitionSubtype, progress p: Double) {
        self.size = size
        self.curling = curling
        self.under = under
        let d = Self.direction(side)
        self.d = d
        n = Point(x: -d.y, y: d.x)
        let corners = [Point(x: 0, y: 0), Point(x: size.width, y: 0), Point(x: 0, y: size.height), Point(x: size.width, y: size.height)]
        let along = corners.map { $0.x * d.x + $0.y * d.y }
        s0 = along.min() ?? 0
        let span = (along.max() ?? 0) - s0
        radius = max(1, min(size.width, size.height) / 8)
        // At p = 1 the bulge and the flipped part have both left the page: f = span + πr/2.
        let end = span + Double.pi * radius / 2
        fold = p * end
        // The shadow fades as the last of the page leaves, so the end shows the page beneath untouched.
        shadowStrength = 0.35 * min(1, max(0, (end - fold) / (Double.pi * radius / 2)))
    }

    /// The sweep of the curl: a little off the subtype's axis, so it starts at a corner (bottom-right
    /// for fromBottom, the curlUp default; then clockwise: top-left, bottom-left, top-right).
    static func direction(_ side: TransitionSubtype) -> Point {
        let c = cosine(tilt), s = sine(tilt)
        switch side {
        case .fromBottom: return Point(x: -s, y: -c)
        case .fromTop: return Point(x: s, y: c)
        case .fromLeft: return Point(x: c, y: -s)
        case .fromRight: return Point(x: -c, y: s)
        }
    }

    static let tilt = 0.35  // radians off the axis

    /// Which pieces of the page lie over (u, v): bit 0 flipped back, 1 upper cylinder, 2 lower
    /// cylinder, 3 flat page; −1 outside the bounds.
    func region(u: Double, v: Double) -> Int {
        guard inBounds(u, v) else { return -1 }
        let (s, t) = sweep(u, v)
        let r = radius, f = fold
        var bits = 0
        if s > f && material(flippedSource(s), t) != nil { bits |= 1 }
        if s >= f - r && s <= f {
            let phi = rollAngle(s)
            if material(upperSource(phi), t) != nil { bits |= 2 }
            if material(lowerSource(phi), t) != nil { bits |= 4 }
        }
        if s >= f && material(s, t) != nil { bits |= 8 }
        return bits
    }

    /// The pieces at (u, v) composited bottom up. Sampled top down, stopping at the first opaque
    /// piece: `c.over(x)` is `c` exactly when c's alpha is 255 (x times 0 is +0 for the finite,
    /// non-negative colours here), so what lies beneath it, often the page underneath and its
    /// shadow, is not sampled and the bytes are those of compositing every piece. Lit from above:
    /// the side of the roll facing the viewer darkens toward its rim; the flat parts keep their
    /// colour (a light of 1).
    func color(u: Double, v: Double) -> SIMD4<Double> {
        guard inBounds(u, v) else { return SIMD4(repeating: 0) }
        let (s, t) = sweep(u, v)
        let r = radius, f = fold
        var pieces = Pieces()
        if s > f, let q = material(flippedSource(s), t) {
            let piece = Self.paper(curling.sample(q.x, q.y))
            if piece.isOpaque { return pieces.over(piece) }
            pieces.push(piece)
        }
        if s >= f - r && s <= f {
            let phi = rollAngle(s)
            let rim = sine(phi)
            if let q = material(upperSource(phi), t) {
                let piece = Self.paper(curling.sample(q.x, q.y)).shaded(1 - 0.25 * rim)
                if piece.isOpaque { return pieces.over(piece) }
                pieces.push(piece)
            }
            if let q = material(lowerSource(phi), t) {
                let piece = curling.sample(q.x, q.y).shaded(1 - 0.45 * rim)
                if piece.isOpaque { return pieces.over(piece) }
                pieces.push(piece)
            }
        }
        if s >= f {
            // The flat page's material is the point itself (rebuilt from s and t it would be off
            // by rounding, and no longer on a texel's centre, where sampling is a copy).
            let piece = curling.sample(u, v)
            if piece.isOpaque { return pieces.over(piece) }
            pieces.push(piece)
        }
        return pieces.over(under.sample(u, v).shaded(shadow(s)))
    }

    /// Up to four colours, top first, held in a value so a pixel allocates nothing.
    struct Pieces {
        private var colours = (SIMD4<Double>.zero, SIMD4<Double>.zero, SIMD4<Double>.zero, SIMD4<Double>.zero)
        private var count = 0

        mutating func push(_ c: SIMD4<Double>) {
            switch count {
            case 0: colours.0 = c
            case 1: colours.1 = c
            case 2: colours.2 = c
            default: colours.3 = c
            }
            count += 1
        }

        /// The pieces over `bottom`, the lowest first.
        func over(_ bottom: SIMD4<Double>) -> SIMD4<Double> {
            var below = bottom
            if count > 3 { below = colours.3.over(below) }
            if count > 2 { below = colours.2.over(below) }
            if count > 1 { below = colours.1.over(below) }
            if count > 0 { below = colours.0.over(below) }
            return below
        }
    }

    private func inBounds(_ u: Double, _ v: Double) -> Bool {
        u >= 0 && v >= 0 && u <= size.width && v <= size.height
    }

    private func sweep(_ u: Double, _ v: Double) -> (s: Double, t: Double) {
        (u * d.x + v * d.y - s0, u * n.x + v * n.y)
    }

    /// The material point at sweep coordinate s (from the starting corner) and normal coordinate t,
    /// nil when it is off the page.
    private func material(_ s: Double, _ t: Double) -> Point? {
        let along = s + s0
        let p = Point(x: along * d.x + t * n.x, y: along * d.y + t * n.y)
        let e = 1e-9
        guard p.x >= -e, p.y >= -e, p.x <= size.width + e, p.y <= size.height + e else { return nil }
        return p
    }

    /// Where the page material seen at sweep coordinate s > fold comes from: behind the fold,
    /// wrapped half way round the roll and lying flipped on top.
    private func flippedSource(_ s: Double) -> Double {
        2 * fold - s - Double.pi * radius
    }

    /// The angle round the roll of the material seen at fold − r ≤ s ≤ fold, from the roll's top.
    private func rollAngle(_ s: Double) -> Double {
        arcSine(min(1, max(-1, (fold - s) / radius)))
    }

    /// The sweep coordinates of the material on the roll's upper half (its back, seen through the
    /// roll) and its lower quarter (the front), at roll angle phi.
    private func upperSource(_ phi: Double) -> Double { fold - radius * (Double.pi - phi) }
    private func lowerSource(_ phi: Double) -> Double { fold - radius * phi }

    /// The page underneath darkens just beyond the roll, where the curl casts its shadow.
    private func shadow(_ s: Double) -> Double {
        let edge = fold - radius
        guard fold > 0, s < edge else { return 1 }
        let distance = (edge - s) / radius
        return 1 - shadowStrength * exponential(-3 * distance)
    }

    /// The back of the page: mostly white paper with the print showing through faintly.
    static func paper(_ c: SIMD4<Double>) -> SIMD4<Double> {
        let white = SIMD4<Double>(c.w, c.w, c.w, c.w)
        return c * 0.25 + white * 0.75
    }
}
