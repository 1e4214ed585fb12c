@testable import AnimGeometry
import AnimRaster
import Testing

/// Runs of short round turns thinned before the pen (StrokeThinning.swift): a loop drawn as 1,500
/// short lines under a wide pen loses the hundreds round its tip, its stroke stays within the tolerance
/// of the unthinned one, and nothing is thinned where the stroke is not the path swept by a disc
/// within the tolerance (sharp miter or bevel corners, ends under butt or square caps).
struct StrokeThinningTests {
    let clip = PixelRect(minX: 0, minY: 0, maxX: 200, maxY: 200)
    let tolerance = 0.125

    /// A tight loop (smaller than the pens below) drawn as `count` lines.
    func loop(_ count: Int) -> Path {
        let curve = PathSegment(start: Point(x: 10, y: 190), curve: .cubic(Point(x: 190, y: 30), Point(x: -10, y: 30), Point(x: 170, y: 190)))
        return Path(elements: [.move(curve.start)] + (1...count).map { .line(curve.point(at: Double($0) / Double(count))) })
    }

    /// The stroke's polylines as the stroker draws them, and before thinning.
    func polylines(_ path: Path, _ style: StrokeStyle) -> (thinned: [StrokePolyline], whole: [StrokePolyline]) {
        (Stroker.polylines(path, style: style, tolerance: tolerance),
         path.strokePolylines(tolerance: tolerance, halfWidth: style.lineWidth / 2))
    }

    @Test func aLoopOfShortLinesUnderARoundPenKeepsFewOfThem() {
        let style = StrokeStyle(lineWidth: 40, lineCap: .round, lineJoin: .round)
        let (thinned, whole) = polylines(loop(1500), style)
        #expect(whole[0].points.count == 1501)
        // The loop's few hundred pivots go; the gently bending arms, where the outline cuts across
        // every corner, keep their vertices.
        #expect(thinned[0].points.count < 1300, "\(thinned[0].points.count) of 1501")
        // The end segments, which the caps face, are kept.
        #expect(Array(thinned[0].points.prefix(2)) == Array(whole[0].points.prefix(2)))
        #expect(Array(thinned[0].points.suffix(2)) == Array(whole[0].points.suffix(2)))
        // Drawn, within the thinning's tolerance (1/16 px here) of the lines themselves: an edge
        // moved by d changes a pixel by at most 255·d, a pixel that two edges cross (round the
        // loop's eye) by twice that, plus a level of rounding.
        let a = Rasterizer.coverage(of: Stroker.outline(of: thinned, style: style, tolerance: tolerance), clip: clip, rule: .nonZero)
        let b = Rasterizer.coverage(of: Stroker.outline(of: whole, style: style, tolerance: tolerance), clip: clip, rule: .nonZero)
        var worst = 0
        for y in clip.minY..<clip.maxY {
            for x in clip.minX..<clip.maxX { worst = max(worst, abs(Int(a?[x, y] ?? 0) - Int(b?[x, y] ?? 0))) }
        }
        #expect(worst <= 33)
    }

    /// CAShapeLayer's default join is miter: at the loop's gentle turns (about 0.6° each) a miter
    /// or a bevel is within 1/32 px of a round join, so the loop is thinned the same way, the kept
    /// vertices next to dropped ones joined round, and the stroke stays within the thinning's
    /// tolerance of the unthinned one (half of it for the joins, half for the chords).
    @Test func aLoopOfShortLinesUnderAMiterOrBevelPenIsThinnedToo() {
        for join in [LineJoin.miter, .bevel] {
            let style = StrokeStyle(lineWidth: 40, lineCap: .round, lineJoin: join)
            let (thinned, whole) = polylines(loop(1500), style)
            #expect(thinned[0].points.count < 1300, "\(join): \(thinned[0].points.count) of 1501")
            #expect(Array(thinned[0].points.prefix(2)) == Array(whole[0].points.prefix(2)))
            #expect(Array(thinned[0].points.suffix(2)) == Array(whole[0].points.suffix(2)))
            // 1/32 px for the joins and 1/32 px for the chords, twice where two edges cross a
            // pixel, plus a level of rounding: 255 · 1/16 · 2 + 1.
            #expect(Self.worstDifference(thinned, whole, style, clip, tolerance) <= 33, "\(join)")
        }
    }

    /// A sharp corner between two runs of short lines keeps its miter, its neighbours and so the
    /// segments on either side of it; the runs are thinned and their kept vertices next to dropped
    /// ones are joined round.
    @Test func sharpCornersKeepTheirJoinsAndTheirSegments() {
        let arm = (1...159).map { k in Point(x: 20 + 0.5 * Double(k), y: 100 + 0.02 * sine(Double(k) * 2.1)) }
        let corner = Point(x: 100, y: 100)
        let leg = (1...160).map { k in Point(x: 100 + 0.02 * sine(Double(k) * 1.7), y: 100 + 0.5 * Double(k)) }
        let points = [Point(x: 20, y: 100)] + arm + [corner] + leg
        let path = Path(elements: [.move(points[0])] + points.dropFirst().map { .line($0) })
        #expect(points[160] == corner)
        let style = StrokeStyle(lineWidth: 40, lineCap: .round, lineJoin: .miter)
        let (thinned, whole) = polylines(path, style)
        let line = thinned[0]
        #expect(whole[0].points.count == 321)
        #expect(line.points.count < 200, "\(line.points.count) of 321")
        let k = line.points.firstIndex(of: corner)
        #expect(k != nil)
        if let k {
            #expect(line.points[k - 1] == points[159] && line.points[k + 1] == points[161])
            #expect(!line.isSmooth[k])
        }
        // Every vertex kept beside a dropped one, and only those, is joined round.
        for (i, p) in line.points.enumerated() where i > 0 && i < line.points.count - 1 {
            let j = whole[0].points.firstIndex(of: p)!
            let besideDropped = whole[0].points[j - 1] != line.points[i - 1] || whole[0].points[j + 1] != line.points[i + 1]
            #expect(line.isSmooth[i] == besideDropped, "vertex \(j)")
        }
        #expect(Self.worstDifference(thinned, whole, style, PixelRect(minX: 0, minY: 60, maxX: 140, maxY: 200), tolerance) <= 33)
    }

    /// A closed polyline of short lines under a wide miter pen (a circle of radius 40 as 600 lines,
    /// each shorter than the pen's reach across its turn): thinned, with
    /// its first vertex, its neighbours and so the join where it closes kept as they are.
    @Test func aClosedLoopKeepsTheJoinWhereItCloses() {
        let points = (0..<600).map { k in
            Point(x: 100 + 40 * cosine(Double(k) * 2 * .pi / 600), y: 100 + 40 * sine(Double(k) * 2 * .pi / 600))
        }
        let path = Path(elements: [.move(points[0])] + points.dropFirst().map { .line($0) } + [.close])
        let style = StrokeStyle(lineWidth: 100, lineCap: .butt, lineJoin: .miter)
        let (thinned, whole) = polylines(path, style)
        #expect(whole[0].isClosed && whole[0].points.count == 600)
        let line = thinned[0]
        #expect(line.isClosed)
        #expect(line.points.count < 300, "\(line.points.count) of 600")
        #expect(line.points[0] == points[0] && line.points[1] == points[1] && line.points.last == points[599])
        #expect(!line.isSmooth[0])
        #expect(Self.worstDifference(thinned, whole, style, clip, tolerance) <= 33)
    }

    /// Short lines with sharp turns (a zigzag turning about 80° at each vertex, under a wide pen): every vertex
    /// is a pivot, none counts as round, nothing is thinned.
    @Test func shortSharpTurnsAreLeftAsTheyAre() {
        let points = (0...200).map { k in Point(x: 20 + 0.8 * Double(k), y: 100 + (k % 2 == 0 ? 0 : 0.69)) }
        let path = Path(elements: [.move(points[0])] + points.dropFirst().map { .line($0) })
        for join in [LineJoin.miter, .bevel] {
            let (thinned, whole) = polylines(path, StrokeStyle(lineWidth: 40, lineCap: .round, lineJoin: join))
            #expect(thinned[0].points == whole[0].points)
            #expect(thinned[0].isSmooth == whole[0].isSmooth)
        }
    }

    /// The largest difference in coverage between the strokes of two sets of polylines.
    static func worstDifference(_ a: [StrokePolyline], _ b: [StrokePolyline], _ style: StrokeStyle, _ clip: PixelRect,
                                _ tolerance: Double) -> Int {
        let ca = Rasterizer.coverage(of: Stroker.outline(of: a, style: style, tolerance: tolerance), clip: clip, rule: .nonZero)
        let cb = Rasterizer.coverage(of: Stroker.outline(of: b, style: style, tolerance: tolerance), clip: clip, rule: .nonZero)
        var worst = 0
        for y in clip.minY..<clip.maxY {
            for x in clip.minX..<clip.maxX { worst = max(worst, abs(Int(ca?[x, y] ?? 0) - Int(cb?[x, y] ?? 0))) }
        }
        return worst
    }

    @Test func withButtOrSquareCapsTheEndsKeepTheirVertices() {
        // Lines so short and a pen so wide that every vertex is a pivot: only those farther than
        // three half widths from both ends may go.
        let path = Path(elements: [.move(Point(x: 20, y: 100))] + (1...400).map { k in
            let t = Double(k) / 400
            return .line(Point(x: 20 + 160 * t, y: 100 + 0.02 * sine(Double(k) * 2.1)))
        })
        for cap in [LineCap.butt, .square] {
            let style = StrokeStyle(lineWidth: 20, lineCap: cap, lineJoin: .round)
            let (thinned, whole) = polylines(path, style)
            let (first, last) = (whole[0].points[0], whole[0].points[whole[0].points.count - 1])
            let near = whole[0].points.filter { ($0 - first).norm <= 30 || ($0 - last).norm <= 30 }
            #expect(near.count > 100)
            #expect(near.allSatisfy { thinned[0].points.contains($0) })
            #expect(thinned[0].points.count < whole[0].points.count)
        }
    }

    @Test func ordinaryStrokesAreLeftAsTheyAre() {
        // Thin pens and long segments: every corner's outline cuts across, no vertex is a pivot.
        let circle = Path.oval(in: Rect(x: 20, y: 20, width: 160, height: 160))
        for width in [1.0, 4, 12] {
            let (thinned, whole) = polylines(circle, StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .round))
            #expect(thinned.map(\.points) == whole.map(\.points))
        }
    }
}
