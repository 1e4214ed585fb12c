/// Nine-part stretching (CALayer.contentsCenter) as a remap of image coordinates, one axis at a
/// time. An image paint's map takes a device pixel to where it would fall in the image if the image
/// were stretched evenly over its rectangle; the slices move that position to where the nine-part
/// grid puts it: the caps before and after the centre keep their natural size, the centre takes the
/// rest. Along each axis the remap is piecewise linear with three pieces, continuous unless the caps
/// fill the whole length (the centre then vanishes, and the caps meet).
public struct ImageSlices: Hashable, Sendable {
    public let x: Axis, y: Axis

    public init(x: Axis, y: Axis) {
        (self.x, self.y) = (x, y)
    }

    /// One axis: the image range shown (image pixels, `length` signed: a flipped contentsRect
    /// runs backwards) and the breakpoints in unit coordinates of that range, `p` where the even
    /// stretch puts the centre's edges, `q` where they are in the image.
    public struct Axis: Hashable, Sendable {
        public let origin: Double, length: Double
        public let p1: Double, p2: Double, q1: Double, q2: Double
        /// The slopes of the three pieces (0 for an empty piece).
        let k0: Double, k1: Double, k2: Double

        /// The axis of a rectangle `destination` points long showing `length` image pixels from
        /// `origin`, whose natural length is `natural` points, with the centre from `centerMin` to
        /// `centerMax` (unit coordinates of the range shown, clamped to 0…1). The caps keep their
        /// natural size; where together they are longer than the rectangle they shrink in
        /// proportion (a choice: Apple leaves it undefined).
        public init(origin: Double, length: Double, natural: Double, destination: Double, centerMin: Double, centerMax: Double) {
            let q1 = min(max(centerMin.isNaN ? 0 : centerMin, 0), 1)
            let q2 = min(max(centerMax.isNaN ? 1 : centerMax, q1), 1)
            var before = q1 * natural, after = (1 - q2) * natural
            // Caps filling the whole length leave no centre (exactly: p2 = p1, not a sliver).
            let capsFill = before + after >= destination
            if capsFill {
                let f = before + after > 0 ? destination / (before + after) : 0
                (before, after) = (before * f, after * f)
            }
            let p1 = destination > 0 ? min(1, before / destination) : 0
            let p2 = capsFill ? p1 : max(p1, 1 - after / destination)
            (self.origin, self.length, self.p1, self.p2, self.q1, self.q2) = (origin, length, p1, p2, q1, q2)
            k0 = p1 > 0 ? q1 / p1 : 0
            k1 = p2 > p1 ? (q2 - q1) / (p2 - p1) : 0
            k2 = p2 < 1 ? (1 - q2) / (1 - p2) : 0
        }

        /// The unit position s of the even stretch, moved onto the grid.
        @inline(__always)
        public func unit(_ s: Double) -> Double {
            s < p1 ? s * k0 : (s < p2 ? q1 + (s - p1) * k1 : q2 + (s - p2) * k2)
        }

        /// The slope of the piece at unit position s.
        @inline(__always)
        func slope(_ s: Double) -> Double {
            s < p1 ? k0 : (s < p2 ? k1 : k2)
        }

        /// An image coordinate of the even stretch, moved onto the grid, and the slope there.
        @inline(__always)
        func apply(_ t: Double) -> (position: Double, slope: Double) {
            let s = (t - origin) / length
            return (origin + unit(s) * length, slope(s))
        }

        /// The steepest piece: how much more the grid may minify than the even stretch.
        var steepest: Double { max(k0, k1, k2) }
    }
}
