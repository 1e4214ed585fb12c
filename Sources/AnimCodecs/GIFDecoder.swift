import AnimRaster
import CGIF

/// One frame of a decoded animation: the whole canvas as shown, and how long it stays.
public struct GIFFrame: Sendable {
    /// The full canvas after drawing this frame (premultiplied; transparent where nothing was drawn).
    public var image: Bitmap
    /// How long the frame is shown, in centiseconds.
    public var delayCentiseconds: Int

    /// A frame from its canvas and delay.
    public init(image: Bitmap, delayCentiseconds: Int) {
        self.image = image
        self.delayCentiseconds = delayCentiseconds
    }
}

/// Decodes GIF files (giflib) into full-canvas frames, as a browser would show them.
public enum GIFDecoder {
    /// The screen size, the NETSCAPE2.0 loop count (nil when absent, 0 = forever) and every
    /// frame composited onto the canvas, honouring transparency and the disposal modes
    /// (do not dispose, restore to background = transparent, restore to previous).
    public static func decode(_ data: [UInt8]) throws(CodecError)
        -> (width: Int, height: Int, loopCount: Int?, frames: [GIFFrame])
    {
        let reader = try GIFReader(data)
        let (width, height) = (Int(reader.gif.pointee.SWidth), Int(reader.gif.pointee.SHeight))
        guard var canvas = Bitmap(width: width, height: height) else {
            throw .gif("invalid screen size \(width)×\(height)")
        }
        let global = reader.gif.pointee.SColorMap
        var frames: [GIFFrame] = []
        for (index, image) in reader.images.enumerated() {
            let control = reader.control(index)
            guard let map = image.ImageDesc.ColorMap ?? global else {
                throw .gif("frame \(index) has no colour table")
            }
            let previous = control.DisposalMode == DISPOSE_PREVIOUS ? canvas : nil
            draw(image, colours: map.pointee, transparent: Int(control.TransparentColor), on: &canvas)
            frames.append(GIFFrame(image: canvas, delayCentiseconds: Int(control.DelayTime)))
            switch control.DisposalMode {
            case DISPOSE_BACKGROUND: clear(image.ImageDesc, on: &canvas)
            case DISPOSE_PREVIOUS: canvas = previous ?? canvas
            default: break
            }
        }
        return (width, height, reader.loopCount, frames)
    }

    /// Paints the opaque pixels of `image` (clipped to the canvas) as opaque colours.
    private static func draw(_ image: SavedImage, colours: ColorMapObject, transparent: Int, on canvas: inout Bitmap) {
        let d = image.ImageDesc
        guard let raster = image.RasterBits else { return }
        let (w, h) = (Int(d.Width), Int(d.Height))
        for y in 0..<h {
            let cy = Int(d.Top) + y
            guard cy >= 0, cy < canvas.height else { continue }
            for x in 0..<w {
                let cx = Int(d.Left) + x
                let index = Int(raster[y * w + x])
                guard cx >= 0, cx < canvas.width, index != transparent else { continue }
                let c = index < Int(colours.ColorCount) ? colours.Colors[index] : GifColorType(Red: 0, Green: 0, Blue: 0)
                canvas[cx, cy] = PixelRGBA8(r: c.Red, g: c.Green, b: c.Blue, a: 255)
            }
        }
    }

    /// Restores the frame's rectangle to transparent ("restore to background").
    private static func clear(_ d: GifImageDesc, on canvas: inout Bitmap) {
        let (x0, x1) = (max(0, Int(d.Left)), min(canvas.width, Int(d.Left) + Int(d.Width)))
        let (y0, y1) = (max(0, Int(d.Top)), min(canvas.height, Int(d.Top) + Int(d.Height)))
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            for x in x0..<x1 { canvas[x, y] = .transparent }
        }
    }
}
