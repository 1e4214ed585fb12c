import CPixelStores
import Glibc

/// An image of premultiplied RGBA8 pixels, row-major, 4·width bytes per row, no padding.
///
/// Premultiplied means each colour channel is already multiplied by alpha (c ≤ a always holds).
/// The codecs convert to and from straight alpha at the file boundary.
public struct Bitmap: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// Premultiplied RGBA8 bytes, `width * height * 4` of them. Any write forgets
    /// ``knownBackground``. Written in place: the `_modify` yields the stored array itself. (A
    /// `didSet` did the same forgetting, but through it every write from another module, such as
    /// a `withUnsafeMutableBytes` in the compositor, copied the whole buffer first: a canvas-sized
    /// copy for every offscreen given back, `BitmapWriteTests`.)
    public var pixels: [UInt8] {
        get { storage }
        set {
            storage = newValue
            knownBackground = nil
        }
        _modify {
            knownBackground = nil
            yield &storage
        }
    }

    private var storage: [UInt8]

    /// Where the pixels are known to hold a frame's background, as the compositor leaves a frame's
    /// canvas: a canvas given back (`Renderer.recycle`) and drawn again keeps those lines instead
    /// of writing them (drawn in bands), or fills only the others (drawn whole). nil once anything
    /// writes to ``pixels`` (a change made by the caller before giving the frame back is never
    /// mistaken for background), and never part of the bitmap's value (`==`, `hash`).
    public var knownBackground: KnownBackground?

    /// The address of the pixel memory now (``CanvasLines`` counts lines from it).
    public var pixelAddress: Int {
        pixels.withUnsafeBytes { Int(bitPattern: $0.baseAddress) }
    }

    /// The same size and the same bytes, compared with one `memcmp`: the arrays' `==` compares a
    /// byte per step (5.6 % of `animrender test`'s time over Scenes/, session 53). ``hash(into:)``
    /// hashes the same three fields.
    public static func == (a: Bitmap, b: Bitmap) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        return a.pixels.withUnsafeBytes { x in
            b.pixels.withUnsafeBytes { y in
                x.count == y.count && (x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(pixels)
    }

    /// The largest width or height accepted (16384 px).
    public static let maxDimension = 16_384

    /// A transparent bitmap; nil for a zero, negative or absurd size.
    public init?(width: Int, height: Int) {
        guard width > 0, height > 0, width <= Bitmap.maxDimension, height <= Bitmap.maxDimension else {
            return nil
        }
        self.width = width
        self.height = height
        storage = FreshMemory.zeroedBytes(count: width * height * 4)
    }

    /// A bitmap of one colour, written once (not zeroed first); nil for a zero, negative or absurd size.
    public init?(width: Int, height: Int, filledWith color: PixelRGBA8) {
        guard width > 0, height > 0, width <= Bitmap.maxDimension, height <= Bitmap.maxDimension else {
            return nil
        }
        self.width = width
        self.height = height
        let count = width * height * 4
        storage = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            FreshMemory.populate(UnsafeMutableRawPointer(buffer.baseAddress!), count: count)
            Self.fill(UnsafeMutableRawBufferPointer(buffer), with: color)
            initialized = count
        }
    }

    /// Wraps existing premultiplied bytes; nil when the count does not match the size.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, width <= Bitmap.maxDimension, height <= Bitmap.maxDimension,
              pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        storage = pixels
    }

    /// The premultiplied pixel at (x, y).
    public subscript(x: Int, y: Int) -> PixelRGBA8 {
        get {
            let o = (y * width + x) * 4
            return PixelRGBA8(r: pixels[o], g: pixels[o + 1], b: pixels[o + 2], a: pixels[o + 3])
        }
        set {
            let o = (y * width + x) * 4
            pixels[o] = newValue.r
            pixels[o + 1] = newValue.g
            pixels[o + 2] = newValue.b
            pixels[o + 3] = newValue.a
        }
    }

    /// Whether no colour channel exceeds its pixel's alpha (the premultiplied invariant; decoded
    /// images always hold it, a hand-made bitmap may not).
    public var isPremultiplied: Bool {
        pixels.withUnsafeBytes { raw in
            // Branch-free, so the loop vectorises: a − c wraps to a value with the top bit set
            // exactly when c > a.
            var excess: UInt32 = 0
            for o in stride(from: 0, to: raw.count &- 3, by: 4) {
                let a = UInt32(raw[o &+ 3])
                excess |= (a &- UInt32(raw[o])) | (a &- UInt32(raw[o &+ 1])) | (a &- UInt32(raw[o &+ 2]))
            }
            return excess & 0x8000_0000 == 0
        }
    }

    /// Sets every pixel to `color`.
    public mutating func fill(_ color: PixelRGBA8) {
        pixels.withUnsafeMutableBytes { Self.fill($0, with: color) }
    }

    /// Sets every pixel of rows `rows` (clamped to the bitmap) to `color`.
    public mutating func fill(_ color: PixelRGBA8, rows: Range<Int>) {
        let first = max(0, rows.lowerBound), end = min(height, rows.upperBound)
        guard first < end else { return }
        let rowBytes = width * 4
        pixels.withUnsafeMutableBytes { raw in
            Self.fill(UnsafeMutableRawBufferPointer(rebasing: raw[(first * rowBytes)..<(end * rowBytes)]), with: color)
        }
    }

    /// Writes `color` over every whole pixel of `raw`.
    ///
    /// A fill of two ``copyBlock``s or more goes to the C library: `wmemset` of the pixel as a
    /// 4-byte word (`animrender_fill_words`), or `memset` from one block up for a colour whose four
    /// bytes are equal, which store without reading (glibc uses 32-byte vector stores or `rep stos`).
    /// Up to session 54 such a fill wrote its first block with vector stores and copied it over the
    /// rest with `memmove`; the copy reads as much as it writes, and a band's background fill went
    /// from 8 % of a 1280×720 frame to about 5 % with `wmemset` (docs/benchmarks.md, session 55).
    /// (Session 31: on an Intel host those `rep` stores also wrote whole lines of a canvas beyond
    /// the caches without reading them first; canvases that large are now drawn in a
    /// ``BandScratch`` and streamed.) Smaller fills use the vector stores alone. The bytes written
    /// are the same either way.
    private static func fill(_ raw: UnsafeMutableRawBufferPointer, with color: PixelRGBA8) {
        guard let p = raw.baseAddress else { return }
        let bytes = raw.count & ~3
        if color.r == color.g, color.g == color.b, color.b == color.a, bytes >= copyBlock {
            p.initializeMemory(as: UInt8.self, repeating: color.r, count: bytes)
            return
        }
        guard bytes >= 2 * copyBlock else { return storeFill(p, bytes: bytes, with: color) }
        let word = color.word
        animrender_fill_words(p, word, bytes / 4)
    }

    /// A fill of twice this many bytes goes to the C library (one of a colour whose four bytes are
    /// equal from this many), where the call costs nothing beside the stores; a whole number of pixels.
    static let copyBlock = 16 << 10

    /// Writes `color` over the first `bytes` bytes at `p` (a multiple of 4): sixteen pixels per
    /// step (four 16-byte stores), then one by one.
    private static func storeFill(_ p: UnsafeMutableRawPointer, bytes: Int, with color: PixelRGBA8) {
        let word = color.word
        let four = SIMD4<UInt32>(repeating: word)
        var o = 0
        while o &+ 64 <= bytes {
            p.storeBytes(of: four, toByteOffset: o, as: SIMD4<UInt32>.self)
            p.storeBytes(of: four, toByteOffset: o &+ 16, as: SIMD4<UInt32>.self)
            p.storeBytes(of: four, toByteOffset: o &+ 32, as: SIMD4<UInt32>.self)
            p.storeBytes(of: four, toByteOffset: o &+ 48, as: SIMD4<UInt32>.self)
            o &+= 64
        }
        while o < bytes {
            p.storeBytes(of: word, toByteOffset: o, as: UInt32.self)
            o &+= 4
        }
    }
}

/// One premultiplied RGBA8 pixel.
public struct PixelRGBA8: Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    @inlinable
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// The pixel as a little-endian 4-byte word (r in the low byte), as it lies in memory.
    @inlinable
    public var word: UInt32 { UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24 }

    public static let transparent = PixelRGBA8(r: 0, g: 0, b: 0, a: 0)
}
