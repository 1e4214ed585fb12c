import AnimGeometry
import AnimRaster

/// The depth of a plane at each device pixel: device → the plane's bounds space (the inverse of
/// its device map), then z/w in the rendering context's 3D space. z/w grows toward the viewer
/// (the eye looks down −z), perspective included, so larger is nearer.
struct PlaneDepth {
    let deviceToPlane: Homography
    let matrix: Transform3D

    func depth(_ x: Double, _ y: Double) -> Double {
        let q = deviceToPlane.apply(Point(x: x, y: y))
        guard q.w != 0 else { return -.infinity }
        let u = q.x / q.w, v = q.y / q.w
        let z = u * matrix.m13 + v * matrix.m23 + matrix.m43
        let w = u * matrix.m14 + v * matrix.m24 + matrix.m44
        let d = z / w
        return d.isFinite ? d : -.infinity
    }
}

/// A plane's rendering, the part of it drawn, and its depth function.
struct DepthLayer {
    let bitmap: Bitmap
    let area: PixelRect
    let depth: PlaneDepth
}

/// Per-pixel far-to-near compositing of the planes of a 3D rendering context.
///
/// Where one plane covers a pixel it is composited as is. Where several do, their order is taken
/// at the pixel centre and at four sub-pixel points (±¼ px); if the order changes inside the
/// pixel (an intersection line crosses it) the four orders are composited and averaged, which
/// anti-aliases the intersection.
enum DepthCompositor {
    static let subsamples: [(Double, Double)] = [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)]

    static func composite(_ layers: [DepthLayer], into dst: inout Bitmap) {
        var region = PixelRect.empty
        for l in layers { region = region.union(l.area) }
        region = region.intersection(PixelRect(minX: 0, minY: 0, maxX: dst.width, maxY: dst.height))
        guard !region.isEmpty else { return }
        var covering: [Int] = []
        covering.reserveCapacity(layers.count)
        for y in region.minY..<region.maxY {
            for x in region.minX..<region.maxX {
                covering.removeAll(keepingCapacity: true)
                for (k, l) in layers.enumerated() where contains(l.area, x, y) && l.bitmap[x, y].a != 0 {
                    covering.append(k)
                }
                guard !covering.isEmpty else { continue }
                dst[x, y] = pixel(x, y, covering, layers, background: dst[x, y])
            }
        }
    }

    private static func pixel(_ x: Int, _ y: Int, _ covering: [Int], _ layers: [DepthLayer],
                              background: PixelRGBA8) -> PixelRGBA8 {
        if covering.count == 1 { return Blend.over(layers[covering[0]].bitmap[x, y], background) }
        let centre = order(covering, layers, Double(x) + 0.5, Double(y) + 0.5)
        let orders = subsamples.map { order(covering, layers, Double(x) + $0.0, Double(y) + $0.1) }
        if orders.allSatisfy({ $0 == centre }) { return stack(centre, layers, x, y, background) }
        var sum = [UInt32](repeating: 0, count: 4)
        for o in orders {
            let p = stack(o, layers, x, y, background)
            sum[0] += UInt32(p.r); sum[1] += UInt32(p.g); sum[2] += UInt32(p.b); sum[3] += UInt32(p.a)
        }
        return PixelRGBA8(r: UInt8((sum[0] + 2) / 4), g: UInt8((sum[1] + 2) / 4),
                          b: UInt8((sum[2] + 2) / 4), a: UInt8((sum[3] + 2) / 4))
    }

    /// The covering planes far to near at (px, py); planes at equal depth keep tree order.
    static func order(_ covering: [Int], _ layers: [DepthLayer], _ px: Double, _ py: Double) -> [Int] {
        let depths = covering.map { layers[$0].depth.depth(px, py) }
        var idx = Array(covering.indices)
        // Insertion sort: few planes per pixel, and a tolerance that is not a strict order.
        for i in 1..<idx.count {
            var j = i
            while j > 0 && nearer(depths[idx[j - 1]], than: depths[idx[j]]) {
                idx.swapAt(j, j - 1)
                j -= 1
            }
        }
        return idx.map { covering[$0] }
    }

    /// True when depth `a` is nearer the viewer than `b` by more than rounding noise.
    private static func nearer(_ a: Double, than b: Double) -> Bool {
        a - b > 1e-9 * max(1, abs(a), abs(b))
    }

    private static func stack(_ order: [Int], _ layers: [DepthLayer], _ x: Int, _ y: Int, _ background: PixelRGBA8) -> PixelRGBA8 {
        var d = background
        for k in order { d = Blend.over(layers[k].bitmap[x, y], d) }
        return d
    }

    @inline(__always)
    private static func contains(_ r: PixelRect, _ x: Int, _ y: Int) -> Bool {
        x >= r.minX && x < r.maxX && y >= r.minY && y < r.maxY
    }
}
