import AnimRaster

/// A plane's rendering, the part of it drawn, and its depth function.
struct DepthLayer {
    /// The rendering: a canvas-sized bitmap, or the pixels of `area` copied out of one.
    let pixels: Pixels
    /// The canvas position of the pixels' top-left pixel.
    let originX: Int, originY: Int
    let area: PixelRect
    let depth: PlaneDepth

    enum Pixels {
        case canvas(Bitmap)
        case cropped(CroppedPixels)
    }

    /// A canvas-sized rendering.
    init(bitmap: Bitmap, area: PixelRect, depth: PlaneDepth) {
        let inside = area.intersection(PixelRect(minX: 0, minY: 0, maxX: bitmap.width, maxY: bitmap.height))
        (pixels, originX, originY, self.area, self.depth) = (.canvas(bitmap), 0, 0, inside, depth)
    }

    /// The part `area` (within the canvas) of a canvas-sized rendering, copied out, so the canvas-sized
    /// surface can go back to its pool while the context's other planes are drawn.
    init(cropping canvas: Bitmap, to area: PixelRect, depth: PlaneDepth) {
        let area = area.intersection(PixelRect(minX: 0, minY: 0, maxX: canvas.width, maxY: canvas.height))
        (originX, originY, self.area, self.depth) = (area.minX, area.minY, area, depth)
        pixels = .cropped(CroppedPixels(canvas, area))
    }

    /// The width and height of the pixels held.
    var width: Int {
        switch pixels {
        case .canvas(let b): b.width
        case .cropped(let c): c.width
        }
    }

    var height: Int {
        switch pixels {
        case .canvas(let b): b.height
        case .cropped(let c): c.height
        }
    }

    /// The bytes held (canvas-sized, or the area's).
    var byteCount: Int { width * height * 4 }

    /// Whether the pixels hold every pixel of `area`.
    var holdsArea: Bool {
        area.isEmpty || (area.minX >= originX && area.minY >= originY
            && area.maxX - originX <= width && area.maxY - originY <= height)
    }

    /// The pixel at canvas point (x, y), which must be held (for tests and references; the
    /// compositor reads through ``DepthCompositor``'s pointers).
    subscript(x: Int, y: Int) -> PixelRGBA8 {
        switch pixels {
        case .canvas(let b): return b[x, y]
        case .cropped(let c):
            let o = ((y - originY) * c.width + x - originX) * 4
            let p = c.bytes
            return PixelRGBA8(r: p[o], g: p[o + 1], b: p[o + 2], a: p[o + 3])
        }
    }
}

/// Premultiplied RGBA pixels copied out of a canvas, at an address that stays put while they live:
/// a context of thousands of small planes is read through one pointer each, with neither a
/// closure per plane (the stack) nor a second copy (the memory budget).
final class CroppedPixels {
    let bytes: UnsafeMutableRawBufferPointer
    let width: Int, height: Int

    init(_ canvas: Bitmap, _ area: PixelRect) {
        (width, height) = area.isEmpty ? (0, 0) : (area.width, area.height)
        let rowBytes = width * 4
        bytes = .allocate(byteCount: max(1, rowBytes * height), alignment: 16)
        guard !area.isEmpty else { return }
        canvas.pixels.withUnsafeBytes { src in
            for y in 0..<height {
                let from = ((area.minY + y) * canvas.width + area.minX) * 4
                (bytes.baseAddress! + y * rowBytes).copyMemory(from: src.baseAddress! + from, byteCount: rowBytes)
            }
        }
    }

    deinit { bytes.deallocate() }
}
