import AnimGeometry
import AnimScene
import Testing

/// Arcs whose radii or end points overflow double arithmetic become their chord instead of
/// crashing (found by RandomAnimationSceneTests).
struct SVGPathExtremeTests {
    @Test(arguments: ["M 0 0 A 1e308 3 0 1 1 1e308 4", "M -1e308 0 A 5 5 0 0 1 1e308 0", "M 0 0 A 1e308 1e308 45 1 0 -1e308 1e308"])
    func overflowingArcsBecomeLines(_ data: String) throws {
        let path = try SVGPathParser.parse(data)
        #expect(path.elements.count >= 2)
        for element in path.elements {
            if case let .cubic(c1, c2, _) = element {
                #expect(c1.x.isFinite && c1.y.isFinite && c2.x.isFinite && c2.y.isFinite)
            }
        }
    }
}
