import AnimScene
import Testing

/// The scene file's `goldenTolerance` key.
struct GoldenToleranceDecodingTests {
    func decode(_ tolerance: String) throws(SceneErrors) -> Scene {
        let json = #"{"canvas": {"width": 10, "height": 10}, "goldenTolerance": "# + tolerance + "}"
        return try SceneLoader.decode(Array(json.utf8), file: "scene.json")
    }

    @Test func decodesEveryField() throws {
        let s = try decode(#"{"maxChannelDelta": 2, "maxDifferingPixels": 40, "perceptualDeltaE": 1.5, "reason": "blur"}"#)
        #expect(s.goldenTolerance == SceneGoldenTolerance(maxChannelDelta: 2, maxDifferingPixels: 40, perceptualDeltaE: 1.5, reason: "blur"))
    }

    @Test func aReasonIsRequiredAndRangesAreChecked() {
        for (json, fragment) in [(#"{"maxChannelDelta": 2}"#, "reason"), (#"{"maxChannelDelta": 300, "reason": "x"}"#, "0…255"),
                                 (#"{"perceptualDeltaE": 0, "reason": "x"}"#, "perceptualDeltaE"), (#"{"reason": " "}"#, "why"),
                                 (#"{"maxPixels": 2, "reason": "x"}"#, "maxPixels")] {
            do {
                _ = try decode(json)
                Issue.record("expected an error for \(json)")
            } catch {
                #expect(error.errors.contains { $0.message.contains(fragment) || ($0.path?.description.contains(fragment) ?? false) },
                        "\(json): \(error.errors.map(\.message))")
            }
        }
    }
}
