import AnimEngine
import AnimGeometry
import AnimPhysics
import AnimScene
import Foundation
import Testing

/// The `dynamics` verb: behaviours in UIKit's vocabulary and located errors.
struct DynamicsDecodingTests {
    func decode(_ timeline: String) throws(SceneErrors) -> Scene {
        let json = """
            {"canvas": {"width": 300, "height": 400, "duration": 2},
             "layers": [{"id": "container", "frame": [0, 0, 300, 400], "sublayers": [
                           {"id": "ball", "frame": [80, 30, 40, 40], "sublayers": [{"id": "inner"}]},
                           {"id": "card", "frame": [170, 285, 60, 30]}]},
                        {"id": "outside", "frame": [0, 0, 10, 10]}],
             "timeline": [\(timeline)]}
            """
        return try SceneLoader.decode(Array(json.utf8), file: "scene.json")
    }

    func errors(_ timeline: String) -> [SceneError] {
        do {
            _ = try decode(timeline)
            Issue.record("expected errors")
            return []
        } catch {
            return error.errors
        }
    }

    func dynamics(_ s: Scene) -> DynamicsAction? {
        guard case let .dynamics(d) = s.timeline.actions.first?.action else { return nil }
        return d
    }

    @Test func everyBehaviour() throws {
        let d = try #require(dynamics(try decode("""
            {"at": 0.5, "dynamics": {"referenceView": "container", "behaviors": [
              {"gravity": {"items": ["ball"], "magnitude": 2}},
              {"collision": {"items": ["ball", "card"], "mode": "boundaries", "translatesReferenceBoundsIntoBoundary": true,
                             "insets": [1, 2, 3, 4], "boundaries": [{"from": [0, 200], "to": [100, 250]}, {"path": "M 0 300 L 50 320 L 100 300"}]}},
              {"itemBehavior": {"items": ["ball"], "elasticity": 0.5, "density": 2, "allowsRotation": false}},
              {"attachment": {"item": "card", "toAnchor": [150, 40], "damping": 0.3, "frequency": 2}},
              {"attachment": {"item": "card", "toItem": "ball", "length": 80, "offset": [0, -10]}},
              {"snap": {"item": "card", "to": [200, 300]}},
              {"push": {"items": ["ball"], "mode": "instantaneous", "direction": [3, 4]}}]}}
            """)))
        #expect(d.referenceView == 0 && !d.removeAllBehaviors && d.behaviors.count == 7)
        guard case let .gravity(g) = d.behaviors[0], case let .collision(c) = d.behaviors[1], case let .itemBehavior(i) = d.behaviors[2],
              case let .attachment(a1) = d.behaviors[3], case let .attachment(a2) = d.behaviors[4], case let .snap(s) = d.behaviors[5],
              case let .push(p) = d.behaviors[6] else { Issue.record("kinds out of order"); return }
        #expect(g.items == [1] && g.magnitude == 2 && abs(g.angle - Double.pi / 2) < 1e-12)
        #expect(c.items == [1, 3] && c.mode == .boundaries && c.translatesReferenceBoundsIntoBoundary && c.insets.bottom == 3)
        #expect(c.boundaries.count == 2 && c.boundaries[0] == [Point(x: 0, y: 200), Point(x: 100, y: 250)] && c.boundaries[1].count == 3)
        #expect(i.elasticity == 0.5 && i.density == 2 && i.allowsRotation == false && i.friction == nil)
        #expect(a1.item == 3 && a1.anchor == Point(x: 150, y: 40) && a1.toItem == nil && a1.length == nil && a1.frequency == 2)
        #expect(a2.toItem == 1 && a2.length == 80 && a2.offset == Point(x: 0, y: -10))
        #expect(s.item == 3 && s.point == Point(x: 200, y: 300) && s.damping == 0.5, "damping defaults to 0.5")
        #expect(p.mode == .instantaneous && abs(p.magnitude - 5) < 1e-12 && abs(p.angle - atan2(4, 3)) < 1e-12)
    }

    /// The action is simulated when the scene loads: its track covers the scene.
    @Test func simulatedAtLoad() throws {
        let d = try #require(dynamics(try decode(#"{"at": 0.5, "dynamics": {"referenceView": "container", "behaviors": [{"gravity": {"items": ["ball"]}}]}}"#)))
        let track = try #require(d.track)
        #expect(track.items == [1] && track.stepCount == 181, "1.5 s at 120 Hz, plus step 0")
    }

    @Test func collisionBoundsType() throws {
        let d = try #require(dynamics(try decode("""
            {"at": 0, "dynamics": {"referenceView": "container", "collisionBoundsType": {"ball": "ellipse", "card": "rectangle"},
             "behaviors": [{"gravity": {"items": ["ball"]}}]}}
            """)))
        #expect(d.collisionBoundsTypes == [1: .ellipse, 3: .rectangle])
        let e = errors(#"{"at": 0, "dynamics": {"referenceView": "container", "collisionBoundsType": {"ball": "path", "nope": "ellipse"}, "behaviors": []}}"#)
        #expect(e.count == 1 && e[0].path?.description == "timeline[0].dynamics.collisionBoundsType.ball" && e[0].message.contains("'path'"))
    }

    @Test func removeAllBehaviorsAlone() throws {
        let d = try #require(dynamics(try decode(#"{"at": 1, "dynamics": {"referenceView": "container", "removeAllBehaviors": true}}"#)))
        #expect(d.removeAllBehaviors && d.behaviors.isEmpty)
    }

    @Test func locatedErrors() {
        let e = errors("""
            {"at": 0, "dynamics": {"referenceView": "container", "behaviors": [
              {"gravity": {"items": ["bal"]}},
              {"itemBehavior": {"items": ["ball"], "density": -1}},
              {"itemBehavior": {"items": ["card"], "density": 0}},
              {"snap": {"item": "card", "to": [1, 2], "damping": 1.5}},
              {"attachment": {"item": "card", "toAnchor": [0, 0], "toItem": "ball"}},
              {"colision": {"items": ["ball"]}},
              {"collision": {"items": ["inner"], "mode": "walls"}},
              {"push": {"items": ["outside"]}},
              {"gravity": {"items": []}}]}},
            {"at": 1, "dynamics": {"referenceView": "container"}}
            """)
        func has(_ path: String, _ text: String) -> Bool {
            e.contains { $0.path?.description == path && ($0.message + ($0.hint ?? "")).contains(text) }
        }
        let b = "timeline[0].dynamics.behaviors"
        #expect(has("\(b)[0].gravity.items[0]", "did you mean 'ball'"))
        #expect(has("\(b)[1].itemBehavior.density", "more than 0, found -1"))
        #expect(has("\(b)[2].itemBehavior.density", "more than 0, found 0"))
        #expect(has("\(b)[3].snap.damping", "between 0 and 1"))
        #expect(has("\(b)[4].attachment", "exactly one of 'toAnchor'"))
        #expect(has("\(b)[5].colision", "did you mean 'collision'"))
        #expect(has("\(b)[6].collision.items[0]", "not a direct sublayer"))
        #expect(has("\(b)[7].push.items[0]", "subviews of the reference view"))
        #expect(has("\(b)[8].gravity.items", "at least one item"))
        #expect(has("timeline[1].dynamics", "needs 'behaviors'"))
        #expect(e.count == 10, "\(e.map(\.description))")
    }
}
