import AnimTestSupport
import Foundation
import Testing

/// Bad keyframe, spring and group input through the real command line: a located message,
/// exit code 2 and no output left behind.
@Suite(.serialized)
struct AnimationInputCLITests {
    func run(_ json: String) throws -> (result: CommandResult, files: [String]) {
        let dir = try CommandRunner.temporaryDirectory()
        let scene = dir.appendingPathComponent("anim.json")
        try Data(json.utf8).write(to: scene)
        let r = try CommandRunner.run([scene.path, "--gif", dir.appendingPathComponent("out.gif").path])
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
        return (r, files)
    }

    @Test func keyTimesThatGoBackwardsAreLocated() throws {
        let (r, files) = try run("""
            {"canvas": {"width": 100, "height": 100},
             "layers": [{"id": "a", "bounds": [0, 0, 10, 10],
               "animations": [{"type": "group", "duration": 1, "animations": [
                 {"type": "keyframe", "keyPath": "position.x", "values": [0, 10, 0],
                  "keyTimes": [0, 0.8, 0.4]}]}]}]}
            """)
        #expect(r.status == 2)
        #expect(r.stderr.contains("layers[0].animations[0].animations[0].keyTimes[2]"), "\(r.stderr)")
        #expect(r.stderr.contains("anim.json:5:"), "\(r.stderr)")
        #expect(files == ["anim.json"])
    }

    @Test func wrongValueTypeAndBadPathDataAreLocated() throws {
        let (r, files) = try run("""
            {"canvas": {"width": 100, "height": 100},
             "layers": [{"id": "a", "bounds": [0, 0, 10, 10], "animations": [
               {"type": "spring", "keyPath": "transform.scale", "toValue": [1, 2]},
               {"type": "keyframe", "keyPath": "position", "path": "M 0 0 L 10"}]}]}
            """)
        #expect(r.status == 2)
        #expect(r.stderr.contains("layers[0].animations[0].toValue"), "\(r.stderr)")
        #expect(r.stderr.contains("layers[0].animations[1].path"), "\(r.stderr)")
        #expect(files == ["anim.json"])
    }
}
