/// A rectangle of pixels, in pixel units.
public struct PixelRect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest rectangle holding both.
    func union(_ other: PixelRect) -> PixelRect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        let x1 = max(x + width, other.x + other.width), y1 = max(y + height, other.y + other.height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// The bounding rectangle of the pixels that differ between two same-sized images of 32-bit pixels.
enum ChangedRect {
    /// nil when the images are identical.
    static func between(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>, width: Int, height: Int) -> PixelRect? {
        var top = -1, bottom = -1
        for y in 0..<height where !rowEqual(a, b, y * width, width) {
            if top < 0 { top = y }
            bottom = y
        }
        guard top >= 0 else { return nil }
        var left = width, right = -1
        for y in top...bottom {
            let row = y * width
            var x = 0
            while x < left && a[row + x] == b[row + x] { x += 1 }
            if x < left { left = x }
            var r = width - 1
            while r > right && a[row + r] == b[row + r] { r -= 1 }
            if r > right { right = r }
        }
        return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }

    /// `between` for RGBA8 byte arrays.
    static func between(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> PixelRect? {
        a.withUnsafeBytes { ra in
            b.withUnsafeBytes { rb in
                ra.withMemoryRebound(to: UInt32.self) { pa in
                    rb.withMemoryRebound(to: UInt32.self) { pb in between(pa, pb, width: width, height: height) }
                }
            }
        }
    }

    @inline(__always)
    private static func rowEqual(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>, _ start: Int, _ count: Int) -> Bool {
        memcmpEqual(a.baseAddress! + start, b.baseAddress! + start, count)
    }

    @inline(__always)
    private static func memcmpEqual(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, _ count: Int) -> Bool {
        for i in 0..<count where a[i] != b[i] { return false }
        return true
    }
}
