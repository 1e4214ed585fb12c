import AnimScene
import Testing

/// Decoding scene JSON in tests: the scene, or the errors it produces.
protocol SceneFixture {}

extension SceneFixture {
    func decodeScene(_ json: String) throws(SceneErrors) -> Scene {
        try SceneLoader.decode(Array(json.utf8), file: "scene.json")
    }

    /// The errors a scene produces (records a test issue if it decodes).
    func sceneErrors(_ json: String) -> [SceneError] {
        do {
            _ = try decodeScene(json)
            Issue.record("expected errors")
            return []
        } catch {
            return error.errors
        }
    }
}
