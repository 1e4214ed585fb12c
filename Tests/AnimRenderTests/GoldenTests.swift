import AnimTestSupport
import Foundation
import Testing

/// Every scene in Scenes/ against its goldens in Goldens/, exactly (decoded pixels).
struct GoldenTests {
    @Test(arguments: SceneCatalog.all)
    func sceneMatchesGoldens(_ entry: SceneCatalog.Entry) throws {
        let problems = try GoldenCheck(entry: entry).run()
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
    }

    @Test func everySceneHasGoldensAndEveryGoldenHasAScene() {
        let scenes = Set(SceneCatalog.all.map(\.name))
        let goldens = Set(SceneCatalog.goldenFolders)
        for orphan in goldens.subtracting(scenes).sorted() {
            Issue.record("Goldens/\(orphan) has no scene Scenes/\(orphan).json")
        }
        for missing in scenes.subtracting(goldens).sorted() {
            Issue.record("Scenes/\(missing).json has no goldens in Goldens/\(missing)/")
        }
        #expect(!scenes.isEmpty)
    }
}
