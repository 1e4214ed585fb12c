/// An integer rectangle of pixels: x in minX..<maxX, y in minY..<maxY.
public struct PixelRect: Hashable, Sendable {
    public var minX, minY, maxX, maxY: Int

    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    public var width: Int { max(0, maxX - minX) }
    public var height: Int { max(0, maxY - minY) }
    public var isEmpty: Bool { maxX <= minX || maxY <= minY }

    /// The part of the rectangle in rows `rows` (a band of a canvas drawn band by band).
    public func clipped(toRows rows: Range<Int>) -> PixelRect {
        PixelRect(minX: minX, minY: Swift.max(minY, rows.lowerBound), maxX: maxX, maxY: Swift.min(maxY, rows.upperBound))
    }

    /// Every row: a draw given these rows is not restricted.
    public static let allRows = Int.min..<Int.max

    public func intersection(_ o: PixelRect) -> PixelRect {
        PixelRect(minX: max(minX, o.minX), minY: max(minY, o.minY), maxX: min(maxX, o.maxX), maxY: min(maxY, o.maxY))
    }

    public func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelRect(minX: min(minX, o.minX), minY: min(minY, o.minY), maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY))
    }

    public static let empty = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
}

/// Anti-aliased coverage (A8: 0 = outside, 255 = fully inside) over a pixel rectangle.
public struct CoverageMask: Hashable, Sendable {
    public let bounds: PixelRect
    /// Row-major coverage, `bounds.width * bounds.height` bytes.
    public var coverage: [UInt8]

    public init(bounds: PixelRect, coverage: [UInt8]) {
        precondition(coverage.count == bounds.width * bounds.height)
        self.bounds = bounds
        self.coverage = coverage
    }

    /// Coverage at absolute pixel (x, y); 0 outside the bounds.
    public subscript(x: Int, y: Int) -> UInt8 {
        guard x >= bounds.minX, x < bounds.maxX, y >= bounds.minY, y < bounds.maxY else { return 0 }
        return coverage[(y - bounds.minY) * bounds.width + (x - bounds.minX)]
    }

    /// The covered area in pixels (sum of coverage / 255).
    public var area: Double {
        Double(coverage.reduce(0) { $0 + Int($1) }) / 255
    }
}
