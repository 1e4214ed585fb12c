import AnimEngine
import AnimGeometry
import AnimLayers
import AnimPhysics
import Testing

/// The `dynamics` action on a Timeline: simulated once, sampled at t.
struct DynamicsTimelineTests {
    struct Scene {
        var tree = LayerTree()
        var container = 0, ball = 0, card = 0

        init(cardTransform: Transform3D = .identity) {
            var root = LayerProperties()
            root.bounds = Rect(x: 0, y: 0, width: 300, height: 400)
            root.position = Point(x: 150, y: 200)
            container = tree.append(id: "container", properties: root, parent: nil)
            var b = LayerProperties()
            b.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
            b.position = Point(x: 100, y: 50)
            ball = tree.append(id: "ball", properties: b, parent: container)
            var c = LayerProperties()
            c.bounds = Rect(x: 0, y: 0, width: 60, height: 30)
            c.position = Point(x: 200, y: 300)
            c.transform = cardTransform
            card = tree.append(id: "card", properties: c, parent: container)
        }

        func fall(at t: Double) -> TimedAction {
            TimedAction(time: t, action: .dynamics(DynamicsAction(referenceView: container, behaviors: [
                .gravity(GravityBehavior(items: [ball])),
                .collision(CollisionBehavior(items: [ball, card], translatesReferenceBoundsIntoBoundary: true)),
            ])))
        }

        func snap(at t: Double, removingAll: Bool = false) -> TimedAction {
            TimedAction(time: t, action: .dynamics(DynamicsAction(referenceView: container, removeAllBehaviors: removingAll,
                                                                  behaviors: [.snap(SnapBehavior(item: card, point: Point(x: 150, y: 100)))])))
        }
    }

    func pose(_ tree: LayerTree, _ layer: Int) -> (Point, Transform3D) {
        (tree.nodes[layer].properties.position, tree.nodes[layer].properties.transform)
    }

    /// Frames at 25 and 50 fps sample the same steps at the times they share (t = i/25 = 2i/50).
    @Test func sameAt25And50fps() {
        let s = Scene()
        let timeline = Timeline(model: s.tree, actions: [s.fall(at: 0.5), s.snap(at: 1.7)], dynamicsEnd: 4)
        var moved = false
        for i in 0..<100 {
            let t25 = Double(i) / 25, t50 = Double(2 * i) / 50
            let a = timeline.presentation(at: t25), b = timeline.presentation(at: t50)
            #expect(pose(a, s.ball) == pose(b, s.ball) && pose(a, s.card) == pose(b, s.card))
            moved = moved || a.nodes[s.ball].properties.position.y > 100
        }
        #expect(moved)
    }

    /// Before the action the model shows; after it the ball falls (as computed by the animator on
    /// its own) and ends on the floor; the later snap adds to the behaviours and moves the card.
    @Test func samplesTheSimulation() throws {
        let s = Scene()
        let timeline = Timeline(model: s.tree, actions: [s.fall(at: 0.5), s.snap(at: 1.7)], dynamicsEnd: 4)
        #expect(timeline.presentation(at: 0.49).nodes[s.ball].properties.position == Point(x: 100, y: 50))
        var animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 300, height: 400))
        guard case let .dynamics(d) = timeline.actions[0].action else { Issue.record("no dynamics action"); return }
        animator.update(removingAll: false, adding: d.behaviors) { $0 == s.ball
            ? DynamicItem(center: Point(x: 100, y: 50), size: Size(width: 40, height: 40))
            : DynamicItem(center: Point(x: 200, y: 300), size: Size(width: 60, height: 30)) }
        for _ in 0..<60 { animator.step() }
        // t = 0.5 + 60/120 s, plus a little: the last step at or before t is step 60.
        #expect(timeline.presentation(at: 1.0 + 1e-4).nodes[s.ball].properties.position == animator.pose(of: s.ball)!.center)
        // The track's own sampling gives the same pose, and none for a layer not in the animator.
        let track = try #require(d.track)
        #expect(track.pose(of: s.ball, at: 1.0 + 1e-4)?.center == animator.pose(of: s.ball)!.center)
        #expect(track.pose(of: s.container, at: 1.0 + 1e-4) == nil)
        let end = timeline.presentation(at: 4)
        #expect(abs(end.nodes[s.ball].properties.position.y - 380) < 2, "ball on the floor: \(end.nodes[s.ball].properties.position)")
        let card = end.nodes[s.card].properties.position
        #expect(abs(card.x - 150) < 1 && abs(card.y - 100) < 1, "card snapped: \(card)")
    }

    /// removeAllBehaviors with nothing added: the items leave the animator and keep their pose.
    @Test func removeAllBehaviorsFreezes() {
        let s = Scene()
        let stop = TimedAction(time: 0.9, action: .dynamics(DynamicsAction(referenceView: s.container, removeAllBehaviors: true, behaviors: [])))
        let timeline = Timeline(model: s.tree, actions: [s.fall(at: 0.5), stop], dynamicsEnd: 4)
        let atStop = timeline.presentation(at: 0.9).nodes[s.ball].properties.position
        #expect(atStop.y > 60)
        #expect(timeline.presentation(at: 3).nodes[s.ball].properties.position == atStop)
    }

    /// UIKit writes a pure rotation: a scale on an item's transform is lost; its rotation is kept.
    @Test func transformBecomesPureRotation() {
        let scaledTurn = Transform3D.rotation(0.25, axis: 0, 0, 1).concatenating(.scale(2, 2, 1))
        let s = Scene(cardTransform: scaledTurn)
        let timeline = Timeline(model: s.tree, actions: [s.snap(at: 0)], dynamicsEnd: 1)
        let t = timeline.presentation(at: 0).nodes[s.card].properties.transform
        let expected = Transform3D.rotation(0.25, axis: 0, 0, 1)
        #expect(abs(t.m11 - expected.m11) < 1e-12 && abs(t.m12 - expected.m12) < 1e-12 && t.m33 == 1)
    }
}
