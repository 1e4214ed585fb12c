/// Chords of a circular arc that cover the arc's sector exactly, for round caps and joins
/// (``StrokePen``) and for rounded corners (``RoundedRect``).
enum ArcChords {
    /// The radius of an arc's inner vertices, `steps` chords of `step` radians between two ends on
    /// the circle of radius r, at which the chords' fan covers the sector's area exactly:
    /// (n − 2)·R² + 2·r·R = r²·n·θ / sin θ (the two end triangles have one side r). The chords then
    /// straddle the circle, vertices outside by about r·θ²/12 and middles inside by about r·θ²/24,
    /// both within the sagitta the step was chosen for. With vertices on the circle instead, the
    /// fan is the inscribed polygon, short by up to 4.5 % of a small disc's area.
    static func innerRadius(_ r: Double, steps n: Int, step theta: Double) -> Double {
        let s = sine(theta)
        guard n >= 2, s > 0, theta > 0 else { return r }
        let k = r * Double(n) * theta / s
        guard n > 2 else { return k / 2 }
        let m = Double(n - 2)
        return (-r + (r * r + m * r * k).squareRoot()) / m
    }
}
