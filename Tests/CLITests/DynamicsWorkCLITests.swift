import AnimTestSupport
import Foundation
import Testing

/// A scene whose dynamics simulation passes its budget as it runs is a bad scene like any other:
/// a located error, exit 2, nothing written, and quickly.
struct DynamicsWorkCLITests {
    /// 1,500 items started on one spot: 1.1 million pairs overlap in the first sub-step, more than
    /// the million a sub-step may hold (it once took minutes and gigabytes).
    @Test func itemsPiledOnOneSpotAreALocatedError() throws {
        let ids = (0..<1500).map { "\"b\($0)\"" }.joined(separator: ", ")
        let layers = (0..<1500).map { "{\"id\": \"b\($0)\", \"frame\": [95, 95, 10, 10]}" }.joined(separator: ", ")
        let json = "{\"canvas\": {\"width\": 200, \"height\": 200, \"duration\": 2}, \"layers\": [{\"id\": \"c\", \"frame\": [0, 0, 200, 200], "
            + "\"sublayers\": [\(layers)]}], \"timeline\": [{\"at\": 0, \"dynamics\": {\"referenceView\": \"c\", \"behaviors\": "
            + "[{\"gravity\": {\"items\": [\(ids)]}}, {\"collision\": {\"items\": [\(ids)]}}]}}]}"
        let dir = try CommandRunner.temporaryDirectory()
        let scene = dir.appendingPathComponent("scene.json")
        try Data(json.utf8).write(to: scene)
        let started = ContinuousClock.now
        let r = try CommandRunner.run([scene.path, "--gif", dir.appendingPathComponent("out.gif").path])
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(r.status == 2, "\(r.stderr)")
        let column = json.utf8.count - json.split(separator: "{\"at\"").last!.utf8.count - 4
        #expect(r.stderr.contains("error: \(scene.path):1:\(column): timeline[0]: the dynamics simulation started at t = 0 s has more "
            + "than 1000000 pairs of items overlapping at once"), "\(r.stderr)")
        #expect(RestrictedRun.listing(dir) == ["scene.json"])
    }
}
