@testable import AnimGeometry
import Testing

/// The stroke pipeline's geometry before any pixel: polylines, trimming, dashing, interpolation.
struct StrokeGeometryTests {
    func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    @Test func subpathsBecomePolylinesWithCornersAndClosure() throws {
        let path = try #require(Optional(Path(elements: [
            .move(p(0, 0)), .line(p(10, 0)), .line(p(10, 0)), .quad(p(20, 0), p(20, 10)), .close,
            .line(p(5, 5)),
            .move(p(50, 50)),
            .move(p(60, 60)), .line(p(60, 60)),
        ])))
        let lines = path.strokePolylines(tolerance: 0.1)
        #expect(lines.count == 3)
        // Closed: the repeated vertex is dropped, the start is a corner, the quad's inner vertices are smooth.
        let first = lines[0]
        #expect(first.isClosed && first.points.first == p(0, 0) && first.points.last != p(0, 0))
        #expect(first.isSmooth[0] == false && first.isSmooth[1] == false)
        #expect(first.isSmooth.dropFirst(2).dropLast().allSatisfy { $0 })
        #expect(first.isSmooth.last == false && first.points.last == p(20, 10))
        // A drawing element after close starts again at the subpath's start.
        #expect(lines[1].points == [p(0, 0), p(5, 5)] && !lines[1].isClosed)
        // A lone move draws nothing; a zero-length line is one vertex facing +x.
        #expect(lines[2].points == [p(60, 60)] && lines[2].direction == p(1, 0))
    }

    @Test func trimmingCutsByArcLengthAcrossSubpaths() {
        // Two lines of length 10 and 30: the total is 40.
        let lines = [StrokePolyline(points: [p(0, 0), p(10, 0)]), StrokePolyline(points: [p(0, 10), p(0, 40)])]
        let t = lines.trimmed(from: 0.125, to: 0.5)
        #expect(t.count == 2)
        #expect(t[0].points == [p(5, 0), p(10, 0)])
        #expect(t[1].points == [p(0, 10), p(0, 20)])
        #expect(lines.trimmed(from: 0.6, to: 0.4).isEmpty)
        #expect(lines.trimmed(from: -1, to: 2) == lines)
        // A closed square cut in two becomes open and keeps its corners in between.
        let square = StrokePolyline(points: [p(0, 0), p(10, 0), p(10, 10), p(0, 10)], isClosed: true)
        let part = [square].trimmed(from: 0.125, to: 0.875)
        #expect(part.count == 1 && !part[0].isClosed)
        #expect(part[0].points == [p(5, 0), p(10, 0), p(10, 10), p(0, 10), p(0, 5)])
    }

    @Test func dashesWalkThePatternAcrossCorners() {
        let l = StrokePolyline(points: [p(0, 0), p(10, 0), p(10, 10)])
        let dashes = l.dashed(pattern: [6, 2], phase: 0)
        // 0–6, 8–14 (turning the corner at 10), 16–20.
        #expect(dashes.map(\.points) == [[p(0, 0), p(6, 0)], [p(8, 0), p(10, 0), p(10, 4)], [p(10, 6), p(10, 10)]])
        // Phase 7: 7 into the pattern (1 off left), so on from 1 to 7, 9 to 15, 17 to 20.
        let shifted = l.dashed(pattern: [6, 2], phase: 7)
        #expect(shifted.map(\.points) == [[p(1, 0), p(7, 0)], [p(9, 0), p(10, 0), p(10, 5)], [p(10, 7), p(10, 10)]])
        // A negative phase wraps: −1 is the same as 7.
        #expect(l.dashed(pattern: [6, 2], phase: -1) == shifted)
        // Patterns that cannot dash leave the line solid.
        #expect(l.dashed(pattern: [0, 0], phase: 0) == [l])
        #expect(l.dashed(pattern: [-1, 2], phase: 0) == [l])
        // Zero-length dashes are single vertices facing the way the line goes.
        let dots = l.dashed(pattern: [0, 15], phase: 0)
        #expect(dots.map(\.points) == [[p(0, 0)], [p(10, 5)]])
        #expect(dots[1].direction == p(0, 1))
    }

    @Test func tooManyDashesAreDrawnSolid() {
        let l = StrokePolyline(points: [p(0, 0), p(1000, 0)])
        #expect(l.dashed(pattern: [0.001, 0.001], phase: 0) == [l])
    }

    @Test func pathsInterpolatePointByPointWhenTheirStructuresMatch() throws {
        let a = Path(elements: [.move(p(0, 0)), .line(p(10, 0)), .cubic(p(10, 5), p(5, 10), p(0, 10)), .close])
        let b = Path(elements: [.move(p(10, 10)), .line(p(30, 10)), .cubic(p(30, 15), p(15, 30), p(10, 30)), .close])
        let mid = try #require(a.interpolated(to: b, by: 0.5))
        #expect(mid.elements == [.move(p(5, 5)), .line(p(20, 5)), .cubic(p(20, 10), p(10, 20), p(5, 20)), .close])
        #expect(a.interpolated(to: b, by: 1.5)?.elements.first == .move(p(15, 15)))
        let other = Path(elements: [.move(p(0, 0)), .line(p(10, 0)), .line(p(0, 10)), .close])
        #expect(!a.hasSameStructure(as: other))
        #expect(a.interpolated(to: other, by: 0.5) == nil)
    }

    @Test func strokeOutlinePiecesAllWindTheSameWay() {
        let path = Path(elements: [.move(p(0, 0)), .line(p(50, 0)), .line(p(0, 30)), .quad(p(-40, 60), p(20, 80))])
        for join in LineJoin.allCases {
            for cap in LineCap.allCases {
                let pieces = Stroker.pieces(path, style: StrokeStyle(lineWidth: 7, lineCap: cap, lineJoin: join), tolerance: 0.1)
                #expect(!pieces.isEmpty)
                for piece in pieces {
                    var area = 0.0
                    for i in 0..<piece.count {
                        let (a, b) = (piece[i], piece[(i + 1) % piece.count])
                        area += a.x * b.y - b.x * a.y
                    }
                    #expect(area > 0)
                }
            }
        }
        #expect(Stroker.stroke(path, style: StrokeStyle(lineWidth: 0), tolerance: 0.1).isEmpty)
    }
}
