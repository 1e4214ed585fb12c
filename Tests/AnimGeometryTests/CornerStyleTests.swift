import AnimGeometry
import Testing

/// Rounded-rectangle outlines with masked corners and continuous curves, measured against curves
/// built here independently from the reference's constants (core-animation-semantics.md §8).
struct CornerStyleTests {
    static let k = 1.52866483

    // MARK: Helpers

    /// Shoelace sum over a closed polygon: positive when clockwise on screen (y down).
    func signedArea(_ p: [Point]) -> Double {
        var sum = 0.0
        for i in p.indices {
            let (a, b) = (p[i], p[(i + 1) % p.count])
            sum += a.x * b.y - b.x * a.y
        }
        return sum / 2
    }

    func cross(_ a: Point, _ b: Point) -> Double { a.x * b.y - a.y * b.x }
    func length(_ v: Point) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }

    /// True when no two edges of the closed polygon meet except adjacent ones at their shared vertex.
    func isSimple(_ p: [Point]) -> Bool {
        let n = p.count
        func properlyCross(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
            let d1 = cross(b - a, c - a), d2 = cross(b - a, d - a)
            let d3 = cross(d - c, a - c), d4 = cross(d - c, b - c)
            return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
        }
        for i in 0..<n where p[i] == p[(i + 1) % n] { return false }
        for i in 0..<n {
            for j in (i + 2)..<max(i + 2, n) where !(i == 0 && j == n - 1) {
                if properlyCross(p[i], p[(i + 1) % n], p[j], p[(j + 1) % n]) { return false }
            }
        }
        return true
    }

    /// The distance from q to the segment ab.
    func distance(_ q: Point, _ a: Point, _ b: Point) -> Double {
        let ab = b - a, l2 = ab.x * ab.x + ab.y * ab.y
        let t = l2 > 0 ? min(1, max(0, ((q.x - a.x) * ab.x + (q.y - a.y) * ab.y) / l2)) : 0
        return length(q - (a + ab * t))
    }

    /// The distance from q to the closed polygon's outline.
    func distance(_ q: Point, toPolygon p: [Point]) -> Double {
        p.indices.map { distance(q, p[$0], p[($0 + 1) % p.count]) }.min() ?? .infinity
    }

    /// Inside (non-zero winding) or within `slack` of the outline.
    func contains(_ p: [Point], _ q: Point, slack: Double) -> Bool {
        if distance(q, toPolygon: p) <= slack { return true }
        var winding = 0
        for i in p.indices {
            let (a, b) = (p[i], p[(i + 1) % p.count])
            if a.y <= q.y, b.y > q.y, cross(b - a, q - a) > 0 { winding += 1 }
            if a.y > q.y, b.y <= q.y, cross(b - a, q - a) < 0 { winding -= 1 }
        }
        return winding != 0
    }

    func bezier(_ p: [Point], _ s: Double) -> Point {
        let t = 1 - s
        return p[0] * (t * t * t) + p[1] * (3 * t * t * s) + p[2] * (3 * t * s * s) + p[3] * (s * s * s)
    }

    /// The continuous top-left corner of radius r at `origin`, as the reference describes it, from
    /// the left edge to the top edge: (cubic, line, cubic, line, cubic) as point lists.
    func continuousTopLeft(_ origin: Point, _ r: Double) -> [[Point]] {
        func p(_ x: Double, _ y: Double) -> Point { Point(x: origin.x + x * r, y: origin.y + y * r) }
        return [
            [p(0, Self.k), p(0, 1.08849323), p(0, 0.86840689), p(0.06549600, 0.66993427)],
            [p(0.06549600, 0.66993427), p(0.07491100, 0.63149399)],
            [p(0.07491100, 0.63149399), p(0.16905899, 0.37282392), p(0.37282392, 0.16905899), p(0.63149399, 0.07491100)],
            [p(0.63149399, 0.07491100), p(0.66993427, 0.06549600)],
            [p(0.66993427, 0.06549600), p(0.86840689, 0), p(1.08849323, 0), p(Self.k, 0)],
        ]
    }

    /// Dense samples of the pieces (each cubic or line cut into `n` parameter steps).
    func samples(_ pieces: [[Point]], _ n: Int) -> [Point] {
        var out: [Point] = []
        for piece in pieces {
            for i in 0...n {
                let s = Double(i) / Double(n)
                out.append(piece.count == 4 ? bezier(piece, s) : piece[0] * (1 - s) + piece[1] * s)
            }
        }
        return out
    }

    /// The area between a corner's two edges and its curve (Green's theorem over dense samples).
    func cornerCutArea(_ pieces: [[Point]], corner: Point) -> Double {
        abs(signedArea([corner] + samples(pieces, 20_000)))
    }

    /// The four continuous corners of `rect`, mirrored from the top-left one.
    func continuousCorners(_ rect: Rect, _ r: Double) -> [[[Point]]] {
        let tl = continuousTopLeft(Point(x: rect.minX, y: rect.minY), r)
        let (cx, cy) = (rect.minX + rect.maxX, rect.minY + rect.maxY)
        return [
            tl,
            tl.map { $0.map { Point(x: cx - $0.x, y: $0.y) } },
            tl.map { $0.map { Point(x: cx - $0.x, y: cy - $0.y) } },
            tl.map { $0.map { Point(x: $0.x, y: cy - $0.y) } },
        ]
    }

    let rect = Rect(x: 10, y: 20, width: 120, height: 80)

    // MARK: Square corners and masks

    @Test func zeroRadiusOrNoMaskGivesTheFourCorners() {
        let corners = [Point(x: 10, y: 20), Point(x: 130, y: 20), Point(x: 130, y: 100), Point(x: 10, y: 100)]
        for curve in [CornerCurve.circular, .continuous] {
            #expect(RoundedRect.contour(rect, style: CornerStyle(radius: 0, curve: curve), pixelsPerPoint: 2) == corners)
            #expect(RoundedRect.contour(rect, style: CornerStyle(radius: 12, corners: [], curve: curve), pixelsPerPoint: 2) == corners)
            #expect(RoundedRect.contour(rect, style: CornerStyle(radius: -4, curve: curve), pixelsPerPoint: 2) == corners)
        }
    }

    @Test func unmaskedCornersAreExactlySquare() {
        let (tl, tr) = (Point(x: 10, y: 20), Point(x: 130, y: 20))
        let (br, bl) = (Point(x: 130, y: 100), Point(x: 10, y: 100))
        let all: [(CornerMask, Point)] = [(.minXMinY, tl), (.maxXMinY, tr), (.maxXMaxY, br), (.minXMaxY, bl)]
        for curve in [CornerCurve.circular, .continuous] {
            for bits in 0..<16 {
                let mask = CornerMask(rawValue: UInt(bits))
                let p = RoundedRect.contour(rect, style: CornerStyle(radius: 15, corners: mask, curve: curve), pixelsPerPoint: 2)
                for (bit, corner) in all {
                    #expect(p.contains(corner) == !mask.contains(bit), "\(curve) mask \(bits) corner \(corner)")
                }
                // The outline starts in the top-left corner region: the corner itself, or where the
                // rounded corner leaves the left edge.
                let reach = curve == .circular ? 15 : 15 * Self.k
                #expect(p[0] == (mask.contains(.minXMinY) ? Point(x: 10, y: 20 + reach) : tl))
                #expect(signedArea(p) > 0 && isSimple(p), "\(curve) mask \(bits)")
            }
        }
    }

    // MARK: Areas

    /// Each rounded corner's chords cover the quarter disc's area exactly (its inner vertices at
    /// the equal-area radius, as round caps): one corner removes (4 − π)/4 · r², not the inscribed
    /// polygon's r² − n/2 · r² · sin(π/2n), which left a 3 px corner 4.5 % of its disc short.
    @Test func circularAreaIsExactPerCorner() {
        let circleCut = { (r: Double) in (4 - Double.pi) / 4 * r * r }
        for (r, ppp) in [(17.0, 2.0), (3.0, 1.0), (1.5, 1.0), (40.0, 3.0)] {
            for bits in 0..<16 {
                let mask = CornerMask(rawValue: UInt(bits))
                let rounded = Double(bits.nonzeroBitCount)
                let p = RoundedRect.contour(rect, style: CornerStyle(radius: r, corners: mask), pixelsPerPoint: ppp)
                let exact = 120 * 80 - rounded * circleCut(r)
                #expect(abs(signedArea(p) - exact) <= 1e-9 * 9600, "r \(r), mask \(bits): \(signedArea(p)) vs \(exact)")
                #expect(isSimple(p))
                // The outline stays within the rectangle: the outer vertices do not pass its edges.
                #expect(p.allSatisfy { $0.x >= rect.minX && $0.x <= rect.maxX && $0.y >= rect.minY && $0.y <= rect.maxY })
            }
        }
    }

    @Test func continuousAreaMatchesGreensTheorem() {
        let r = 14.0
        let cut = cornerCutArea(continuousTopLeft(.zero, r), corner: .zero)
        for (ppp, tolerance) in [(1.0, 0.125), (3.0, 0.125), (2.0, 0.001)] {
            for bits in [15, 1, 6, 9, 14] {
                let mask = CornerMask(rawValue: UInt(bits))
                let rounded = Double(bits.nonzeroBitCount)
                let p = RoundedRect.contour(rect, style: CornerStyle(radius: r, corners: mask, curve: .continuous),
                                            pixelsPerPoint: ppp, tolerance: tolerance)
                let exact = 120 * 80 - rounded * cut
                // The curve lies within the corner's two edges, so it is shorter than 2·1.53·r.
                let bound = rounded * 2 * Self.k * r * tolerance / ppp
                #expect(abs(signedArea(p) - exact) <= bound, "ppp \(ppp) tol \(tolerance) mask \(bits): \(signedArea(p) - exact)")
            }
        }
        // A sanity check of the integration itself: the cut lies inside the triangle of the corner
        // and the curve's two end points (the curve is convex apart from two tiny kinks).
        #expect(cut > 0 && cut < Self.k * r * Self.k * r / 2)
    }

    // MARK: Shape of the continuous curve

    @Test func continuousFlatteningStaysWithinTolerance() {
        let r = 18.0
        for (ppp, tolerance) in [(1.0, 0.125), (2.0, 0.125), (3.0, 0.05), (1.0, 0.5)] {
            let p = RoundedRect.contour(rect, style: CornerStyle(radius: r, curve: .continuous), pixelsPerPoint: ppp, tolerance: tolerance)
            let bound = tolerance / ppp
            let curves = continuousCorners(rect, r).map { samples($0, 400) }
            // Every point of the true curve is near the polygon…
            var worst = 0.0
            for q in curves.joined() { worst = max(worst, distance(q, toPolygon: p)) }
            #expect(worst <= bound + 1e-9, "ppp \(ppp): \(worst) > \(bound)")
            // …and every point of the polygon near the curve or a straight edge (samples every 1/400
            // of a piece, so the sampled distance overestimates by at most half a sample spacing).
            let edges = [Point(x: 10, y: 20), Point(x: 130, y: 20), Point(x: 130, y: 100), Point(x: 10, y: 100)]
            var far = 0.0
            for i in p.indices {
                let (a, b) = (p[i], p[(i + 1) % p.count])
                for s in stride(from: 0.0, through: 1, by: 0.125) {
                    let q = a * (1 - s) + b * s
                    let toCurve = curves.joined().map { length($0 - q) }.min()!
                    far = max(far, min(toCurve, distance(q, toPolygon: edges)))
                }
            }
            #expect(far <= bound + 0.5 * 2 * Self.k * r / 400, "ppp \(ppp): \(far)")
            #expect(signedArea(p) > 0 && isSimple(p))
        }
    }

    @Test func continuousCornersAreTangentToTheEdges() {
        let r = 20.0
        let p = RoundedRect.contour(rect, style: CornerStyle(radius: r, curve: .continuous), pixelsPerPoint: 2)
        // Each corner leaves one edge and joins the next along the edge's own direction.
        let joins: [(Point, Point, Point)] = [
            (Point(x: 10, y: 20 + Self.k * r), Point(x: 10, y: 20 + Self.k * r - 1), Point(x: 10 + Self.k * r, y: 20)),
            (Point(x: 130 - Self.k * r, y: 20), Point(x: 130 - Self.k * r + 1, y: 20), Point(x: 130, y: 20 + Self.k * r)),
            (Point(x: 130, y: 100 - Self.k * r), Point(x: 130, y: 100 - Self.k * r + 1), Point(x: 130 - Self.k * r, y: 100)),
            (Point(x: 10 + Self.k * r, y: 100), Point(x: 10 + Self.k * r - 1, y: 100), Point(x: 10, y: 100 - Self.k * r)),
        ]
        func near(_ a: Point, _ b: Point) -> Bool { length(a - b) < 1e-9 }
        for (start, along, end) in joins {
            let direction = along - start
            guard let i = p.firstIndex(where: { near($0, start) }), let j = p.firstIndex(where: { near($0, end) }) else {
                Issue.record("corner end points missing: \(start), \(end)")
                continue
            }
            let first = p[(i + 1) % p.count] - p[i]
            let last = p[j] - p[(j + p.count - 1) % p.count]
            let endDirection = Point(x: -direction.y, y: direction.x)
            // The first and last chords stay within 1° of the edge directions (zero curvature there).
            #expect(abs(cross(first, direction)) / length(first) < sine(Double.pi / 180))
            #expect(first.x * direction.x + first.y * direction.y > 0)
            #expect(abs(cross(last, endDirection)) / length(last) < sine(Double.pi / 180))
            #expect(last.x * endDirection.x + last.y * endDirection.y > 0)
        }
    }

    // MARK: Radius limits

    @Test func largeContinuousRadiiBlendIntoACapsule() {
        let r = Rect(x: 0, y: 0, width: 100, height: 50)
        let limit = 25 / Self.k
        for radius in [limit, limit * (1 + 1e-9), 1e9] {
            let p = RoundedRect.contour(r, style: CornerStyle(radius: radius, curve: .continuous), pixelsPerPoint: 2, tolerance: 0.01)
            #expect(signedArea(p) > 0 && isSimple(p), "radius \(radius)")
        }
        // Growing the radius only ever removes area, through the blend (from 16.35) as before it
        // (the steps are far larger than the flattening error).
        var previous = Double.infinity
        for radius in stride(from: 1.0, through: 30, by: 0.5) {
            let p = RoundedRect.contour(r, style: CornerStyle(radius: radius, curve: .continuous), pixelsPerPoint: 2, tolerance: 0.01)
            #expect(signedArea(p) > 0 && isSimple(p), "radius \(radius)")
            // Every corner stays within the rectangle.
            #expect(p.allSatisfy { $0.x >= 0 && $0.x <= 100 && $0.y >= 0 && $0.y <= 50 })
            // (Beyond half the shorter side, 25, the radius is clamped: the capsule stays.)
            #expect(radius <= 25 ? signedArea(p) < previous : signedArea(p) == previous, "radius \(radius)")
            previous = signedArea(p)
        }
        // Just below and above the limit the outlines agree (the blend starts continuously).
        let below = RoundedRect.contour(r, style: CornerStyle(radius: limit * (1 - 1e-12), curve: .continuous), pixelsPerPoint: 2)
        let above = RoundedRect.contour(r, style: CornerStyle(radius: limit * (1 + 1e-12), curve: .continuous), pixelsPerPoint: 2)
        // (The sides of length 5·10⁻¹¹ below the limit vanish above it: compare as outlines.)
        #expect(below.allSatisfy { distance($0, toPolygon: above) < 1e-9 })
        #expect(above.allSatisfy { distance($0, toPolygon: below) < 1e-9 })
        // At radius ≥ half the shorter side it is the capsule: the ends are half circles (30° cubics,
        // within 4·10⁻⁷ of the radius).
        for radius in [25.0, 80, 1e300] {
            let p = RoundedRect.contour(r, style: CornerStyle(radius: radius, curve: .continuous), pixelsPerPoint: 2)
            for q in p {
                let centre = Point(x: min(75, max(25, q.x)), y: 25)
                #expect(abs(length(q - centre) - 25) < 2e-5, "\(q)")
            }
        }
    }

    @Test func insetContoursLieInsideTheOuterOnes() {
        let r = Rect(x: 5, y: 5, width: 100, height: 50)
        for curve in [CornerCurve.circular, .continuous] {
            for radius in [0.0, 5, 12, 16.4, 20, 24, 25, 40] {
                for mask in [CornerMask.all, [.minXMinY, .maxXMaxY]] {
                    let style = CornerStyle(radius: radius, corners: mask, curve: curve)
                    let outer = RoundedRect.contour(r, style: style, pixelsPerPoint: 2, tolerance: 0.01)
                    for inset in [0.5, 2, 8, 20] {
                        let inner = RoundedRect.contour(r, style: style, inset: inset, pixelsPerPoint: 2, tolerance: 0.01)
                        #expect(signedArea(inner) > 0 && isSimple(inner), "\(curve) r \(radius) inset \(inset)")
                        let outside = inner.filter { !contains(outer, $0, slack: 1e-9) }
                        #expect(outside.isEmpty, "\(curve) r \(radius) inset \(inset): \(outside.prefix(3))")
                        // Circular rings keep the inset everywhere (concentric arcs, less the flattening
                        // error). A continuous inner corner is the outer one scaled about (r, r), not its
                        // offset curve: near the edge joins the ring narrows, by less than 5 %.
                        let gap = inner.map { distance($0, toPolygon: outer) }.min()!
                        let least = curve == .circular ? inset - 0.005 : 0.95 * inset
                        #expect(gap >= least, "\(curve) r \(radius) inset \(inset): gap \(gap)")
                    }
                }
            }
        }
        // The inset is taken from the outer radius: r − inset, square once the inset passes r.
        let inner = RoundedRect.contour(r, style: CornerStyle(radius: 6), inset: 10, pixelsPerPoint: 2)
        #expect(inner == [Point(x: 15, y: 15), Point(x: 95, y: 15), Point(x: 95, y: 45), Point(x: 15, y: 45)])
        #expect(RoundedRect.contour(r, style: CornerStyle(radius: 6), inset: 26, pixelsPerPoint: 2).isEmpty)
    }

    // MARK: Extreme values

    @Test func nonFiniteInputsDoNotTrap() {
        let styles = [Double.nan, .infinity, -.infinity, 1e300, 1e-300].flatMap { radius in
            [CornerStyle(radius: radius), CornerStyle(radius: radius, corners: [.maxXMinY], curve: .continuous)]
        }
        let rects = [rect, Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: .infinity, height: 10),
                     Rect(x: 1e308, y: -1e308, width: 1e308, height: 1e308), Rect(x: 3, y: 4, width: 0, height: 0)]
        for rect in rects {
            for style in styles {
                for ppp in [Double.nan, 0, -1, 1, .infinity] {
                    for tolerance in [Double.nan, 0, 0.125, .infinity] {
                        for inset in [0, Double.nan, .infinity, -3, 4] {
                            let p = RoundedRect.contour(rect, style: style, inset: inset, pixelsPerPoint: ppp, tolerance: tolerance)
                            #expect(p.count <= 4 * 3 * 4096 + 12)
                        }
                    }
                }
            }
        }
        // Non-finite radii are square; a NaN rectangle or inset has no outline.
        #expect(RoundedRect.contour(rect, style: CornerStyle(radius: .nan, curve: .continuous), pixelsPerPoint: 1).count == 4)
        #expect(RoundedRect.contour(Rect(x: .nan, y: 0, width: 1, height: 1), style: CornerStyle(radius: 1), pixelsPerPoint: 1).isEmpty)
        #expect(RoundedRect.contour(rect, style: CornerStyle(radius: 4), inset: .nan, pixelsPerPoint: 1).isEmpty)
    }
}
