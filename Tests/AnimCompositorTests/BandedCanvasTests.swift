@testable import AnimCompositor
import AnimGeometry
import AnimLayers
@testable import AnimRaster
import AnimTestRandom
import Testing

/// Frames drawn in bands of rows (``CanvasBands``) against the same frames drawn whole: shadowed,
/// bordered, translucent layers, groups (offscreens composited, more of them than the bands hold
/// at once), clips, images (drawn directly, then as kept pictures), gradients and a 3D context
/// (whose depth composite draws the bands first), over the canvas's background, at band heights
/// from 1 row up, on fresh canvases and on reused ones still holding an earlier frame's noise.
struct BandedCanvasTests: CompositorFixture {
    func scene(_ rng: inout SplitMix64) -> LayerTree {
        var tree = UntouchedCanvasTests().scene(&rng)
        for k in 0..<(1 + rng.below(6)) {
            let frame = Rect(x: Double(rng.below(1200)) / 10, y: Double(rng.below(1000)) / 10, width: 40, height: 30)
            let group = tree.append(id: "group-\(k)", properties: layer(frame, Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.6)) {
                $0.opacity = 0.5
                $0.masksToBounds = rng.below(2) == 0
                $0.cornerRadius = 8
            }, parent: nil)
            tree.append(id: "child-\(k)", properties: layer(Rect(x: 10, y: -5, width: 40, height: 20), .black), parent: group)
        }
        if rng.below(2) == 0 {
            tree.append(id: "picture", properties: layer(Rect(x: Double(rng.below(100)), y: Double(rng.below(90)), width: 50, height: 40), nil) {
                $0.contents = "image"
                $0.opacity = rng.pick([1, 0.6])
            }, parent: nil)
        }
        if rng.below(2) == 0 {
            tree.append(id: "gradient", properties: layer(Rect(x: Double(rng.below(100)), y: Double(rng.below(90)), width: 60, height: 50), nil) {
                $0.kind = .gradient
                $0.gradient.colors = [.red, Color(red: 0, green: 0, blue: 1, alpha: 0.5)]
                $0.cornerRadius = 6
            }, parent: nil)
        }
        if rng.below(2) == 0 {
            let cube = tree.append(id: "context", properties: layer(Rect(x: 40, y: 30, width: 60, height: 60), nil) {
                $0.kind = .transform
                $0.transform = .rotation(Double(rng.below(628)) / 100, axis: 0, 1, 0)
            }, parent: nil)
            for (i, z) in [-20.0, 0, 20].enumerated() {
                tree.append(id: "plane-\(i)", properties: layer(Rect(x: Double(i) * 8, y: Double(i) * 6, width: 50, height: 40),
                                                                 Color(red: 0.3 * Double(i), green: 0.8, blue: 0.2, alpha: 0.7)) {
                    $0.zPosition = z
                    $0.shadowOpacity = 0.5
                    $0.shadowRadius = 5
                }, parent: cube)
            }
        }
        return tree
    }

    static func image(_ rng: inout SplitMix64) -> Bitmap {
        var image = Bitmap(width: 37, height: 23)!
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let a = rng.pick([255, 255, 128, 0] as [UInt8])
            for c in 0..<3 { image.pixels[i + c] = UInt8(UInt32(rng.byte()) * UInt32(a) / 255) }
            image.pixels[i + 3] = a
        }
        return image
    }

    /// A bitmap of the canvas's size holding noise, handed to the canvas cache as a finished frame
    /// (the banded compositor then fills its background band by band).
    static func recycleNoise(width: Int, height: Int, _ rng: inout SplitMix64) {
        var noise = Bitmap(width: width, height: height)!
        for i in noise.pixels.indices { noise.pixels[i] = rng.byte() }
        Compositor.recycle(noise)
    }

    @Test func bandsGiveTheBytesOfWholeDraws() throws {
        var rng = SplitMix64(seed: 0xBA4D)
        for round in 0..<60 {
            let background = rng.pick([Color(red: 0.95, green: 0.95, blue: 0.97, alpha: 1), Color.clear])
            // An odd size no other test draws, so a recycled canvas comes back to this one.
            let spec = CanvasSpec(width: 163, height: 139, scale: rng.pick([1, 2]), background: background)
            var whole = Compositor(canvas: spec, images: ["image": Self.image(&rng)])
            var banded = whole
            whole.bandRows = 0
            banded.bandRows = rng.pick([1, 2, 5, 16, 33, 500])
            let tree = scene(&rng)
            // Three times: kept shadows, moved shadows, pictures come in on later sightings.
            for pass in 0..<3 {
                let a = try #require(whole.render(tree))
                if pass > 0 { Self.recycleNoise(width: spec.pixelWidth, height: spec.pixelHeight, &rng) }
                let b = try #require(banded.render(tree))
                let same = a == b  // a Bool, so a failure does not print the bitmaps
                #expect(same, "round \(round), pass \(pass), bands of \(banded.bandRows ?? 0) rows")
                if !same { return }
            }
        }
    }

    /// Each frame given back and drawn into by the next, another scene: drawn in bands, the lines
    /// no draw of the new frame reaches are left holding the earlier frame's background; drawn
    /// whole, only the lines the earlier frame drew are filled again. (Everything is written where
    /// the caller changed the frame before giving it back, or the background changed.) The bytes
    /// are those of the whole draws on a fresh canvas.
    @Test func linesKeptFromTheFrameBeforeGiveTheBytesOfWholeDraws() throws {
        var rng = SplitMix64(seed: 0x4E_B7)
        // Frames given back knowing their background (not every frame is: one whose bands were
        // drawn early, to give offscreens back, is drawn again over what it holds, which forgets it).
        var kept = 0
        for round in 0..<40 {
            // An odd size no other test draws, so the canvas given back comes back here.
            let width = 151, height = 127
            let backgrounds = [Color(red: 0.95, green: 0.95, blue: 0.97, alpha: 1), Color.clear]
            var previous: Bitmap?
            for pass in 0..<5 {
                let spec = CanvasSpec(width: Double(width), height: Double(height), scale: 1, background: rng.pick(backgrounds))
                var whole = Compositor(canvas: spec, images: ["image": Self.image(&rng)])
                var banded = whole
                whole.bandRows = 0
                // 0: drawn whole, the lines a frame given back drew filled again, the rest kept.
                banded.bandRows = rng.pick([0, 1, 7, 16, 40])
                // Layers, shadows and borders, some translucent, few groups: mostly drawn in one pass.
                let tree = UntouchedCanvasTests().scene(&rng)
                let a = try #require(whole.render(tree))
                if var frame = previous.take() {
                    if frame.knownBackground != nil { kept += 1 }
                    // A caller's change to a frame before giving it back is never kept as background.
                    if rng.below(3) == 0 { frame.pixels[4 * rng.below(width * height)] ^= 0x5A }
                    Compositor.recycle(frame)
                }
                let b = try #require(banded.render(tree))
                let same = a == b
                #expect(same, "round \(round), pass \(pass), bands of \(banded.bandRows ?? 0) rows")
                if !same { return }
                previous = b
            }
        }
        #expect(kept >= 80)
    }

    /// With other threads streaming all along (every turn held here), every band waits in the
    /// second buffer while the next is drawn, then for its turn, and is streamed after it: the
    /// same bytes.
    @Test func bandsWaitingTheirTurnGiveTheBytesOfWholeDraws() throws {
        var rng = SplitMix64(seed: 0x7A_4B5)
        for round in 0..<30 {
            let spec = CanvasSpec(width: 157, height: 131, scale: rng.pick([1, 2]),
                                  background: rng.pick([Color(red: 0.95, green: 0.95, blue: 0.97, alpha: 1), Color.clear]))
            var whole = Compositor(canvas: spec, images: ["image": Self.image(&rng)])
            var banded = whole
            whole.bandRows = 0
            let rows = rng.pick([1, 3, 16, 40])
            banded.bandRows = rows
            let tree = scene(&rng)
            for pass in 0..<2 {
                let a = try #require(whole.render(tree))
                if pass > 0 { Self.recycleNoise(width: spec.pixelWidth, height: spec.pixelHeight, &rng) }
                let before = StreamTurns.counts.waited
                for _ in 0..<StreamTurns.limit { StreamTurns.begin() }
                let b = banded.render(tree)
                for _ in 0..<StreamTurns.limit { StreamTurns.end() }
                // Every band waited in the second buffer and then for its turn (other tests'
                // streams may add more).
                let bands = (spec.pixelHeight + rows - 1) / rows
                #expect(StreamTurns.counts.waited - before >= bands)
                let same = a == b
                #expect(same, "round \(round), pass \(pass), bands of \(rows) rows")
                if !same { return }
            }
        }
    }

    @Test func onlyCanvasesBeyondACoresCacheAreBanded() {
        #expect(CanvasBands.rows(width: 320, bytes: 320 * 480 * 4) == nil)
        #expect(CanvasBands.rows(width: 640, bytes: 640 * 480 * 4) == nil)
        #expect(CanvasBands.rows(width: 1170, bytes: 1170 * 2532 * 4) == 112)
        #expect(CanvasBands.rows(width: 1280, bytes: 1280 * 720 * 4) == 102)
        #expect(CanvasBands.rows(width: 3840, bytes: 3840 * 2160 * 4) == 34)
    }

    /// A size beyond a bitmap's is refused (nil), not multiplied into an overflow.
    @Test(arguments: [1e30, .infinity, 20_000])
    func anAbsurdCanvasRendersNothing(side: Double) {
        let compositor = Compositor(canvas: CanvasSpec(width: side, height: side))
        #expect(compositor.render(LayerTree()) == nil)
    }
}
