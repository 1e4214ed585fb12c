import AnimScene
import Testing

/// Names written as Apple's constants (`kCATransitionPush`, `.curveEaseIn`, `CASpringAnimation`)
/// are not part of the scene vocabulary, but the error names the scene's word for them.
struct AppleNameHintTests: SceneFixture {
    func messages(_ json: String) -> [String] { sceneErrors(json).map(\.description) }

    @Test func objectiveCAndSwiftSpellingsPointToTheSceneName() {
        let names = ["fade", "moveIn", "push", "reveal"]
        #expect(EditDistance.suggestion(for: "kCATransitionPush", among: names) == "push")
        #expect(EditDistance.suggestion(for: "CATransitionType.moveIn", among: names) == "moveIn")
        #expect(EditDistance.suggestion(for: ".reveal", among: names) == "reveal")
        let modes = ["linear", "discrete", "paced", "cubic", "cubicPaced"]
        #expect(EditDistance.suggestion(for: "kCAAnimationCubicPaced", among: modes) == "cubicPaced", "the longest tail wins")
        #expect(EditDistance.suggestion(for: "kCAAnimationPaced", among: modes) == "paced")
        let types = ["layer", "transform", "gradient", "text", "shape"]
        #expect(EditDistance.suggestion(for: "CAShapeLayer", among: types) == "shape", "not 'layer'")
        #expect(EditDistance.suggestion(for: "CALayer", among: types) == "layer")
        #expect(EditDistance.suggestion(for: "kCAAnimationDiscreet", among: modes) == nil, "no tail is a name")
        #expect(EditDistance.suggestion(for: "pushh", among: names) == "push", "misspellings still use the edit distance")
    }

    @Test func animationConstants() {
        let e = messages("""
            {"canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [{"id": "a", "animations": [
            {"keyPath": "opacity", "toValue": 0, "timingFunction": "kCAMediaTimingFunctionEaseIn", "fillMode": "kCAFillModeForwards"},
            {"keyPath": "opacity", "toValue": 0, "timingFunction": ".curveEaseIn"},
            {"keyPath": "opacity", "toValue": 0, "timingFunction": "curveEaseInOut"},
            {"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "calculationMode": "kCAAnimationPaced"},
            {"type": "CASpringAnimation", "keyPath": "opacity", "toValue": 0}]}]}
            """)
        let timing = "expected one of linear, easeIn, easeOut, easeInEaseOut, default or [c1x, c1y, c2x, c2y]"
        #expect(e == [
            "scene.json:2:100: layers[0].animations[0].fillMode: unknown fillMode 'kCAFillModeForwards'; expected one of removed, forwards, backwards, both (hint: did you mean 'forwards'?)",
            "scene.json:2:56: layers[0].animations[0].timingFunction: unknown timing function 'kCAMediaTimingFunctionEaseIn'; \(timing) (hint: did you mean 'easeIn'?)",
            "scene.json:3:56: layers[0].animations[1].timingFunction: unknown timing function '.curveEaseIn'; \(timing) (hint: did you mean 'easeIn'?)",
            "scene.json:4:56: layers[0].animations[2].timingFunction: unknown timing function 'curveEaseInOut'; \(timing) (hint: did you mean 'easeInEaseOut'?)",
            "scene.json:5:81: layers[0].animations[3].calculationMode: unknown calculationMode 'kCAAnimationPaced'; expected one of linear, discrete, paced, cubic, cubicPaced (hint: did you mean 'paced'?)",
            "scene.json:6:10: layers[0].animations[4].type: unknown animation type 'CASpringAnimation'; expected one of basic, spring, keyframe, group (hint: did you mean 'spring'?)",
        ])
    }

    @Test func transitionLayerAndOptionConstants() {
        let e = messages("""
            {"canvas": {"width": 10, "height": 10, "duration": 1},
             "layers": [{"id": "a", "type": "CAShapeLayer"}, {"id": "b", "contentsGravity": "kCAGravityResizeAspectFill"}],
             "timeline": [{"at": 0, "caTransition": {"layer": "b", "type": "kCATransitionPush", "subtype": "kCATransitionFromRight"}},
              {"at": 0, "animate": {"duration": 1, "options": [".curveEaseIn", "UIViewAnimationOptionAutoreverse"], "changes": {}}}]}
            """)
        #expect(e == [
            "scene.json:2:33: layers[0].type: unknown layer type 'CAShapeLayer' (hint: did you mean 'shape'?)",
            "scene.json:2:81: layers[1].contentsGravity: unknown contents gravity 'kCAGravityResizeAspectFill' (hint: did you mean 'resizeAspectFill'?)",
            "scene.json:3:64: timeline[0].caTransition.type: unknown transition type 'kCATransitionPush'; expected one of fade, moveIn, push, reveal, cube, oglFlip, pageCurl, pageUnCurl, rippleEffect, suckEffect, cameraIris, cameraIrisHollowOpen, cameraIrisHollowClose (hint: did you mean 'push'?)",
            "scene.json:3:96: timeline[0].caTransition.subtype: unknown transition subtype 'kCATransitionFromRight'; expected one of fromLeft, fromRight, fromTop, fromBottom (hint: did you mean 'fromRight'?)",
            "scene.json:4:52: timeline[1].animate.options[0]: unknown animation option '.curveEaseIn' (hint: did you mean 'curveEaseIn'?)",
            "scene.json:4:68: timeline[1].animate.options[1]: unknown animation option 'UIViewAnimationOptionAutoreverse' (hint: did you mean 'autoreverse'?)",
        ])
    }

    @Test func contentsFilterConstants() {
        let e = messages("""
            {"canvas": {"width": 10, "height": 10, "duration": 1},
             "layers": [{"id": "a", "magnificationFilter": "kCAFilterNearest"}, {"id": "b", "minificationFilter": 1}]}
            """)
        #expect(e == [
            "scene.json:2:48: layers[0].magnificationFilter: unknown contents filter 'kCAFilterNearest' (hint: did you mean 'nearest'?)",
            "scene.json:2:103: layers[1].minificationFilter: expected a string, found a number",
        ])
    }
}
