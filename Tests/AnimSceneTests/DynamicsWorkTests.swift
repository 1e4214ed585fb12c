import AnimEngine
import AnimPhysics
import Foundation
import Testing
@testable import AnimScene

/// The dynamics simulations count the work the solver really does (sub-steps, box pairs,
/// contacts) as they run; a scene whose total passes the limit is refused at the `dynamics` action
/// that was running. The tests lower the limit, so that each takes a fraction of a second.
struct DynamicsWorkTests {
    /// Items with `frames` (x, y, size) in a 200 × 200 view for `duration` s; the timeline is
    /// `timeline`, by default one action at 0 making them fall (``dynamics(_:)``).
    static func scene(_ frames: [(x: Int, y: Int, size: Double)], duration: Double, timeline: [String]? = nil) -> String {
        let layers = frames.enumerated().map { k, f in "{\"id\": \"b\(k)\", \"frame\": [\(f.x), \(f.y), \(f.size), \(f.size)]}" }
        return "{\"canvas\": {\"width\": 200, \"height\": 200, \"duration\": \(duration)}, "
            + "\"layers\": [{\"id\": \"c\", \"frame\": [0, 0, 200, 200], \"sublayers\": [\(layers.joined(separator: ", "))]}], "
            + "\"timeline\": [\((timeline ?? ["{\"at\": 0, \(dynamics(frames.count))}"]).joined(separator: ", "))]}"
    }

    /// `"dynamics": …` making items b0…b(count − 1) fall, colliding with each other and the view's bounds.
    static func dynamics(_ count: Int) -> String {
        let ids = (0..<count).map { "\"b\($0)\"" }.joined(separator: ", ")
        return "\"dynamics\": {\"referenceView\": \"c\", \"behaviors\": [{\"gravity\": {\"items\": [\(ids)]}}, "
            + "{\"collision\": {\"items\": [\(ids)], \"translatesReferenceBoundsIntoBoundary\": true}}]}"
    }

    /// `count` items of `size` pt, 20 pt apart on a grid.
    static func grid(_ count: Int, size: Double) -> [(x: Int, y: Int, size: Double)] {
        (0..<count).map { (10 + $0 % 9 * 20, 10 + $0 / 9 * 20, size) }
    }

    /// `count` items of 10 pt, all on one spot.
    static func pile(_ count: Int) -> [(x: Int, y: Int, size: Double)] {
        Array(repeating: (95, 95, 10), count: count)
    }

    /// The decoder's errors with the given limits, and the scene when it decodes.
    func decode(_ json: String, maxWork: Int, maxOverlaps: Int = .max) throws -> (scene: Scene?, errors: [SceneError]) {
        let decoder = SceneDecoder(file: "scene.json")
        decoder.dynamicsBudget = WorkBudget(limit: maxWork, maxOverlaps: maxOverlaps)
        let scene = decoder.decodeScene(JSONReader(node: try JSONParser.parse(Array(json.utf8)), path: .root, file: "scene.json"))
        return (decoder.errors.isEmpty ? scene : nil, decoder.errors)
    }

    /// Expects one error, at `path`, with the work-limit message for an action at `time`.
    func expectRefused(_ errors: [SceneError], at path: String, time: String = "0", limit: Int) {
        #expect(errors.count == 1)
        #expect(errors.first?.path?.description == path)
        #expect(errors.first?.location != nil)
        let message = "the dynamics simulation started at t = \(time) s takes the scene past \(limit) item-steps of work, counting "
            + "sub-steps (a fast or small item takes up to 64 a 1/120 s step), contacts (10 each) and the behaviours each action "
            + "rebuilds the world from; at most \(limit) are allowed"
        #expect(errors.first?.message == message)
        #expect(errors.first?.hint?.hasPrefix("use fewer, larger or slower items, or fewer behaviours") == true)
    }

    /// 81 items falling for 1 s are 9,720 item-steps by the count made before simulating; but a step
    /// of a 1 pt item falling fast is split into up to 64 sub-steps: the tiny items do 261,396
    /// item-steps of work, the same scene with 8 pt items 95,516 (contacts included).
    @Test func tinyItemsCountTheirSubsteps() throws {
        let limit = 150_000
        #expect(try decode(Self.scene(Self.grid(81, size: 8), duration: 1), maxWork: limit).errors.isEmpty)
        expectRefused(try decode(Self.scene(Self.grid(81, size: 1), duration: 1), maxWork: limit).errors, at: "timeline[0]", limit: limit)
    }

    /// 60 items started on one spot: every pair's boxes overlap and the pairs collide (1,770 of them
    /// at first), where the same items spread on a grid touch only when they land: 149,047
    /// item-steps of work against 17,430.
    @Test func itemsPiledOnOneSpotCountTheirPairs() throws {
        let limit = 50_000
        #expect(try decode(Self.scene(Self.grid(60, size: 10), duration: 0.5), maxWork: limit).errors.isEmpty)
        expectRefused(try decode(Self.scene(Self.pile(60), duration: 0.5), maxWork: limit).errors, at: "timeline[0]", limit: limit)
    }

    /// 2,000 items on one spot are two million pairs of overlapping items, each a contact held in
    /// memory: the broad phase stops as soon as it has found more than the scene's budget allows
    /// at once (one million), without finding (or storing) them all.
    @Test func thousandsOfItemsOnOneSpotAreRefusedAtOnce() throws {
        let started = ContinuousClock.now
        let limits = DynamicsSimulation.budget
        let errors = try decode(Self.scene(Self.pile(2000), duration: 1), maxWork: limits.limit, maxOverlaps: limits.maxOverlaps).errors
        #expect(errors.map(\.path?.description) == ["timeline[0]"])
        #expect(errors.first?.message == "the dynamics simulation started at t = 0 s has more than 1000000 pairs of items overlapping "
            + "at once, each a contact to solve; at most 1000000 are allowed")
        #expect(errors.first?.hint == "start fewer items on one spot")
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    /// A dynamics action run by a completion handler (which the item-step count does not see) is
    /// located at the action whose handler it is.
    @Test func aCompletionsDynamicsIsLocatedAtItsAction() throws {
        let animate = "{\"at\": 0.25, \"animate\": {\"duration\": 0.25, \"changes\": {\"c\": {\"alpha\": 0.5}}, "
            + "\"completion\": [{\(Self.dynamics(60))}]}}"
        let json = Self.scene(Self.pile(60), duration: 1, timeline: ["{\"at\": 0, \"set\": {\"c\": {\"alpha\": 1}}}", animate])
        let limit = 100_000
        expectRefused(try decode(json, maxWork: limit).errors, at: "timeline[1]", time: "0.5", limit: limit)
    }

    /// An action rebuilds the world from the behaviours it keeps: 300 collision behaviours of 50
    /// items added by one action each go over 2 million members in all (one action adding them all,
    /// 16,000).
    @Test func rebuildingTheWorldAtEachActionCounts() throws {
        let ids = (0..<50).map { "\"b\($0)\"" }.joined(separator: ", ")
        let collision = "{\"collision\": {\"items\": [\(ids)]}}"
        let once = "{\"at\": 0, \"dynamics\": {\"referenceView\": \"c\", \"behaviors\": [\(Array(repeating: collision, count: 300).joined(separator: ", "))]}}"
        let each = "{\"at\": 0, \"dynamics\": {\"referenceView\": \"c\", \"behaviors\": [\(collision)]}}"
        let limit = 100_000
        #expect(try decode(Self.scene(Self.grid(50, size: 10), duration: 0.1, timeline: [once]), maxWork: limit).errors.isEmpty)
        let errors = try decode(Self.scene(Self.grid(50, size: 10), duration: 0.1, timeline: Array(repeating: each, count: 300)),
                                maxWork: limit).errors
        #expect(errors.count == 1 && errors.first?.path?.description.hasPrefix("timeline[") == true)
        #expect(errors.first?.path?.description != "timeline[0]" && errors.first?.path?.description != "timeline[299]")
        #expect(errors.first?.message.hasPrefix("the dynamics simulation started at t = 0 s takes the scene past 100000 item-steps") == true)
    }

    /// The limit is for the whole scene: two reference views each within it are not, together.
    @Test func theLimitIsTheScenes() throws {
        let views = (0..<2).map { v in
            let items = (0..<30).map { "{\"id\": \"v\(v)b\($0)\", \"frame\": [95, 95, 10, 10]}" }.joined(separator: ", ")
            return "{\"id\": \"v\(v)\", \"frame\": [0, 0, 200, 200], \"sublayers\": [\(items)]}"
        }
        let actions = (0..<2).map { v in
            let ids = (0..<30).map { "\"v\(v)b\($0)\"" }.joined(separator: ", ")
            return "{\"at\": 0, \"dynamics\": {\"referenceView\": \"v\(v)\", \"behaviors\": [{\"collision\": {\"items\": [\(ids)]}}]}}"
        }
        func scene(_ count: Int) -> String {
            "{\"canvas\": {\"width\": 200, \"height\": 200, \"duration\": 0.5}, \"layers\": [\(views.prefix(count).joined(separator: ", "))], "
                + "\"timeline\": [\(actions.prefix(count).joined(separator: ", "))]}"
        }
        let one = try smallestLimit(passing: scene(1))
        #expect(try decode(scene(2), maxWork: 2 * one).errors.isEmpty)
        expectRefused(try decode(scene(2), maxWork: one).errors, at: "timeline[1]", limit: one)
    }

    /// The smallest limit `json` decodes with (the work its simulations do), by bisection.
    func smallestLimit(passing json: String) throws -> Int {
        var (low, high) = (0, 1)
        while try !decode(json, maxWork: high).errors.isEmpty { (low, high) = (high, 2 * high) }
        while high - low > 1 {
            let middle = (low + high) / 2
            if try decode(json, maxWork: middle).errors.isEmpty { high = middle } else { low = middle }
        }
        return high
    }

    /// The limit only stops scenes: a scene within it simulates exactly as without one.
    @Test(arguments: ["ball-bounce", "balls-ramp", "box-stack-topple", "pendulum", "snap"])
    func aSceneWithinTheLimitIsUnaffected(_ name: String) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenes/dynamics/\(name).json")
        let json = try String(contentsOf: url, encoding: .utf8)
        let limited = try decode(json, maxWork: DynamicsSimulation.budget.limit, maxOverlaps: DynamicsSimulation.budget.maxOverlaps)
        let unlimited = try decode(json, maxWork: .max)
        #expect(limited.errors.isEmpty && limited.scene != nil)
        #expect(limited.scene?.timeline == unlimited.scene?.timeline)
    }
}
