import AnimEngine
import AnimScene
import AnimTiming
import Testing

/// UIView.AnimationOptions and KeyframeAnimationOptions names (core-animation-semantics.md §1.4):
/// the curve field picks the CA function of §1.4's table (curveEaseInOut, the default, is
/// easeInEaseOut), repeat / autoreverse / beginFromCurrentState set their flags, the options that have
/// no effect without touch handling, layout or nesting change nothing, and the calculationMode field
/// of animateKeyframes picks the mode.
struct AnimateOptionTests: SceneFixture {
    func animation(_ options: String) throws -> UIViewAnimation? {
        let s = try decodeScene("""
            {"canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [{"id": "a"}],
             "timeline": [{"at": 0, "animate": {"duration": 1, "options": \(options), "changes": {"a": {"alpha": 0}}}}]}
            """)
        guard case let .animate(a) = s.timeline.actions.first?.action else { return nil }
        return a
    }

    func keyframes(_ options: String) throws -> UIViewKeyframeAnimation? {
        let s = try decodeScene("""
            {"canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [{"id": "a"}],
             "timeline": [{"at": 0, "animateKeyframes": {"duration": 1, "options": \(options),
               "keyframes": [{"relativeStartTime": 0, "relativeDuration": 1, "changes": {"a": {"alpha": 0}}}]}}]}
            """)
        guard case let .animateKeyframes(k) = s.timeline.actions.first?.action else { return nil }
        return k
    }

    @Test(arguments: [
        ("curveEaseInOut", TimingFunction(0.42, 0, 0.58, 1)),
        ("curveEaseIn", TimingFunction(0.42, 0, 1, 1)),
        ("curveEaseOut", TimingFunction(0, 0, 0.58, 1)),
        ("curveLinear", TimingFunction(0, 0, 1, 1)),
    ])
    func curveOptionsMapToTheirFunctions(name: String, function: TimingFunction) throws {
        #expect(try animation("\"\(name)\"")?.curve == function)
        #expect(try keyframes("\"\(name)\"")?.base.curve == function, "a curve passed to animateKeyframes overrides its default")
    }

    @Test func withoutOptionsTheCurveIsEaseInEaseOut() throws {
        #expect(try animation("[]")?.curve == TimingFunction(0.42, 0, 0.58, 1))
        #expect(try keyframes("[]")?.base.curve == TimingFunction(0.42, 0, 0.58, 1), "§4.4 default")
        #expect(try keyframes("[]")?.calculationMode == .linear)
    }

    @Test func flagOptions() throws {
        let a = try #require(try animation(#"["repeat", "autoreverse", "beginFromCurrentState"]"#))
        #expect(a.repeats && a.autoreverses && a.beginFromCurrentState)
        let plain = try #require(try animation("[]"))
        #expect(!plain.repeats && !plain.autoreverses && !plain.beginFromCurrentState)
    }

    @Test func optionsWithoutEffectChangeNothing() throws {
        let names = ["allowUserInteraction", "layoutSubviews", "overrideInheritedDuration", "overrideInheritedCurve",
                     "overrideInheritedOptions", "allowAnimatedContent", "preferredFramesPerSecondDefault",
                     "preferredFramesPerSecond60", "preferredFramesPerSecond30"]
        let list = "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        #expect(try animation(list) == animation("[]"))
    }

    @Test(arguments: [
        ("calculationModeLinear", CalculationMode.linear), ("calculationModeDiscrete", .discrete),
        ("calculationModePaced", .paced), ("calculationModeCubic", .cubic), ("calculationModeCubicPaced", .cubicPaced),
    ])
    func calculationModeOptions(name: String, mode: CalculationMode) throws {
        #expect(try keyframes("\"\(name)\"")?.calculationMode == mode)
    }

    func messages(_ verb: String, _ options: String) -> [String] {
        let body = verb == "animate"
            ? #"{"duration": 1, "options": \#(options), "changes": {"a": {"alpha": 0}}}"#
            : #"{"duration": 1, "options": \#(options), "keyframes": [{"relativeStartTime": 0, "relativeDuration": 1, "changes": {"a": {"alpha": 0}}}]}"#
        let errors = sceneErrors("""
            {"canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [{"id": "a"}],
             "timeline": [{"at": 0, "\(verb)": \(body)}]}
            """)
        return errors.map { $0.message + ($0.hint.map { " | " + $0 } ?? "") }
    }

    /// UIKit ORs option bits, so two curves (or two calculation modes) in one option set mean a
    /// third: [.curveEaseIn, .curveEaseOut] is 1 | 2 = 3, curveLinear. Refused, with what UIKit
    /// would make of them, rather than letting the last one win.
    @Test func twoCurvesOrTwoModesAreRefused() throws {
        #expect(messages("animate", #"["curveEaseIn", "curveEaseOut"]"#) == [
            "'curveEaseIn' and 'curveEaseOut' are both curve options: UIKit ORs the option bits, which here means 'curveLinear'; give one curve",
        ])
        #expect(try animation(#"["curveEaseIn", "curveEaseIn", "repeat"]"#)?.curve == .easeIn, "the same curve twice is one curve")
        #expect(messages("animateKeyframes", #"["calculationModePaced", "calculationModeLinear"]"#) == [
            "'calculationModePaced' and 'calculationModeLinear' are both calculation mode options: UIKit ORs the option bits, "
                + "which here means 'calculationModePaced'; give one calculation mode",
        ])
        #expect(messages("animateKeyframes", #"["calculationModeCubic", "calculationModeCubicPaced"]"#).first?
            .contains("which here means no calculation mode UIKit names") == true, "3 | 4 = 7")
    }

    @Test func aCalculationModeIsHintedInEitherVerb() {
        #expect(messages("animateKeyframes", #"["calculationModeCubbic"]"#) == [
            "unknown animation option 'calculationModeCubbic' | did you mean 'calculationModeCubic'?",
        ])
        #expect(messages("animate", #""calculationModePaced""#) == [
            "'calculationModePaced' is an option of UIView.animateKeyframes, not of animate | use the 'animateKeyframes' verb",
        ])
    }
}
