import AnimRaster
import AnimTestRandom
@testable import AnimCodecs
import CImageShims
import CPNG
import Testing

/// The PNG writer picks each row's filter itself (sixteen bytes a step) and has libpng apply it.
/// The files must stay byte for byte what libpng's simplified writer makes with its own choice.
struct PNGFilterTests {
    // MARK: The choice, against a plain reading of libpng's heuristic

    /// libpng 1.6's png_write_find_filter, one byte and one filter at a time: the sum of
    /// `v < 128 ? v : 256 - v` over each filtered row, None first, a later filter only when
    /// strictly smaller; a single allowed filter is used without sums.
    static func libpngChoice(_ row: [UInt8], _ prev: [UInt8], allowed: Int) -> Int {
        let masks = [0x08, 0x10, 0x20, 0x40, 0x80]
        if let only = masks.firstIndex(of: allowed) { return only }
        let sums = libpngSums(row, prev)
        var best = allowed & 0x08 != 0 ? sums[0] : Int.max, chosen = 0
        for f in 1..<5 where allowed & masks[f] != 0 && sums[f] < best {
            best = sums[f]
            chosen = f
        }
        return chosen
    }

    /// The five filters' sums of magnitudes (None, Sub, Up, Average, Paeth).
    static func libpngSums(_ row: [UInt8], _ prev: [UInt8]) -> [Int] {
        func cost(_ v: Int) -> Int { let b = v & 0xff; return b < 128 ? b : 256 - b }
        func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
            let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
            return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
        }
        var sums = [0, 0, 0, 0, 0]
        for i in row.indices {
            let r = Int(row[i]), b = Int(prev[i])
            let a = i >= 4 ? Int(row[i - 4]) : 0, c = i >= 4 ? Int(prev[i - 4]) : 0
            sums[0] += cost(r)
            sums[1] += cost(r - a)
            sums[2] += cost(r - b)
            sums[3] += cost(r - (a + b) / 2)
            sums[4] += cost(r - paeth(a, b, c))
        }
        return sums
    }

    private func shimChoice(_ row: [UInt8], _ prev: [UInt8], allowed: Int) -> Int {
        Int(animrender_png_choose_filter(row, prev, row.count, Int32(allowed)))
    }

    /// Rows of every length from one pixel to past several vector steps, of noise, of small
    /// steps (where the filters' sums are close and ties are common) and of flat runs.
    @Test func theChoiceIsLibpngsOnRowsOfEveryLengthAndKind() {
        var rng = SplitMix64(seed: 2026_12_05)
        var counts = [0, 0, 0, 0, 0], ties = 0
        for pixels in 1...45 {
            for kind in 0..<4 {
                for _ in 0..<40 {
                    let (row, prev) = Self.rows(pixels * 4, kind: kind, rng: &rng)
                    let expected = Self.libpngChoice(row, prev, allowed: 0xf8)
                    counts[expected] += 1
                    let sums = Self.libpngSums(row, prev)
                    if sums.filter({ $0 == sums.min() }).count > 1 { ties += 1 }
                    #expect(shimChoice(row, prev, allowed: 0xf8) == expected, "\(pixels) px, kind \(kind)")
                }
            }
        }
        #expect(counts.allSatisfy { $0 > 0 }, "every filter wins somewhere: \(counts)")
        #expect(ties > 100, "rows whose least sum two filters share: \(ties)")
    }

    /// The sums themselves, from the vector loop and from the byte-at-a-time loop that processors
    /// without SSE2 run, against the plain port: every row length crosses the vector steps' ends.
    @Test func vectorAndScalarSumsAreLibpngs() {
        var rng = SplitMix64(seed: 51)
        for pixels in 1...40 {
            for kind in 0..<4 {
                let (row, prev) = Self.rows(pixels * 4, kind: kind, rng: &rng)
                let expected = Self.libpngSums(row, prev).map(UInt64.init)
                for vector: Int32 in [1, 0] {
                    var sums = [UInt64](repeating: 9, count: 5)
                    animrender_png_filter_sums(row, prev, row.count, vector, &sums)
                    #expect(sums == expected, "\(pixels) px, kind \(kind), vector \(vector)")
                }
            }
        }
    }

    /// Ties and edge cases worked by hand.
    @Test func tiesGoToTheEarlierFilter() {
        let zeros = [UInt8](repeating: 0, count: 8)
        #expect(shimChoice(zeros, zeros, allowed: 0xf8) == 0, "all sums 0: None")
        #expect(shimChoice(zeros, zeros, allowed: 0xf0) == 1, "all sums 0 without None: Sub")
        // Two pixels of 5s under (5, 5, 5, 5) and (0, 0, 0, 0). None: 8 × 5 = 40. Sub: 5s, then 0s = 20.
        // Up: 0s, then 5s = 20. Average: 5 − 5/2 = 3 and 5 − (5 + 0)/2 = 3, 8 × 3 = 24. Paeth: 5 − 5
        // = 0 in the first pixel (the prediction is the byte above), then a = 5, b = 0, c = 5 predict
        // b = 0, so 5s = 20.
        let row = [UInt8](repeating: 5, count: 8), prev: [UInt8] = [5, 5, 5, 5, 0, 0, 0, 0]
        #expect(Self.libpngSums(row, prev) == [40, 20, 20, 24, 20])
        #expect(shimChoice(row, prev, allowed: 0xf8) == 1, "Sub, Up and Paeth tie: Sub")
        #expect(shimChoice(row, prev, allowed: 0xe8) == 2, "without Sub: Up")
        #expect(shimChoice(row, prev, allowed: 0xc8) == 4, "None and Average lose to Paeth")
        #expect(shimChoice(row, prev, allowed: 0x48) == 3, "Average beats None")
    }

    @Test func theChoiceKeepsToTheAllowedFilters() {
        var rng = SplitMix64(seed: 17)
        for allowed in [0x08, 0x10, 0x80, 0x18, 0x28, 0x30, 0xf0, 0x70, 0xe8] {
            for _ in 0..<200 {
                let (row, prev) = Self.rows(4 * (1 + rng.below(30)), kind: rng.below(4), rng: &rng)
                let chosen = shimChoice(row, prev, allowed: allowed)
                #expect(chosen == Self.libpngChoice(row, prev, allowed: allowed), "allowed \(allowed)")
                #expect(allowed & (0x08 << chosen) != 0, "filter \(chosen) is allowed by \(allowed)")
            }
        }
    }

    /// A row and the row above it: noise, a ramp with small steps, flat runs, or sparse edges.
    static func rows(_ count: Int, kind: Int, rng: inout SplitMix64) -> ([UInt8], [UInt8]) {
        func make() -> [UInt8] {
            switch kind {
            case 0: return (0..<count).map { _ in rng.byte() }
            case 1:
                var v = Int(rng.byte())
                return (0..<count).map { _ in v = (v + rng.below(7) - 3) & 0xff; return UInt8(v) }
            case 2:
                let a = rng.byte(), b = rng.byte()
                return (0..<count).map { i in i / 4 % 5 < 3 ? a : b }
            default: return (0..<count).map { _ in rng.below(9) == 0 ? rng.byte() : 128 }
            }
        }
        let prev = make()
        let row = rng.below(3) == 0 ? prev.map { $0 &+ UInt8(rng.below(3)) } : make()
        return (row, prev)
    }

    // MARK: Whole files, against libpng's simplified writer

    /// What `png_image_write_to_memory` writes for straight RGBA8 pixels.
    static func simplifiedWriter(_ straight: [UInt8], width: Int, height: Int, stride: Int = 0) -> [UInt8]? {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        defer { png_image_free(&image) }
        var size = 0
        // The stride is in components, which are bytes here; 0 means rows without gaps.
        guard png_image_write_to_memory(&image, nil, &size, 0, straight, Int32(stride), nil) != 0 else { return nil }
        var out = [UInt8](repeating: 0, count: size)
        guard png_image_write_to_memory(&image, &out, &size, 0, straight, Int32(stride), nil) != 0 else { return nil }
        return Array(out.prefix(size))
    }

    /// Compared outside `#expect`, which would print both files whole.
    static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool { a == b }

    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String {
        let at = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        return "\(a.count) and \(b.count) bytes, first difference at byte \(at)"
    }

    private func encode(_ straight: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        try straight.withUnsafeBytes { raw in
            try PNGCodec.encodeStraight(raw.baseAddress!, width: width, height: height, rowStride: width * 4)
        }
    }

    @Test(arguments: [(1, 1), (1, 9), (9, 1), (2, 2), (5, 3), (7, 40), (61, 47), (200, 3), (333, 120)])
    func filesAreLibpngsByteForByte(size: (Int, Int)) throws {
        let (width, height) = size
        var rng = SplitMix64(seed: UInt64(width * 1000 + height))
        for kind in 0..<4 {
            // Each image stacks rows of one kind, so that Up, Average and Paeth get their turns.
            var straight: [UInt8] = []
            var (row, _) = Self.rows(width * 4, kind: kind, rng: &rng)
            for _ in 0..<height {
                straight += row
                let next = Self.rows(width * 4, kind: kind, rng: &rng).0
                row = rng.below(2) == 0 ? row.map { $0 &+ UInt8(rng.below(2)) } : next
            }
            let ours = try encode(straight, width: width, height: height)
            let libpng = try #require(Self.simplifiedWriter(straight, width: width, height: height))
            #expect(Self.sameBytes(ours, libpng), "\(width)×\(height), kind \(kind): \(Self.firstDifference(ours, libpng))")
        }
    }

    /// Rows further apart than the width, with other bytes between them (as APNG's changed
    /// rectangles are written from inside the whole frame): the filters must read the row above.
    @Test func rowsApartFromEachOtherAreLibpngsByteForByte() throws {
        var rng = SplitMix64(seed: 99)
        let (width, height, stride) = (37, 23, 37 * 4 + 20)
        var padded = (0..<stride * height).map { _ in rng.byte() }
        for y in 0..<height {
            let (row, _) = Self.rows(width * 4, kind: y % 4, rng: &rng)
            padded.replaceSubrange(y * stride..<y * stride + width * 4, with: row)
        }
        let ours = try padded.withUnsafeBytes { raw in
            try PNGCodec.encodeStraight(raw.baseAddress!, width: width, height: height, rowStride: stride)
        }
        let libpng = try #require(Self.simplifiedWriter(padded, width: width, height: height, stride: stride))
        #expect(Self.sameBytes(ours, libpng), "\(Self.firstDifference(ours, libpng))")
    }

    /// A rendered-looking frame: gradients, flat areas and an anti-aliased disc, with alpha.
    @Test func aSmoothFrameIsLibpngsByteForByte() throws {
        let bitmap = Bitmap.make(width: 257, height: 131) { x, y in
            let dx = Double(x - 128), dy = Double(y - 65), r = (dx * dx + dy * dy).squareRoot()
            let a = UInt8(max(0, min(255, (60 - r) * 255)))
            return a == 0 ? PixelRGBA8(r: UInt8(x % 256), g: UInt8(y * 2 % 256), b: 90, a: 255)
                          : PixelRGBA8(r: a / 2, g: a / 3, b: a, a: a)
        }
        let straight = Alpha.unpremultiplied(bitmap.pixels)
        let bytes = straight.withUnsafeBytes { Array($0) }
        let ours = try PNGCodec.encode(bitmap)
        let libpng = try #require(Self.simplifiedWriter(bytes, width: 257, height: 131))
        #expect(Self.sameBytes(ours, libpng), "\(Self.firstDifference(ours, libpng))")
        #expect(try PNGCodec.decode(try PNGCodec.encode(bitmap)) == bitmap)
    }
}
