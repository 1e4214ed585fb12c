import AnimEngine
import AnimScene
import Testing

/// The dynamics simulations run when a scene loads; more than ten million item-steps (1,000 items
/// for 100 s is 12 million) is refused at the action where the total passes the limit.
struct DynamicsBudgetTests: SceneFixture {
    static func scene(items: Int, duration: Double, removeAllAt: Double? = nil) -> String {
        let layers = (0..<items).map { "{\"id\": \"b\($0)\", \"frame\": [\($0 % 50 * 6), \($0 / 50 * 6), 4, 4]}" }
        let ids = (0..<items).map { "\"b\($0)\"" }.joined(separator: ", ")
        var timeline = ["{\"at\": 0, \"dynamics\": {\"referenceView\": \"c\", \"behaviors\": [{\"gravity\": {\"items\": [\(ids)]}}]}}"]
        if let t = removeAllAt {
            timeline.append("{\"at\": \(t), \"dynamics\": {\"referenceView\": \"c\", \"removeAllBehaviors\": true}}")
        }
        return "{\"canvas\": {\"width\": 300, \"height\": 300, \"duration\": \(duration)}, "
            + "\"layers\": [{\"id\": \"c\", \"frame\": [0, 0, 300, 300], \"sublayers\": [\(layers.joined(separator: ", "))]}], "
            + "\"timeline\": [\(timeline.joined(separator: ", "))]}"
    }

    @Test func tooManyItemStepsAreRefused() {
        let e = sceneErrors(Self.scene(items: 1000, duration: 100))
        #expect(e.count == 1)
        #expect(e.first?.message == "the dynamics simulations would run 12000000 item-steps (items × 1/120 s steps); at most 10000000 are allowed")
        #expect(e.first?.path?.description == "timeline[0]")
    }

    /// Items removed by removeAllBehaviors stop counting: 1,000 items for the first second of a
    /// 100 s scene is 120,000 item-steps.
    @Test func removedBehaviorsStopCounting() throws {
        #expect(DynamicsSimulation.itemSteps([], until: 10).total == 0)
        _ = try decodeScene(Self.scene(items: 1000, duration: 100, removeAllAt: 1))
    }

    /// A view's next action after the scene's end does not stretch the simulation past the end:
    /// 1,000 items for a 1 s scene whose next action is at 600 s simulate 120 steps (it took 72,000,
    /// ten minutes of physics no frame shows).
    @Test func aLaterActionAfterTheEndDoesNotExtendTheSimulation() throws {
        let s = try decodeScene(Self.scene(items: 1000, duration: 1, removeAllAt: 600))
        guard case let .dynamics(first)? = s.timeline.actions.first?.action else {
            Issue.record("no dynamics action")
            return
        }
        #expect(first.track?.stepCount == 121, "the start and 120 steps")
    }
}
