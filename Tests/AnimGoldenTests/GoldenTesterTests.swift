import AnimGolden
import AnimRaster
import AnimScene
import Foundation
import Testing

/// The Swift API for users' own tests.
struct GoldenTesterTests {
    @Test func aBitmapIsRecordedThenPasses() throws {
        let folder = try TemporaryFolder("tester-bitmap")
        defer { folder.remove() }
        let goldens = folder.url.appendingPathComponent("Goldens")
        let tester = GoldenTester(goldens: goldens, artifacts: folder.url.appendingPathComponent("Artifacts"), record: .missing)
        let frame = try GoldenFixtures.card(x: 20)
        let first = tester.check(bitmap: frame, name: "cards/blue", frame: 3)
        #expect(first.recorded && !first.passed)
        #expect(first.golden.path == goldens.appendingPathComponent("cards/blue/f0003.png").path)
        #expect(tester.check(bitmap: frame, name: "cards/blue", frame: 3).passed)
        let moved = tester.checkScene(bitmap: try GoldenFixtures.card(x: 22), name: "cards/blue", frame: 3)
        #expect(!moved.passed)
        #expect(moved.summary.contains("frame 3 (t = 0 s):") && moved.summary.contains("f0003-diff.png"))
    }

    @Test func sceneFilesAndScenesAreChecked() throws {
        let folder = try TemporaryFolder("tester-scene")
        defer { folder.remove() }
        let file = try folder.write(GoldenFixtures.cardScene(x: 20), to: "card.json")
        let tester = GoldenTester(goldens: folder.url.appendingPathComponent("Goldens"),
                                  artifacts: folder.url.appendingPathComponent("Artifacts"), record: .missing)
        #expect(!tester.check(sceneFile: file).passed)
        let again = tester.check(sceneFile: file)
        #expect(again.passed, Comment(rawValue: again.summary))
        #expect(again.name == "card")
        let scene = try SceneLoader.decode(Array(GoldenFixtures.cardScene(x: 20).utf8), file: nil)
        #expect(tester.check(scene: scene, name: "card").passed)
        let moved = try SceneLoader.decode(Array(GoldenFixtures.cardScene(x: 21).utf8), file: nil)
        let strict = GoldenTester(goldens: folder.url.appendingPathComponent("Goldens"),
                                  artifacts: folder.url.appendingPathComponent("Artifacts"), record: .never)
        let failed = strict.check(scene: moved, name: "card")
        #expect(!failed.passed)
        #expect(failed.summary.hasPrefix("card: FAILED (3 of 3 frames)\n  tolerance: exact\n  frame 0 (t = 0 s): "))
        let lenient = GoldenTester(goldens: folder.url.appendingPathComponent("Goldens"),
                                   artifacts: folder.url.appendingPathComponent("Artifacts"), record: .never,
                                   tolerance: .perceptual())
        #expect(lenient.check(scene: moved, name: "card").passed)
    }
}
