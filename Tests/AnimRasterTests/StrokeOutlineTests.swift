@testable import AnimGeometry
import AnimRaster
import Testing

/// The stroke outline (`Stroker.stroke`: one contour per polyline, the chain sum of the pieces with
/// shortcuts across inner corners) against the union of the convex pieces it stands for
/// (`Stroker.pieces`): the same winding set point by point, pixels within a level of the pieces'
/// (nearer the truth where the pieces' own sweep goes wrong), and far fewer edges for the sweep.
struct StrokeOutlineTests {
    let clip = PixelRect(minX: 0, minY: 0, maxX: 200, maxY: 200)

    /// A deterministic generator (64-bit LCG, the high bits).
    struct Dice {
        var state: UInt64
        mutating func unit() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        mutating func pick<T>(_ options: [T]) -> T { options[min(options.count - 1, Int(unit() * Double(options.count)))] }
    }

    /// The largest per-pixel difference between the outline's and the pieces' coverage.
    func worstDifference(_ path: Path, _ style: StrokeStyle) -> Int {
        let outline = Rasterizer.coverage(of: Stroker.stroke(path, style: style, tolerance: 0.125), clip: clip, rule: .nonZero)
        let pieces = Rasterizer.coverage(of: Stroker.pieces(path, style: style, tolerance: 0.125), clip: clip, rule: .nonZero)
        var worst = 0
        for y in clip.minY..<clip.maxY {
            for x in clip.minX..<clip.maxX {
                worst = max(worst, abs(Int(outline?[x, y] ?? 0) - Int(pieces?[x, y] ?? 0)))
            }
        }
        return worst
    }

    /// A path of lines and curves that doubles back, turns sharply, takes tiny steps and closes
    /// now and then: the geometry where the inner shortcuts must hold back.
    func scribble(_ dice: inout Dice, steps: [Double]) -> Path {
        var p = Point(x: 40 + 120 * dice.unit(), y: 40 + 120 * dice.unit())
        var elements: [Path.Element] = [.move(p)]
        func next() -> Point {
            switch dice.pick([0, 0, 1, 2]) {
            case 0: return Point(x: 30 + 140 * dice.unit(), y: 30 + 140 * dice.unit())
            case 1: return p + Point(x: dice.unit() - 0.5, y: dice.unit() - 0.5) * dice.pick(steps)
            default: return p + (elements.count > 1 ? (p - Point(x: 100, y: 100)) * -0.3 : Point(x: 5, y: 0))
            }
        }
        for _ in 0..<(2 + Int(dice.unit() * 10)) {
            switch dice.pick([0, 1, 2]) {
            case 0: elements.append(.line(next()))
            case 1: elements.append(.quad(next(), next()))
            default: elements.append(.cubic(next(), next(), next()))
            }
            if case let .line(q) = elements.last! { p = q }
            if case let .quad(_, q) = elements.last! { p = q }
            if case let .cubic(_, _, q) = elements.last! { p = q }
            if dice.unit() < 0.1 { elements.append(.close) }
        }
        if dice.unit() < 0.3 { elements.append(.close) }
        return Path(elements: elements)
    }

    /// The claim itself, point by point and without a rasterizer: at every point the outline
    /// winds (positively) at least once exactly where some piece covers it, and never more often
    /// than pieces cover it. Random strokes (lines and curves at any angle, steps of a twentieth
    /// of a pixel, U-turns, closes, every cap, join and miter limit, dashes now and then), each
    /// probed at 600 points: half anywhere near it, half within a pen's reach of its vertices.
    @Test func theOutlineWindsWherePiecesCover() {
        var dice = Dice(state: 2026)
        for k in 0..<150 {
            let path = scribble(&dice, steps: [0.05, 0.5, 3])
            var style = StrokeStyle(lineWidth: dice.pick([0.5, 1, 3, 8, 20, 45]), lineCap: dice.pick(LineCap.allCases),
                                    lineJoin: dice.pick(LineJoin.allCases), miterLimit: dice.pick([1, 2, 10]))
            if dice.unit() < 0.2 { style.dashPattern = [1 + 20 * dice.unit(), 1 + 10 * dice.unit()] }
            let outline = Stroker.stroke(path, style: style, tolerance: 0.125)
            let pieces = Stroker.pieces(path, style: style, tolerance: 0.125)
            let vertices = pieces.flatMap { $0 }
            var wrong: [String] = []
            for i in 0..<600 {
                let q = i % 2 == 0 ? Point(x: 200 * dice.unit(), y: 200 * dice.unit())
                    : dice.pick(vertices) + Point(x: dice.unit() - 0.5, y: dice.unit() - 0.5) * style.lineWidth
                let covers = pieces.filter { Self.winding($0, at: q) != 0 }.count
                let winds = outline.reduce(0) { $0 + Self.winding($1, at: q) }
                if (covers == 0) != (winds == 0) || winds < 0 || winds > covers { wrong.append("\(q): \(winds) vs \(covers)") }
            }
            if !wrong.isEmpty { Issue.record("case \(k): \(wrong.prefix(3)); \(style); \(path.elements)") }
        }
    }

    /// The winding number of a closed polygon about `q` (crossings of the ray to +x; positive
    /// shoelace area winds +1 in these y-down coordinates' sense used by the pieces).
    static func winding(_ polygon: [Point], at q: Point) -> Int {
        var w = 0
        for (i, a) in polygon.enumerated() {
            let b = polygon[(i + 1) % polygon.count]
            let side = (b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x)
            if a.y <= q.y, b.y > q.y, side > 0 { w += 1 }
            if b.y <= q.y, a.y > q.y, side < 0 { w -= 1 }
        }
        return w
    }

    /// Rasterized, the outline and the pieces agree to a level, except where the pieces pile up
    /// (a wide pen round a tight curve): there the pieces' own sweep is off, its bands at least
    /// 2⁻¹⁶ px high among thousands of nearly parallel crossing edges, and leaves faint specks
    /// inside the stroke. Wherever the two differ by more than a level, the outline must be the
    /// nearer to the truth, sampled at 32 × 32 points of the pixel (inside: in some piece).
    /// Vertices snap to 1/256 px, so a shortcut's crossing may move by 1/362 px: the one level.
    @Test func theOutlineRastersWhatThePiecesCover() {
        let a = Point(x: 20.3, y: 150.7)
        let paths = [
            Path(elements: [.move(a), .line(Point(x: 60.1, y: 40.2)), .line(Point(x: 90.6, y: 160.3)), .line(Point(x: 130.2, y: 30.9)), .line(Point(x: 180.4, y: 140.5))]),
            Path(elements: [.move(a), .quad(Point(x: 100, y: 10), Point(x: 180, y: 150)), .close]),
            Path(elements: [.move(a), .cubic(Point(x: 190, y: 20), Point(x: 10, y: 20), Point(x: 170, y: 160))]),
            Path.oval(in: Rect(x: 40.2, y: 50.7, width: 110, height: 80)),
            Self.tinySteps(round: PathSegment(start: a, curve: .cubic(Point(x: 190, y: 20), Point(x: 10, y: 20), Point(x: 170, y: 160))), count: 1500),
        ]
        var nearer = 0
        for (k, path) in paths.enumerated() {
            for width in [1.0, 6, 18] {
                for join in LineJoin.allCases {
                    let style = StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: join)
                    let pieces = Stroker.pieces(path, style: style, tolerance: 0.125)
                    let o = Rasterizer.coverage(of: Stroker.stroke(path, style: style, tolerance: 0.125), clip: clip, rule: .nonZero)
                    let p = Rasterizer.coverage(of: pieces, clip: clip, rule: .nonZero)
                    for y in clip.minY..<clip.maxY {
                        for x in clip.minX..<clip.maxX {
                            let (co, cp) = (Double(o?[x, y] ?? 0), Double(p?[x, y] ?? 0))
                            guard abs(co - cp) > 1 else { continue }
                            var n = 0
                            for j in 0..<32 {
                                for i in 0..<32 {
                                    let q = Point(x: Double(x) + (Double(i) + 0.5) / 32, y: Double(y) + (Double(j) + 0.5) / 32)
                                    if pieces.contains(where: { Self.winding($0, at: q) != 0 }) { n += 1 }
                                }
                            }
                            let truth = Double(n) / 1024 * 255
                            #expect(abs(co - truth) < abs(cp - truth), "path \(k), width \(width), \(join), pixel \(x), \(y)")
                            nearer += 1
                        }
                    }
                }
            }
        }
        // The tight loop drawn as short lines, at 6 and 18 px, is where the pieces' sweep goes wrong.
        #expect(nearer > 0)
    }

    /// A curve drawn as `count` lines of equal parameter steps (a curve's own chords are only
    /// split near its ends, so it takes lines to pile up thousands of pieces round a tight turn).
    static func tinySteps(round curve: PathSegment, count: Int) -> Path {
        Path(elements: [.move(curve.start)] + (1...count).map { .line(curve.point(at: Double($0) / Double(count))) })
    }

    /// A closed polyline narrower than the pen: every corner's kite reaches the middle, which
    /// only the pieces of all its segments cover. Without a corner that keeps its pivot, the
    /// shortcuts would take all of them and leave a hole.
    @Test func aClosedRingNarrowerThanThePenKeepsItsMiddle() throws {
        for sides in [5, 8, 16, 64] {
            for radius in [1.0, 3, 7.9] {
                let centre = Point(x: 100.5, y: 100.5)
                var elements: [Path.Element] = [.move(centre + Point(x: radius, y: 0))]
                for k in 1..<sides {
                    let t = 2 * Double.pi * Double(k) / Double(sides)
                    elements.append(.line(centre + Point(x: radius * cosine(t), y: radius * sine(t))))
                }
                elements.append(.close)
                let path = Path(elements: elements)
                let style = StrokeStyle(lineWidth: 18, lineJoin: .round)
                let mask = try #require(Rasterizer.coverage(of: Stroker.stroke(path, style: style, tolerance: 0.125), clip: clip, rule: .nonZero))
                #expect(mask[100, 100] == 255, "\(sides) sides, r \(radius)")
                #expect(worstDifference(path, style) <= 1)
            }
        }
    }

    /// What the sweep pays for: the edges, and the edges crossing a row (its active list).
    func load(_ polygons: [[Point]]) -> (edges: Int, widest: Int) {
        var crossing = [Int](repeating: 0, count: 200)
        var edges = 0
        for polygon in polygons {
            for (i, a) in polygon.enumerated() {
                let b = polygon[(i + 1) % polygon.count]
                guard a.y != b.y else { continue }
                edges += 1
                for y in 0..<200 where min(a.y, b.y) <= Double(y) + 0.5 && Double(y) + 0.5 < max(a.y, b.y) { crossing[y] += 1 }
            }
        }
        return (edges, crossing.max() ?? 0)
    }

    /// A long gentle curve, flattened into many short chords: the pieces put two edges of every
    /// chord's rectangle and every join's wedge across each row the stroke covers; the outline
    /// only its two sides.
    @Test func aLongCurveIsTwoSides() {
        let path = Path(elements: [.move(Point(x: 10, y: 100)), .cubic(Point(x: 70, y: 80), Point(x: 130, y: 120), Point(x: 190, y: 95))])
        let style = StrokeStyle(lineWidth: 8, lineCap: .round)
        let outline = load(Stroker.stroke(path, style: style, tolerance: 0.125))
        let pieces = load(Stroker.pieces(path, style: style, tolerance: 0.125))
        #expect(outline.edges * 2 < pieces.edges, "\(outline.edges) edges vs \(pieces.edges)")
        #expect(outline.widest * 8 < pieces.widest, "\(outline.widest) across a row vs \(pieces.widest)")
        #expect(worstDifference(path, style) <= 1)
    }
}
