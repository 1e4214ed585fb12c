@testable import AnimCodecs
import AnimRaster
import AnimTestRandom
import Testing

/// ``KeptPixels/keepCloseEnough(_:colors:previous:shown:screenWidth:rect:slackPercent:threads:)``
/// on random frames against its rule written out plainly, one pixel at a time.
struct KeptPixelsReferenceTests {
    static let clear = OpaqueColors.transparent

    /// The rule: a pixel that is clear or has the transparent index is kept (0); one over a clear
    /// screen is drawn (2); a stale one (its source is the previous frame's) that the screen shows
    /// at most as far off as its palette colour is kept at once; any other is kept only in a run of
    /// at least ``KeptPixels/shortestKeptRun`` pixels that are kept or within the slack (1).
    static func reference(_ image: inout IndexedImage, colors: inout [UInt32], previous: [UInt32], shown: [UInt32],
                          screenWidth: Int, rect r: AnimCodecs.PixelRect, slack: Int) {
        let t = image.transparentIndex!
        for y in 0..<r.height {
            var state = [Int](repeating: 0, count: r.width)
            for x in 0..<r.width {
                let i = y * r.width + x, s = (r.y + y) * screenWidth + r.x + x
                let c = colors[i]
                if c == clear || Int(image.indices[i]) == t { continue }
                if shown[s] == clear { state[x] = 2; continue }
                let kept = KeptPixels.distance(c, shown[s]), drawn = KeptPixels.distance(c, image.palette[Int(image.indices[i])].packed)
                if kept <= drawn && c == previous[s] {
                    image.indices[i] = UInt8(t)
                    colors[i] = clear
                    continue
                }
                state[x] = kept <= drawn + slack ? 1 : 2
            }
            var x = 0
            while x < r.width {
                guard state[x] != 2 else { x += 1; continue }
                var end = x
                while end < r.width && state[end] != 2 { end += 1 }
                if end - x >= KeptPixels.shortestKeptRun {
                    for k in x..<end where state[k] == 1 {
                        image.indices[y * r.width + k] = UInt8(t)
                        colors[y * r.width + k] = clear
                    }
                }
                x = end
            }
        }
    }

    @Test func keepsWhatTheRuleKeeps() {
        var rng = SplitMix64(seed: 2024)
        let clear = Self.clear
        let (screenWidth, screenHeight) = (83, 40)
        var kept = 0
        for round in 0..<40 {
            // Rectangles of every width class: under 8, not a multiple of 8, a multiple of 8.
            let width = [5, 8, 13, 37, 64, 83][round % 6], height = 1 + rng.below(30)
            let r = AnimCodecs.PixelRect(x: rng.below(screenWidth - width + 1), y: rng.below(screenHeight - height + 1),
                              width: width, height: height)
            // A palette of grey levels 4 apart; sources near them, so that screen and palette
            // errors fall on both sides of each other and of the slack.
            let palette = (0..<255).map { k in RGB8(r: UInt8(k), g: UInt8(k), b: UInt8(k)) } + [.black]
            func near(_ v: Int) -> UInt32 {
                func ch() -> UInt32 { UInt32(min(255, max(0, v + rng.below(7) - 3))) }
                return ch() << 16 | ch() << 8 | ch()
            }
            var previous = [UInt32](repeating: 0, count: screenWidth * screenHeight), shown = previous
            var colors: [UInt32] = [], indices: [UInt8] = []
            var base = 100
            for s in shown.indices {
                if rng.below(9) == 0 { base = 20 + rng.below(200) }
                shown[s] = rng.below(25) == 0 ? clear : near(base)
                previous[s] = rng.below(25) == 0 ? clear : near(base)
            }
            for y in 0..<height {
                for x in 0..<width {
                    let s = (r.y + y) * screenWidth + r.x + x
                    switch rng.below(10) {
                    case 0: colors.append(clear); indices.append(255)
                    case 1: colors.append(near(base)); indices.append(255)  // drawn as transparent by the palette
                    default:
                        // Stale (the previous frame's source) or changed, near what is shown.
                        let c = rng.below(3) == 0 ? (previous[s] == clear ? near(base) : previous[s]) : near(120)
                        colors.append(c)
                        let grey = Int((c >> 8) & 0xFF)
                        indices.append(UInt8(min(254, max(0, grey + rng.below(5) - 2))))
                    }
                }
            }
            let image = IndexedImage(width: width, height: height, palette: palette, indices: indices, transparentIndex: 255)
            for slack in [0, 6, 40] {
                var (mine, mineColours) = (image, colors)
                var (theirs, theirColours) = (image, colors)
                // slackPercent gives `slack` through the frame's mean error; the reference takes
                // the slack that call computed.
                let percent = slack * 10
                let s = KeptPixels.slack(image, colors: colors, percent: percent)
                KeptPixels.keepCloseEnough(&mine, colors: &mineColours, previous: previous, shown: shown, screenWidth: screenWidth,
                                           rect: r, slackPercent: percent)
                Self.reference(&theirs, colors: &theirColours, previous: previous, shown: shown, screenWidth: screenWidth,
                               rect: r, slack: s)
                let same = mine.indices == theirs.indices && mineColours == theirColours
                #expect(same, "round \(round), \(width)×\(height), slack \(slack) %")
                kept += colors.indices.filter { colors[$0] != clear && theirColours[$0] == clear }.count
            }
        }
        #expect(kept > 1000)
    }
}
