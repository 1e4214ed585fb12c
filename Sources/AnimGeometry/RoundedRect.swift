/// Polygon outlines of (rounded) rectangles, the shape of a layer's background, border and clip.
public enum RoundedRect {
    /// The radius Core Animation actually draws: clamped to half the shorter side, never negative.
    public static func effectiveRadius(_ radius: Double, in rect: Rect) -> Double {
        guard radius.isFinite, radius > 0 else { return 0 }
        return min(radius, rect.width / 2, rect.height / 2)
    }

    /// Segments per quarter circle so that the chord error stays under `tolerance` pixels for a
    /// radius of `radiusPixels` on screen.
    public static func segmentsPerQuarter(radiusPixels: Double, tolerance: Double = 0.125) -> Int {
        guard radiusPixels > tolerance, radiusPixels.isFinite else { return 1 }
        let step = 2 * (1 - tolerance / radiusPixels).clampedAcos
        let count = ((Double.pi / 2) / step).rounded(.up)
        guard count < 256 else { return 256 }  // also ∞ and NaN, before converting to Int
        return max(1, Int(count))
    }

    /// The outline, clockwise on screen (y down) from the top-left, as a closed polygon.
    /// A radius of 0 gives the four corners.
    public static func contour(_ rect: Rect, radius: Double, segmentsPerQuarter n: Int) -> [Point] {
        let r = rect.standardized
        let radius = effectiveRadius(radius, in: r)
        if radius == 0 {
            return [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                    Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
        }
        // Corner centres and their start angles (clockwise on screen = increasing angle, y down).
        let corners: [(Point, Double)] = [
            (Point(x: r.minX + radius, y: r.minY + radius), Double.pi),
            (Point(x: r.maxX - radius, y: r.minY + radius), 1.5 * Double.pi),
            (Point(x: r.maxX - radius, y: r.maxY - radius), 0),
            (Point(x: r.minX + radius, y: r.maxY - radius), 0.5 * Double.pi),
        ]
        var out: [Point] = []
        out.reserveCapacity(4 * (n + 1))
        for (centre, start) in corners {
            for k in 0...n {
                let a = start + Double.pi / 2 * Double(k) / Double(n)
                out.append(Point(x: centre.x + radius * cosine(a), y: centre.y + radius * sine(a)))
            }
        }
        return out
    }
}

extension Double {
    /// acos of the value clamped to [−1, 1].
    var clampedAcos: Double {
        let v = Swift.min(1, Swift.max(-1, self))
        // acos via atan2 keeps to the functions collected in Trigonometry.swift.
        return arcTangent2((1 - v * v).squareRoot(), v)
    }
}
