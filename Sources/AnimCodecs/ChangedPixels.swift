/// Which pixels of a GIF frame must be drawn (``GIFAnimationEncoder``): a pixel is drawn when it
/// is opaque and the screen is clear there, or its source changed since the previous frame by more
/// than the quality's tolerance from what is shown (the largest channel difference; tolerance 0:
/// any change). Eight pixels at a time, with the same answer per pixel as ``changed(_:_:_:tolerance:)``.
enum ChangedPixels {
    typealias Lanes = SIMD8<UInt32>
    typealias Mask = SIMDMask<SIMD8<Int32>>

    private static let clear = OpaqueColors.transparent

    /// Whether one pixel must be drawn.
    @inline(__always)
    static func changed(_ target: UInt32, _ previous: UInt32, _ shown: UInt32, tolerance: Int) -> Bool {
        guard target != clear else { return false }
        guard shown != clear else { return true }
        return target != previous && (tolerance == 0 || distance(target, shown) > tolerance)
    }

    /// Whether each of eight pixels must be drawn.
    @inline(__always)
    static func changed(_ target: Lanes, _ previous: Lanes, _ shown: Lanes, tolerance: Int) -> Mask {
        let clear = Lanes(repeating: Self.clear)
        var moved = target .!= previous
        if tolerance > 0 { moved .&= distance(target, shown) .> Lanes(repeating: UInt32(clamping: tolerance)) }
        return (target .!= clear) .& ((shown .== clear) .| moved)
    }

    /// The largest channel difference of two 0xRRGGBB colours.
    @inline(__always)
    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = abs(Int(a >> 16) - Int(b >> 16))
        let dg = abs(Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF))
        return max(dr, dg, abs(Int(a & 0xFF) - Int(b & 0xFF)))
    }

    /// The largest channel difference, per lane (the transparent mark's 25th bit counts as red
    /// above 255, so a mark against a colour is far; callers test the marks first anyway).
    @inline(__always)
    static func distance(_ a: Lanes, _ b: Lanes) -> Lanes {
        func channel(_ x: Lanes, _ shift: UInt32) -> Lanes { (x &>> Lanes(repeating: shift)) & Lanes(repeating: 0xFF) }
        func difference(_ x: Lanes, _ y: Lanes) -> Lanes { pointwiseMax(x, y) &- pointwiseMin(x, y) }
        let r = difference(a &>> Lanes(repeating: 16), b &>> Lanes(repeating: 16))
        return pointwiseMax(r, pointwiseMax(difference(channel(a, 8), channel(b, 8)), difference(channel(a, 0), channel(b, 0))))
    }

    /// Copies into `out` the pixels of one row of `count` that must be drawn, leaving the others
    /// as they are; whether some pixel is left.
    static func copyRow(target: UnsafePointer<UInt32>, previous: UnsafePointer<UInt32>, shown: UnsafePointer<UInt32>,
                        into out: UnsafeMutablePointer<UInt32>, count: Int, tolerance: Int) -> Bool {
        var left = false, x = 0
        while x + 8 <= count {
            let t = load(target, x), drawn = changed(t, load(previous, x), load(shown, x), tolerance: tolerance)
            let flags = ones(drawn)
            if flags != .zero {
                let o = UnsafeMutableRawPointer(out + x)
                o.storeBytes(of: o.loadUnaligned(as: Lanes.self).replacing(with: t, where: drawn), as: Lanes.self)
            }
            left = left || flags != Lanes(repeating: 1)
            x += 8
        }
        for x in x..<count {
            if changed(target[x], previous[x], shown[x], tolerance: tolerance) { out[x] = target[x] } else { left = true }
        }
        return left
    }

    /// The first and last column of one row of `count` pixels where a pixel must be drawn, or nil.
    static func span(target: UnsafePointer<UInt32>, previous: UnsafePointer<UInt32>, shown: UnsafePointer<UInt32>,
                     count: Int, tolerance: Int) -> (first: Int, last: Int)? {
        var first = -1, last = -1, x = 0
        func note(_ x: Int) {
            if first < 0 { first = x }
            last = x
        }
        while x + 8 <= count {
            let drawn = changed(load(target, x), load(previous, x), load(shown, x), tolerance: tolerance)
            if ones(drawn) != .zero { for k in 0..<8 where drawn[k] { note(x + k) } }
            x += 8
        }
        for x in x..<count where changed(target[x], previous[x], shown[x], tolerance: tolerance) { note(x) }
        return first < 0 ? nil : (first, last)
    }

    /// 1 in the lanes of `mask`, 0 elsewhere. Compared with `==` as a whole, this is a vector
    /// compare; `any(_:)` and `all(_:)` on the mask were compiled lane by lane.
    @inline(__always)
    static func ones(_ mask: Mask) -> Lanes {
        Lanes.zero.replacing(with: 1, where: mask)
    }

    /// Loads eight pixels from `p + i`.
    @inline(__always)
    static func load(_ p: UnsafePointer<UInt32>, _ i: Int) -> Lanes {
        UnsafeRawPointer(p + i).loadUnaligned(as: Lanes.self)
    }
}
