@testable import AnimCompositor
import AnimGeometry
import AnimLayers
import AnimRaster
import AnimTestRandom
import AnimText
import Testing

/// Frames drawn with cached pictures of `contents` images (``ContentsCache``) against the same
/// frames filled directly (no cache): every byte must match, whatever lies below the image.
struct ContentsCacheTests: CompositorFixture {
    /// How the static image layer is drawn, over a backdrop that changes in every frame.
    enum Setup: CaseIterable {
        case magnified, translucent, masked, canvasEdge, minified, rotated, perspective, clippedToBounds, fading

        /// Different image draws among the frames (`fading` alternates two opacities).
        var distinctDraws: Int { self == .fading ? 2 : 1 }
    }

    static let frameCount = 6
    static let canvas = CanvasSpec(width: 160, height: 120, scale: 1,
                                   background: Color(red: 0.9, green: 0.8, blue: 0.3, alpha: 0.5))
    static let images = ["small": Self.image(width: 37, height: 29, seed: 1), "large": Self.image(width: 400, height: 300, seed: 2)]

    /// Premultiplied noise in blocks of transparent, opaque and translucent pixels over a smooth ramp.
    static func image(width: Int, height: Int, seed: UInt64) -> Bitmap {
        var rng = SplitMix64(seed: seed)
        var b = Bitmap(width: width, height: height)!
        for y in 0..<height {
            for x in 0..<width {
                let a: UInt8 = switch (x / 5 + y / 4) % 4 {
                case 0: 255
                case 1: 0
                case 2: UInt8(80 + (x * 7 + y * 3) % 150)
                default: rng.byte()
                }
                func channel(_ ramp: Int) -> UInt8 {
                    UInt8(Blend.mul255(UInt32((ramp + Int(rng.byte() % 40)) % 256), UInt32(a)))
                }
                b[x, y] = PixelRGBA8(r: channel(x * 255 / width), g: channel(y * 255 / height), b: channel(128), a: a)
            }
        }
        return b
    }

    /// Frame `f`: solid layers at random places in random colours (some translucent, one turning)
    /// below the image layer set up as `setup`, and a translucent layer moving over it.
    func scene(_ setup: Setup, frame f: Int) -> LayerTree {
        var rng = SplitMix64(seed: 100 + UInt64(f))
        var tree = LayerTree()
        for i in 0..<7 {
            let frame = Rect(x: Double(rng.below(140)) - 20.5, y: Double(rng.below(100)) - 10.25,
                             width: Double(20 + rng.below(90)), height: Double(15 + rng.below(70)))
            let alpha = [0.0, 1, 0.35, 0.8][rng.below(4)]
            let color = Color(red: Double(rng.byte()) / 255, green: Double(rng.byte()) / 255, blue: Double(rng.byte()) / 255, alpha: alpha)
            tree.append(id: "backdrop-\(i)", properties: layer(frame, color) {
                if i == 0 { $0.transform = .rotation(0.37 * Double(f), axis: 0, 0, 1) }
            }, parent: nil)
        }
        var parent: Int? = nil
        if setup == .perspective {
            parent = tree.append(id: "stage", properties: layer(Rect(x: 0, y: 0, width: 160, height: 120), nil) {
                $0.sublayerTransform = .perspective(distance: 300)
            }, parent: nil)
        }
        let image = tree.append(id: "image", properties: imageLayer(setup, frame: f), parent: parent)
        if setup == .masked {
            tree.appendMask(id: "mask", properties: layer(Rect(x: 5 + 4 * Double(f), y: 8, width: 60, height: 50), .black) {
                $0.cornerRadius = 20
            }, owner: image)
        }
        tree.append(id: "over", properties: layer(Rect(x: 3 * Double(f), y: 40, width: 50, height: 30),
                                                  Color(red: 0.1, green: 0.2, blue: 0.9, alpha: 0.4)), parent: nil)
        return tree
    }

    func imageLayer(_ setup: Setup, frame f: Int) -> LayerProperties {
        let frame = switch setup {
        case .canvasEdge: Rect(x: -25.5, y: 70.25, width: 110, height: 80)
        case .minified: Rect(x: 30.7, y: 20.2, width: 45, height: 34)
        default: Rect(x: 21.3, y: 14.6, width: 95, height: 71)
        }
        return layer(frame, nil) {
            $0.contents = setup == .minified ? "large" : "small"
            switch setup {
            case .translucent: $0.opacity = 0.55
            case .rotated: $0.transform = .rotation(0.4, axis: 0, 0, 1)
            case .perspective: $0.transform = .rotation(0.6, axis: 0, 1, 0)
            case .clippedToBounds:
                $0.contentsGravity = .resizeAspectFill
                $0.contentsRect = Rect(x: 0.1, y: 0.2, width: 0.7, height: 0.6)
                $0.masksToBounds = true
                $0.cornerRadius = 12
            case .fading: $0.opacity = f % 2 == 0 ? 0.3 : 0.75
            default: break
            }
        }
    }

    func compositor(_ cache: ContentsCache?) -> Compositor {
        Compositor(canvas: Self.canvas, images: Self.images, text: TextCatalog(), pyramids: ImagePyramids(), contentsCache: cache)
    }

    func frames(_ setup: Setup, _ compositor: Compositor) throws -> [Bitmap] {
        try (0..<Self.frameCount).map { try #require(compositor.render(scene(setup, frame: $0))) }
    }

    /// The first frame of `a` that differs from `b`, and where; nil when all are equal.
    func firstDifference(_ a: [Bitmap], _ b: [Bitmap]) -> String? {
        for (f, (x, y)) in zip(a, b).enumerated() where x != y {
            let i = zip(x.pixels, y.pixels).enumerated().first { $0.element.0 != $0.element.1 }!.offset / 4
            return "frame \(f), (\(i % x.width), \(i / x.width)): \(x[i % x.width, i / x.width]) against \(y[i % x.width, i / x.width])"
        }
        return nil
    }

    @Test(arguments: Setup.allCases)
    func framesFromCachedPicturesEqualDirectFills(setup: Setup) throws {
        // Each draw is filled directly when first seen, cached on its second sighting, then composited.
        let cache = ContentsCache()
        let direct = try frames(setup, compositor(nil))
        let cached = try frames(setup, compositor(cache))
        #expect(firstDifference(cached, direct) == nil)
        let n = setup.distinctDraws
        #expect(cache.counts == (hits: Self.frameCount - 2 * n, builds: n))
    }

    @Test(arguments: Setup.allCases)
    func cachingOnTheFirstSightingGivesTheSameFrames(setup: Setup) throws {
        let cache = ContentsCache(sightings: 1)
        let direct = try frames(setup, compositor(nil))
        let cached = try frames(setup, compositor(cache))
        #expect(firstDifference(cached, direct) == nil)
        let n = setup.distinctDraws
        #expect(cache.counts == (hits: Self.frameCount - n, builds: n))
    }

    @Test func aDrawThatChangesInEveryFrameIsNeverCached() throws {
        // A turning image: every frame's draw is new, so it is filled directly and only remembered.
        let cache = ContentsCache()
        let turning = compositor(cache)
        for f in 0..<Self.frameCount {
            var tree = scene(.magnified, frame: f)
            let i = try #require(tree.index(of: "image"))
            tree.nodes[i].properties.transform = .rotation(0.1 * Double(f), axis: 0, 0, 1)
            #expect(try #require(turning.render(tree)) == (try #require(compositor(nil).render(tree))), "frame \(f)")
        }
        #expect(cache.counts == (hits: 0, builds: 0))
    }

    @Test func aPictureLargerThanTheCacheIsDrawnButNotKept() throws {
        let cache = ContentsCache(sightings: 1, capacity: 1000)
        let direct = try frames(.magnified, compositor(nil))
        let cached = try frames(.magnified, compositor(cache))
        #expect(firstDifference(cached, direct) == nil)
        // Built once (and composited), then remembered as too large and filled directly.
        #expect(cache.counts == (hits: 0, builds: 1))
    }

    @Test func aFullCacheKeepsItsPicturesAndBuildsNoneItCouldNotKeep() throws {
        // Room for two 20×20 pictures. Four draws in a loop: the first two are kept and hit ever
        // after; the third is built, refused, and from then on nothing is built to be thrown away.
        // (Emptying the cache whenever it filled kept none of them for long.)
        let layer = imageLayer(.magnified, frame: 0), image = Self.images["small"]!
        let canvas = PixelRect(minX: 0, minY: 0, maxX: 160, maxY: 120)
        var source = try #require(Bitmap(width: 20, height: 20))
        source.fill(PixelRGBA8(r: 10, g: 20, b: 30, a: 255))
        let picture = try #require(ContentsPicture(bounds: PixelRect(minX: 0, minY: 0, maxX: 20, maxY: 20), pixels: source))
        let cache = ContentsCache(sightings: 1, capacity: 2 * (20 * 20 * 4 + ContentsCache.entryOverhead))
        let draws = try (0..<4).map { k in
            try #require(ImageDraw(layer: layer, image: "small", of: image, map: Homography(1, 0, 0, 0, 1, 0, Double(k), 0, 1),
                                   canvas: canvas, opacity: 255))
        }
        var builds = 0, given: [[Bool]] = []
        for _ in 0..<3 {
            given.append(draws.map { draw in cache.picture(of: draw) { builds += 1; return picture } != nil })
        }
        #expect(builds == 3)
        #expect(given == [[true, true, true, false], [true, true, false, false], [true, true, false, false]])
        #expect(cache.counts == (hits: 4, builds: 3))
    }

    @Test func anImageThatIsNotPremultipliedIsFilledDirectly() throws {
        // Channels above alpha make the fill carry into the next channel over an opaque backdrop,
        // which source-over of a picture would not: such a draw must stay a direct fill.
        var image = Self.image(width: 37, height: 29, seed: 3)
        for y in 0..<29 { for x in 0..<37 { image[x, y] = PixelRGBA8(r: 240, g: 200, b: 90, a: 60) } }
        let spec = CanvasSpec(width: 160, height: 120, scale: 1, background: .white)
        func render(_ cache: ContentsCache?) throws -> [Bitmap] {
            let c = Compositor(canvas: spec, images: ["small": image], text: TextCatalog(), pyramids: ImagePyramids(), contentsCache: cache)
            return try (0..<Self.frameCount).map { try #require(c.render(scene(.magnified, frame: $0))) }
        }
        let cache = ContentsCache(sightings: 1)
        #expect(firstDifference(try render(cache), try render(nil)) == nil)
        #expect(cache.counts == (hits: 0, builds: 1))
    }

    @Test func drawsAreEqualOnlyWhenEveryInputIsBitForBitEqual() throws {
        let layer = imageLayer(.magnified, frame: 0), image = Self.images["small"]!
        let map = Homography(1, 0, 0, 0, 1, 0, 21.3, 14.6, 1)
        let canvas = PixelRect(minX: 0, minY: 0, maxX: 160, maxY: 120)
        func draw(_ l: LayerProperties = layer, key: String = "small", map m: Homography = map,
                  canvas c: PixelRect = canvas, opacity: UInt8 = 255) throws -> ImageDraw {
            try #require(ImageDraw(layer: l, image: key, of: image, map: m, canvas: c, opacity: opacity))
        }
        let base = try draw()
        #expect(try draw() == base && (try draw()).hashValue == base.hashValue)
        var nudged = map
        nudged.g = nudged.g.nextUp
        var signed = Homography(1, 0, 0, 0, 1, 0, 21.3, 14.6, 1)
        signed.b = -0.0
        var gravity = layer
        gravity.contentsGravity = .center
        var rect = layer
        rect.contentsRect = Rect(x: 0, y: 0, width: 1, height: 0.5)
        var scale = layer
        scale.contentsGravity = .center
        scale.contentsScale = 2
        let others = [try draw(key: "other"), try draw(map: nudged), try draw(map: signed),
                      try draw(canvas: PixelRect(minX: 0, minY: 0, maxX: 161, maxY: 120)), try draw(opacity: 254),
                      try draw(gravity), try draw(rect), try draw(scale)]
        for (i, other) in others.enumerated() { #expect(other != base, "variant \(i)") }
        #expect(try draw(scale) != (try draw(gravity)))
    }
}
