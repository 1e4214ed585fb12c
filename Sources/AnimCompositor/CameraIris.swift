import AnimGeometry
import AnimLayers

/// CATransition "cameraIris", "cameraIrisHollowClose" and "cameraIrisHollowOpen": a six-bladed
/// shutter over the layer. Its aperture is a regular hexagon about the centre that turns as it closes;
/// the blades are dark with lighter seams running outward from each corner of the aperture.
/// HollowClose closes over the old rendering, HollowOpen opens onto the new one, and cameraIris closes
/// over the old then opens onto the new. The look of iOS's iris is unpublished (docs/transitions.md).
struct CameraIris {
    /// How closed the shutter is (0 open, 1 shut) and which rendering shows through it.
    let closed: Double
    let source: TransitionSource

    init(_ type: TransitionType, progress p: Double) {
        switch type {
        case .cameraIrisHollowClose: (closed, source) = (p, .old)
        case .cameraIrisHollowOpen: (closed, source) = (1 - p, .new)
        default: (closed, source) = p < 0.5 ? (2 * p, .old) : (2 - 2 * p, .new)
        }
    }

    static let bladeColor = Color(red: 0.11, green: 0.11, blue: 0.12)
    static let seamColor = Color(red: 0.32, green: 0.32, blue: 0.34)
    /// Seam width in points.
    static let seamWidth = 1.0

    /// The aperture's corners in bounds space; fully open it circumscribes the bounds.
    func aperture(in b: Rect) -> [Point] {
        let cx = b.origin.x + b.width / 2, cy = b.origin.y + b.height / 2
        let halfDiagonal = (b.width * b.width + b.height * b.height).squareRoot() / 2
        let open = halfDiagonal / cosine(Double.pi / 6) * 1.05
        let radius = open * (1 - min(1, max(0, closed)))
        let turn = closed * Double.pi / 2
        return (0..<6).map { i in
            let a = turn + Double(i) * Double.pi / 3
            return Point(x: cx + radius * cosine(a), y: cy + radius * sine(a))
        }
    }

    /// Thin quads from each aperture corner outward along the edge that ends there.
    func seams(in b: Rect) -> [[Point]] {
        let corners = aperture(in: b)
        let reach = (b.width + b.height) * 2
        return corners.indices.compactMap { i in
            let v = corners[i], next = corners[(i + 1) % corners.count]
            let dx = v.x - next.x, dy = v.y - next.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 1e-9 else { return nil }
            let ux = dx / length, uy = dy / length, h = Self.seamWidth / 2
            let end = Point(x: v.x + ux * reach, y: v.y + uy * reach)
            return [Point(x: v.x - uy * h, y: v.y + ux * h), Point(x: end.x - uy * h, y: end.y + ux * h),
                    Point(x: end.x + uy * h, y: end.y - ux * h), Point(x: v.x + uy * h, y: v.y - ux * h)]
        }
    }
}
