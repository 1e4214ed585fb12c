import AnimGeometry
import AnimRaster

/// CATransition "suckEffect": the old rendering is drawn into the bottom-left corner like the
/// macOS genie, narrowing toward the corner from the bottom up while its top edge falls, revealing the
/// new rendering beneath. The sink point is iOS's undocumented default; the corner where CA's own
/// (bottom-left origin) coordinates start is chosen (docs/transitions.md).
struct Suck: LayerWarp {
    let size: Size
    let old: WarpTexture
    let new: WarpTexture
    let top: Double
    let bendStart: Double

    init(size: Size, old: WarpTexture, new: WarpTexture, progress p: Double) {
        self.size = size
        self.old = old
        self.new = new
        top = Self.smoothstep(0.3, 1, p)
        bendStart = 1 - 2 * p
    }

    /// The narrowest the picture gets, as a fraction of the width, at the sink.
    static let throat = 0.02

    func region(u: Double, v: Double) -> Int {
        guard u >= 0, v >= 0, u <= size.width, v <= size.height else { return -1 }
        return source(u, v) == nil ? 0 : 1
    }

    func color(u: Double, v: Double) -> SIMD4<Double> {
        guard u >= 0, v >= 0, u <= size.width, v <= size.height else { return SIMD4(repeating: 0) }
        guard let q = source(u, v) else { return new.sample(u, v) }
        // Over an opaque colour the new rendering does not show (`over` gives the top exactly).
        let top = old.sample(q.x, q.y)
        return top.isOpaque ? top : top.over(new.sample(u, v))
    }

    /// The point of the old picture shown at (u, v), nil where it has been sucked away.
    private func source(_ u: Double, _ v: Double) -> Point? {
        let y = v / size.height, x = u / size.width
        guard y >= top, top < 1 else { return nil }
        let right = 1 - (1 - Self.throat) * Self.smoothstep(bendStart, 1, y)
        guard x <= right else { return nil }
        return Point(x: x / right * size.width, y: (y - top) / (1 - top) * size.height)
    }

    static func smoothstep(_ a: Double, _ b: Double, _ x: Double) -> Double {
        guard b > a else { return x < a ? 0 : 1 }
        let t = min(1, max(0, (x - a) / (b - a)))
        return t * t * (3 - 2 * t)
    }
}
