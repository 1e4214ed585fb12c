@testable import AnimCodecs
import AnimRaster
import Foundation
import Testing

/// Which pixels of a GIF frame are drawn and which keep the screen (``KeptPixels``).
struct KeptPixelsTests {
    static let clear = OpaqueColors.transparent

    @Test func stalePixelsWithinTwoOfADrawnOneAreDrawnToo() {
        // One row of 12: drawn at 5 and 10; every source is 0x818181 and the screen shows 0x808080,
        // except x = 3 (nothing shown yet) and x = 9 (already exact).
        var colors = [UInt32](repeating: Self.clear, count: 12)
        colors[5] = 0x818181
        colors[10] = 0x818181
        let target = [UInt32](repeating: 0x818181, count: 12)
        var shown = [UInt32](repeating: 0x808080, count: 12)
        shown[3] = Self.clear
        shown[9] = 0x818181
        KeptPixels.drawStaleNearChanges(&colors, target: target, shown: shown, screenWidth: 12,
                                        rect: PixelRect(x: 0, y: 0, width: 12, height: 1))
        let drawn = colors.indices.filter { colors[$0] != Self.clear }
        #expect(drawn == [4, 5, 6, 7, 8, 10, 11])
    }

    /// One row of 24 drawn with palette entry 0 (0x808080) for sources 0x818181 (squared error 3).
    static func row(shownAt: (Int) -> UInt32?) -> (IndexedImage, [UInt32], [UInt32]) {
        var colors = [UInt32](repeating: 0x818181, count: 24)
        var shown = [UInt32](repeating: 0, count: 24)
        var indices = [UInt8](repeating: 0, count: 24)
        for x in 0..<24 {
            if let s = shownAt(x) { shown[x] = s } else { colors[x] = Self.clear; indices[x] = 2; shown[x] = 0x818181 }
        }
        let image = IndexedImage(width: 24, height: 1, palette: [RGB8(packed: 0x808080), .black, .black], indices: indices,
                                 transparentIndex: 2)
        return (image, colors, shown)
    }

    static func kept(_ image: IndexedImage, _ colors: [UInt32], _ shown: [UInt32], percent: Int) -> [Int] {
        var image = image, colors = colors
        // `previous` differs from every source: these pixels all changed.
        KeptPixels.keepCloseEnough(&image, colors: &colors, previous: [UInt32](repeating: 0, count: 24), shown: shown, screenWidth: 24,
                                   rect: PixelRect(x: 0, y: 0, width: 24, height: 1), slackPercent: percent)
        #expect(colors.indices.allSatisfy { (colors[$0] == Self.clear) == (image.indices[$0] == 2) })
        return (0..<24).filter { image.indices[$0] == 2 && colors[$0] == Self.clear }
    }

    @Test func onlyRunsOfEightOrMoreKeptPixelsAreKept() {
        // 0–9 already exact on screen (kept: a run of 10), 10–13 far off (drawn), 14–18 exact but a
        // run of 5 (drawn), 19 far off, 20–23 were never drawn (kept before, a run of 4).
        let (image, colors, shown) = Self.row { x in
            switch x {
            case 0...9, 14...18: return 0x818181
            case 10...13, 19: return 0x000000
            default: return nil
            }
        }
        #expect(Self.kept(image, colors, shown, percent: 0) == Array(0...9) + Array(20...23))
    }

    @Test func theSlackIsAMultipleOfTheFramesMeanPaletteError() {
        // The screen shows 0x838383 (squared error 12) where the palette gives 0x808080 (3): kept
        // when 12 ≤ 3 + slack, i.e. from a slack of 9 = 300 % of the mean error 3.
        let (image, colors, shown) = Self.row { _ in 0x838383 }
        #expect(KeptPixels.slack(image, colors: colors, percent: 300) == 9)
        #expect(Self.kept(image, colors, shown, percent: 300) == Array(0..<24))
        #expect(Self.kept(image, colors, shown, percent: 299).isEmpty)
        #expect(Self.kept(image, colors, shown, percent: 0).isEmpty)
        // A palette that shows the frame exactly leaves no slack at any quality.
        let exact = IndexedImage(width: 24, height: 1, palette: [RGB8(packed: 0x818181), .black, .black], indices: image.indices,
                                 transparentIndex: 2)
        #expect(KeptPixels.slack(exact, colors: colors, percent: 5400) == 0)
        #expect(Self.kept(exact, colors, shown, percent: 5400).isEmpty)
    }

    /// A soft red glow drifting right by 0.4 px a frame over a blue ramp: thousands of colours, and
    /// most pixels under the glow change by a level or two a frame, like a moving shadow.
    static func drift(_ frames: Int) -> [Bitmap] {
        (0..<frames).map { k in
            Bitmap.make(width: 160, height: 96) { x, y in
                let dx = Double(x) - 60 - 0.4 * Double(k), dy = Double(y) - 48
                let glow = exp(-(dx * dx + dy * dy) / 800)
                return PixelRGBA8(r: UInt8((40 + 200 * glow).rounded()), g: UInt8((90 + 40 * glow).rounded()),
                                  b: UInt8(x * 255 / 159), a: 255)
            }
        }
    }

    static func decode(_ frames: [Bitmap], quality: Int) throws -> (bytes: Int, frames: [Bitmap]) {
        var encoder = try GIFAnimationEncoder(width: frames[0].width, height: frames[0].height, loopCount: 0,
                                              options: GIFOptions(quality: quality))
        for f in frames { try encoder.add(f, delay: 4) }
        let bytes = try encoder.finish()
        return (bytes.count, try GIFDecoder.decode(bytes).frames.map(\.image))
    }

    static func squaredError(_ a: Bitmap, _ b: Bitmap, _ x: Int, _ y: Int) -> Int {
        let p = a[x, y], q = b[x, y]
        return [(p.r, q.r), (p.g, q.g), (p.b, q.b)].reduce(0) { $0 + (Int($1.0) - Int($1.1)) * (Int($1.0) - Int($1.1)) }
    }

    @Test func atNinetyNoPixelGetsWorseAndStalePixelsBesideAChangeGetBetter() throws {
        let frames = Self.drift(2)
        let out = try Self.decode(frames, quality: 90).frames
        var better = 0, stale = 0
        for y in 0..<96 {
            for x in 0..<160 where frames[1][x, y] == frames[0][x, y] {
                let before = Self.squaredError(out[0], frames[0], x, y), after = Self.squaredError(out[1], frames[1], x, y)
                #expect(after <= before, "(\(x), \(y)): \(before) → \(after)")
                if after < before { better += 1 }
                if before > 0 { stale += 1 }
                // A pixel whose source did not change is redrawn only within 2 of one whose source did.
                let nearChange = (max(0, x - 2)...min(159, x + 2)).contains { frames[1][$0, y] != frames[0][$0, y] }
                if !nearChange { #expect(out[1][x, y] == out[0][x, y]) }
            }
        }
        // Measured: 1560 of 7730.
        #expect(stale > 1000 && better > 500, "\(better) of \(stale) stale pixels redrawn")
    }

    @Test func theDefaultQualityTradesALittleErrorForASmallerFile() throws {
        let frames = Self.drift(8)
        let strict = try Self.decode(frames, quality: 90), standard = try Self.decode(frames, quality: GIFQuality.standard)
        func psnr(_ decoded: [Bitmap]) -> Double {
            zip(decoded, frames).map { GIFQualityTests.psnr($0, $1) }.reduce(0, +) / Double(frames.count)
        }
        // Measured: 23810 against 49888 bytes, 44.33 against 45.32 dB.
        #expect(standard.bytes * 3 < strict.bytes * 2, "\(standard.bytes) vs \(strict.bytes) bytes")
        #expect(psnr(standard.frames) > psnr(strict.frames) - 1.5, "\(psnr(standard.frames)) vs \(psnr(strict.frames)) dB")
        // Kept pixels stay near their source (measured: squared error 65 at worst).
        var worst = 0
        for (d, f) in zip(standard.frames, frames) {
            for y in 0..<f.height { for x in 0..<f.width { worst = max(worst, Self.squaredError(d, f, x, y)) } }
        }
        #expect(worst < 100, "largest squared error \(worst)")
    }
}
