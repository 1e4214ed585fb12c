import AnimGolden
import AnimTestSupport
import Foundation
import Testing

/// Every scene in Scenes/ against its goldens in Goldens/, through the same runner as
/// `animrender test Scenes --goldens Goldens` (exact unless a scene declares a tolerance).
/// Recording follows ANIMRENDER_RECORD (default `missing` on a developer machine, `never` under CI);
/// a run that records still fails.
struct GoldenTests {
    static let options = GoldenRunOptions(goldens: RepositoryPaths.goldens, artifacts: RepositoryPaths.artifacts,
                                          record: RecordMode.resolved(), frames: .golden)

    @Test(arguments: SceneCatalog.all)
    func sceneMatchesGoldens(_ entry: SceneCatalog.Entry) {
        let result = GoldenRunner.run(scenes: [(entry.name, entry.file)], options: Self.options)
        for scene in result.scenes where !scene.passed { Issue.record(Comment(rawValue: scene.summary)) }
        #expect(result.frameCount > 0, "\(entry) checks no frames")
    }

    @Test func everySceneHasGoldensAndEveryGoldenHasAScene() {
        let scenes = GoldenRunner.discoverScenes(in: [RepositoryPaths.scenes])
        for orphan in GoldenRunner.orphanGoldenFolders(goldens: RepositoryPaths.goldens, scenes: scenes) {
            Issue.record("Goldens/\(orphan) has no scene Scenes/\(orphan).json")
        }
        let goldens = Set(SceneCatalog.goldenFolders)
        for missing in scenes.map(\.name) where !goldens.contains(missing) {
            Issue.record("Scenes/\(missing).json has no goldens in Goldens/\(missing)/")
        }
        #expect(Set(scenes.map(\.name)) == Set(SceneCatalog.all.map(\.name)), "discovery names scenes as the catalogue does")
    }
}
