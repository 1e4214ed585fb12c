@testable import AnimGeometry
import Testing

/// Counts of chords and segments stay capped when a curve's control point is far away (a path such
/// as "M 0 0 Q 1e40 0 64 64" made Wang's n finite but beyond Int's range, and converting it trapped).
struct FarControlPointTests {
    @Test func chordCountsAreCappedBeforeConversion() {
        #expect(Path.chordCount(degree: 2, secondDifference: 1e40, tolerance: 0.1) == 4096)
        #expect(Path.chordCount(degree: 3, secondDifference: .greatestFiniteMagnitude, tolerance: 1e-6) == 4096)
        #expect(Path.chordCount(degree: 3, secondDifference: .nan, tolerance: 0.1) == 4096)
        #expect(Path.chordCount(degree: 2, secondDifference: 0, tolerance: 0.1) == 1)
        #expect(Pen.arcSteps(radius: 1e15, sweep: .pi, tolerance: 1) == 1024)
        #expect(RoundedRect.segmentsPerQuarter(radiusPixels: 1e300, tolerance: 1e-300) == 256)
    }

    @Test func aQuadWithAFarControlPointFlattensIntoCappedChords() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.quad(to: Point(x: 64, y: 64), control: Point(x: 1e40, y: 0))
        let lines = path.flattened(tolerance: 0.1)
        #expect(lines.count == 1 && lines[0].count == 4097)
        #expect(lines[0].last == Point(x: 64, y: 64))
    }
}
