import AnimGeometry
import AnimLayers
import AnimRaster

/// One draw of a layer's `contents` image, reduced to everything its pixels depend on: the image
/// (its key in the compositor's `images`), the layer's device map, the part of the image shown
/// (`contentsRect` in image pixels), where it goes in the layer (the result of contentsGravity and
/// contentsScale), the filter, the canvas that clips the coverage and the opacity byte. The draw
/// reads nothing else, so two draws that compare equal fill every pixel with the same source
/// value, and the cached picture of one (``ContentsCache``) is the picture of the other.
///
/// Doubles are compared bit for bit (0 and −0 differ, a NaN equals itself), so equality never
/// merges two inputs the arithmetic could tell apart.
struct ImageDraw: Hashable {
    let image: String
    /// Layer bounds → device pixels, and back.
    let map: Homography
    let toLayer: Homography
    /// The image pixels shown, and the rectangle of the layer they fill.
    let source: Rect
    let dest: Rect
    /// Nine-part stretching (contentsCenter), when the centre is not the unit rectangle and the
    /// gravity resizes.
    let slices: ImageSlices?
    let filter: ImagePaint.Filter
    let canvas: PixelRect
    let opacity: UInt8
    /// The bit patterns of `map`, `source` and `dest`, for equality and hashing.
    private let bits: [UInt64]

    /// The draw of `layer`'s contents `image` (named `key`) through `map` at opacity `opacity`;
    /// nil when nothing can be drawn (a singular map, an empty source or destination).
    init?(layer: LayerProperties, image key: String, of image: Bitmap, map: Homography, canvas: PixelRect, opacity: UInt8) {
        guard let toLayer = map.inverse else { return nil }
        let (source, natural, dest) = Self.placement(of: layer, image: image)
        guard dest.size.width > 0, dest.size.height > 0, source.size.width != 0, source.size.height != 0 else { return nil }
        self.image = key
        self.map = map
        self.toLayer = toLayer
        self.source = source
        self.dest = dest
        slices = Self.slices(layer.contentsCenter, gravity: layer.contentsGravity, source: source, natural: natural, dest: dest)
        filter = Self.filter(layer, source: source, dest: dest, map: map)
        self.canvas = canvas
        self.opacity = opacity
        bits = [map.a, map.b, map.c, map.d, map.e, map.f, map.g, map.h, map.i,
                source.origin.x, source.origin.y, source.size.width, source.size.height,
                dest.origin.x, dest.origin.y, dest.size.width, dest.size.height].map(\.bitPattern)
            + (slices.map { s in [s.x, s.y].flatMap { [$0.p1, $0.p2, $0.q1, $0.q2] } } ?? []).map(\.bitPattern)
    }

    /// Where `layer`'s contents go: the image pixels shown (`contentsRect`), their size in points
    /// (`contentsScale`) and the rectangle of the layer they fill (`contentsGravity`).
    static func placement(of layer: LayerProperties, image: Bitmap) -> (source: Rect, natural: Size, dest: Rect) {
        let w = Double(image.width), h = Double(image.height), cr = layer.contentsRect
        let source = Rect(x: cr.origin.x * w, y: cr.origin.y * h, width: cr.size.width * w, height: cr.size.height * h)
        let scale = layer.contentsScale > 0 && layer.contentsScale.isFinite ? layer.contentsScale : 1
        let natural = Size(width: abs(source.size.width) / scale, height: abs(source.size.height) / scale)
        return (source, natural, layer.contentsGravity.placement(of: natural, in: layer.bounds))
    }

    /// The sampling of the draw: the layer's magnificationFilter when an image pixel spans more
    /// than one device pixel (measured over the whole destination: the geometric mean of the two
    /// axes' scales, at the projected corners' longest side for a perspective map), else its
    /// minificationFilter. `linear` and `trilinear` are both bilinear (with mip levels past 2×).
    static func filter(_ layer: LayerProperties, source: Rect, dest: Rect, map: Homography) -> ImagePaint.Filter {
        let perPoint = Projection.corners(of: dest, map).map { Projection.pixelScale(of: dest, projected: $0) } ?? 1
        let perPixel = perPoint * ((dest.size.width * dest.size.height) / abs(source.size.width * source.size.height)).squareRoot()
        let chosen = perPixel > 1 ? layer.magnificationFilter : layer.minificationFilter
        return chosen == .nearest ? .nearest : .bilinear
    }

    /// The grid of a centre rectangle other than the unit one, for a gravity that resizes (only
    /// resizing stretches the parts differently: the other gravities draw the image at its natural
    /// size). The caps are the centre's margins at the image's natural size in points.
    static func slices(_ center: Rect, gravity: ContentsGravity, source: Rect, natural: Size, dest: Rect) -> ImageSlices? {
        guard center != Rect(x: 0, y: 0, width: 1, height: 1), gravity.resizes else { return nil }
        let c = center.standardized
        return ImageSlices(
            x: .init(origin: source.origin.x, length: source.size.width, natural: natural.width, destination: dest.size.width,
                     centerMin: c.minX, centerMax: c.maxX),
            y: .init(origin: source.origin.y, length: source.size.height, natural: natural.height, destination: dest.size.height,
                     centerMin: c.minY, centerMax: c.maxY))
    }

    static func == (l: ImageDraw, r: ImageDraw) -> Bool {
        l.bits == r.bits && l.opacity == r.opacity && l.canvas == r.canvas && l.filter == r.filter && l.image == r.image
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bits)
        hasher.combine(opacity)
        hasher.combine(canvas)
        hasher.combine(filter)
        hasher.combine(image)
    }

    /// The draw's ``ContentsPicture`` (the image being the one named `image`, `pyramid` its
    /// ``MipChain/full(of:)``, asked for only if needed), drawn into a bitmap the size of its
    /// coverage's bounds; nil when it covers no pixel of the canvas, or the image is not premultiplied.
    func picture(_ image: Bitmap, pyramid: () -> MipChain) -> ContentsPicture? {
        guard case let .paint(mask, .image(paint), opacity)? = canvasDraw(image, pyramid: pyramid),
              let pixels = Blend.picture(of: mask, image: paint, opacity: opacity) else { return nil }
        return ContentsPicture(bounds: mask.bounds, pixels: pixels)
    }

    /// The fill as a ``CanvasDraw`` (the destination rectangle's coverage, painted with the
    /// image); nil when it covers no pixel of the canvas.
    func canvasDraw(_ image: Bitmap, pyramid: () -> MipChain) -> CanvasDraw? {
        let sx = source.size.width / dest.size.width, sy = source.size.height / dest.size.height
        let layerToImage = Homography(sx, 0, 0, 0, sy, 0, source.origin.x - dest.origin.x * sx, source.origin.y - dest.origin.y * sy, 1)
        guard let outline = Projection.corners(of: dest, map),
              let mask = Rasterizer.coverage(of: [outline], clip: canvas) else { return nil }
        let paint = Paint.image(ImagePaint(image: image, deviceToImage: toLayer.concatenating(layerToImage),
                                           filter: filter, slices: slices, pyramid: pyramid))
        return .paint(mask, paint, opacity: opacity)
    }
}
