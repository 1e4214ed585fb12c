import Testing
import AnimEngine
import AnimGeometry
import AnimLayers
import AnimTiming

/// CAKeyframeAnimation value maths (core-animation-semantics.md §4.1–4.2), checked with hand-worked
/// numbers.
struct KeyframeAnimationTests {
    func animation(_ values: [AnimatableValue], path: String = "position.x", keyTimes: [Double]? = nil,
                   timingFunctions: [TimingFunction] = [], mode: CalculationMode = .linear,
                   tension: [Double] = [], cumulative: Bool = false) throws -> KeyframeAnimation {
        KeyframeAnimation(keyPath: try #require(LayerKeyPath(path)), values: values, keyTimes: keyTimes,
                          timingFunctions: timingFunctions, calculationMode: mode, tensionValues: tension,
                          isCumulative: cumulative)
    }

    func numbers(_ xs: [Double]) -> [AnimatableValue] { xs.map { .number($0) } }

    func number(_ a: KeyframeAnimation, _ p: Double, cycle: Int = 0) -> Double {
        if case let .number(x) = a.value(progress: p, cycle: cycle) { return x }
        return .nan
    }

    func point(_ a: KeyframeAnimation, _ p: Double) -> Point {
        if case let .point(x) = a.value(progress: p, cycle: 0) { return x }
        return Point(x: .nan, y: .nan)
    }

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12, _ what: String = "",
               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(a - b) <= tolerance, "\(what): \(a) vs \(b)", sourceLocation: sourceLocation)
    }

    // MARK: linear

    @Test func shake() throws {
        let a = try animation(numbers([0, 10, -10, 10, 0]), keyTimes: [0, 1.0 / 6, 3.0 / 6, 5.0 / 6, 1])
        #expect(a.validate() == nil)
        close(number(a, 1.0 / 12), 5, 1e-12, "1/12")
        close(number(a, 2.0 / 6), 0, 1e-12, "2/6")
        close(number(a, 0.5), -10, 1e-12, "1/2")
        close(number(a, 1), 0, 1e-12, "1")
        close(number(a, 0), 0, 1e-12, "0")
    }

    @Test func perSegmentTimingFunctions() throws {
        let a = try animation(numbers([0, 10, 20]), timingFunctions: [.easeIn, .linear])
        // Segment 0 at local fraction 0.5: easeIn(0.5) = 0.315357 (§1.2 table).
        close(number(a, 0.25), 3.15357, 5e-6, "eased segment")
        close(number(a, 0.75), 15, 1e-12, "linear segment")
    }

    @Test func equalKeyTimesLetTheLaterKeyframeWin() throws {
        let a = try animation(numbers([0, 10, 20, 30]), keyTimes: [0, 0.5, 0.5, 1])
        #expect(a.validate() == nil)
        close(number(a, 0.5), 20, 0, "at the jump")
        close(number(a, 0.25), 5, 1e-12, "before")
        close(number(a, 0.75), 25, 1e-12, "after")
    }

    @Test func progressIsClamped() throws {
        let a = try animation(numbers([0, 10]))
        close(number(a, -0.5), 0, 0, "below")
        close(number(a, 1.5), 10, 0, "above")
        close(number(a, .nan), 0, 0, "NaN")
    }

    @Test func invalidKeyTimesAreInferred() throws {
        let a = try animation(numbers([0, 10, 20]), keyTimes: [0, 0.9])
        #expect(a.validate() != nil)
        close(number(a, 0.25), 5, 1e-12, "evenly spaced")
    }

    // MARK: discrete

    @Test func discreteWithOneMoreKeyTime() throws {
        let a = try animation(numbers([1, 2, 3]), keyTimes: [0, 0.2, 0.7, 1], mode: .discrete)
        #expect(a.validate() == nil)
        for (p, v) in [(0.0, 1.0), (0.1, 1), (0.2, 2), (0.69, 2), (0.7, 3), (0.99, 3), (1, 3)] {
            close(number(a, p), v, 0, "p \(p)")
        }
    }

    @Test func discreteWithOneKeyTimePerValue() throws {
        let a = try animation(numbers([1, 2, 3]), keyTimes: [0, 0.5, 0.9], mode: .discrete)
        #expect(a.validate() == nil)
        for (p, v) in [(0.0, 1.0), (0.49, 1), (0.5, 2), (0.89, 2), (0.9, 3), (1, 3)] {
            close(number(a, p), v, 0, "p \(p)")
        }
    }

    @Test func discreteInferred() throws {
        let a = try animation(numbers([1, 2, 3]), mode: .discrete)
        for (p, v) in [(0.0, 1.0), (0.33, 1), (0.34, 2), (0.66, 2), (0.67, 3), (1, 3)] {
            close(number(a, p), v, 0, "p \(p)")
        }
    }

    /// A sprite sheet: n values over d seconds, sampled at frame times i/fps. Frame i's progress
    /// (i/fps)/d is often a rounding short of the key time i/n (frame 3 of 4 over 0.4 s at 10 fps:
    /// 0.7499999999999999 < 0.75), and the sprite must still change there.
    @Test func discreteSpritesChangeOnTheirFrames() throws {
        for (n, d, fps) in [(4, 0.4, 10.0), (8, 0.8, 10), (8, 0.8, 30), (12, 0.6, 60), (24, 2.4, 30), (6, 0.3, 20)] {
            let a = try animation(numbers((0..<n).map(Double.init)), mode: .discrete)
            var timing = MediaTiming()
            timing.duration = d
            let framesPerSprite = Int((d * fps / Double(n)).rounded())
            for frame in 0..<Int((d * fps).rounded()) {
                let p = try #require(timing.state(atParentTime: Double(frame) / fps, removedOnCompletion: true)).fraction
                close(number(a, p), Double(frame / framesPerSprite), 0, "\(n) sprites over \(d) s at \(fps) fps, frame \(frame)")
            }
        }
    }

    // MARK: paced

    @Test func pacedPoints() throws {
        let values: [AnimatableValue] = [.point(Point(x: 0, y: 0)), .point(Point(x: 3, y: 4)), .point(Point(x: 3, y: 10))]
        let times = KeyframeAnimation.pacedKeyTimes(lengths: [5, 6])
        #expect(times.count == 3 && times[0] == 0 && times[2] == 1)
        close(times[1], 5.0 / 11, 1e-15, "k1")
        // keyTimes and timingFunctions are ignored (and not validated) in paced mode.
        let a = try animation(values, path: "position", keyTimes: [0, 0.9, 0.1], timingFunctions: [.easeIn], mode: .paced)
        #expect(a.validate() == nil)
        let mid = point(a, 5.0 / 22), knot = point(a, 5.0 / 11), later = point(a, 0.5)
        close(mid.x, 1.5, 1e-12, "x at half the first leg"); close(mid.y, 2, 1e-12, "y at half the first leg")
        close(knot.x, 3, 1e-12, "knot x"); close(knot.y, 4, 1e-12, "knot y")
        close(later.x, 3, 1e-12, "x at 0.5"); close(later.y, 4.5, 1e-12, "y at 0.5 (5.5 of 11)")
    }

    @Test func pacedKeyTimesWithoutDistance() {
        #expect(KeyframeAnimation.pacedKeyTimes(lengths: [0, 0, 0]) == [0, 1.0 / 3, 2.0 / 3, 1])
        #expect(KeyframeAnimation.pacedKeyTimes(lengths: [.nan, 2, -1]) == [0, 0, 1, 1])
        let lookup = KeyframeAnimation.segmentLookup(progress: 0.75, keyTimes: [0, 0.5, 1])
        #expect(lookup.index == 1 && lookup.fraction == 0.5)
    }

    // MARK: cubic

    @Test func cubicIsCatmullRomAtMidpoints() throws {
        // Tangents (P_{i+1} − P_{i−1})/2 with P_{−1} = P_0, P_4 = P_3: 5, 15, 5, −5.
        let a = try animation(numbers([0, 10, 30, 20]), mode: .cubic)
        close(number(a, 1.0 / 6), 3.75, 1e-12, "segment 0")   // 0.5·0 + 0.125·5 + 0.5·10 − 0.125·15
        close(number(a, 0.5), 21.25, 1e-12, "segment 1")       // 0.5·10 + 0.125·15 + 0.5·30 − 0.125·5
        close(number(a, 5.0 / 6), 26.25, 1e-12, "segment 2")   // 0.5·30 + 0.125·5 + 0.5·20 + 0.125·5
        close(number(a, 1.0 / 3), 10, 1e-12, "through the keyframe")
        close(number(a, 1), 20, 1e-12, "end")
    }

    @Test func cubicTensionOneFlattensTangents() throws {
        let a = try animation(numbers([0, 10, 30, 20]), mode: .cubic, tension: [1, 1, 1, 1])
        // Zero tangents: H(f) = P0 + (P1 − P0)(3f² − 2f³); f = 0.25 → 0.15625.
        close(number(a, 1.0 / 12), 1.5625, 1e-12, "smoothstep")
    }

    @Test func cubicRescalesTangentsForUnevenKeyTimes() throws {
        // Δ = 0.25, 0.75. Incoming tangent at P1: 10·2·0.25/1 = 5; outgoing at P1: 10·2·0.75/1 = 15.
        let a = try animation(numbers([0, 10, 20]), keyTimes: [0, 0.25, 1], mode: .cubic)
        close(number(a, 0.125), 5, 1e-12, "segment 0")      // 0.125·5 + 5 − 0.125·5
        close(number(a, 0.625), 16.25, 1e-12, "segment 1")  // 5 + 0.125·15 + 10 − 0.125·5
    }

    @Test func cubicPacedMovesAtConstantSpeed() throws {
        let corners: [Point] = [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100)]
        let a = try animation(corners.map { .point($0) }, path: "position", mode: .cubicPaced)
        let steps = 1000
        let samples = (0...steps).map { point(a, Double($0) / Double(steps)) }
        let chords = zip(samples, samples.dropFirst()).map { s in
            ((s.1.x - s.0.x) * (s.1.x - s.0.x) + (s.1.y - s.0.y) * (s.1.y - s.0.y)).squareRoot()
        }
        let mean = chords.reduce(0, +) / Double(chords.count)
        let spread = (chords.max() ?? 0) / (chords.min() ?? 1)
        #expect(mean > 0 && spread < 1.001, "chords from \(chords.min() ?? 0) to \(chords.max() ?? 0)")
        close(samples[0].x, 0, 1e-12, "start"); close(samples[steps].y, 100, 1e-9, "end y")
        close(samples[steps].x, 0, 1e-9, "end x")
    }

    /// A list of numbers that overshoots: |H'| has a kink wherever the spline turns back, which a
    /// fixed quadrature rule integrated 0.1 pt off. Exact values from splitting each segment at
    /// the roots of H' (session 64's audit): 209.967 at 0.5, 128.432 at 0.38, 282.783 at 0.54.
    @Test func cubicPacedNumbersThatTurnBack() throws {
        let a = try animation(numbers([20, 420, 60, 400, 30, 380]), mode: .cubicPaced)
        close(number(a, 0.5), 209.967, 0.001, "0.5")
        close(number(a, 0.38), 128.432, 0.001, "0.38")
        close(number(a, 0.54), 282.783, 0.001, "0.54")
    }

    // MARK: cumulative, colours, other kinds

    @Test func cumulativeAddsWholeCycles() throws {
        let a = try animation(numbers([0, 10, 5]), cumulative: true)
        close(number(a, 0.5, cycle: 0), 10, 0, "first cycle")
        close(number(a, 0.5, cycle: 2), 20, 1e-12, "cycle 2: 10 + 2·(5 − 0)")
        close(number(a, 1, cycle: 2), 15, 1e-12, "end of cycle 2")
    }

    @Test func coloursInterpolatePremultiplied() throws {
        let red = Color(red: 1, green: 0, blue: 0), clearBlue = Color(red: 0, green: 0, blue: 1, alpha: 0)
        for mode in CalculationMode.allCases where mode != .discrete {
            let a = try animation([.color(red), .color(clearBlue)], path: "backgroundColor", mode: mode)
            guard case let .color(c) = a.value(progress: 0.5, cycle: 0) else { Issue.record("not a colour"); continue }
            // Premultiplied: (1,0,0,1) and (0,0,0,0) average to (0.5,0,0,0.5), i.e. red at half alpha.
            close(c.red, 1, 1e-12, "\(mode) red"); close(c.blue, 0, 1e-12, "\(mode) blue")
            close(c.alpha, 0.5, 1e-12, "\(mode) alpha")
        }
    }

    @Test func booleansAndSingleValuesAndEmptyAnimations() throws {
        let flags = try animation([.bool(false), .bool(true)], path: "hidden", mode: .cubic)
        #expect(flags.value(progress: 0.5, cycle: 0) == .bool(false))
        #expect(flags.value(progress: 1, cycle: 0) == .bool(true))
        let single = try animation(numbers([7]), keyTimes: [0])
        #expect(single.validate() == nil)
        close(number(single, 0.3), 7, 0, "single value")
        let empty = try animation([])
        #expect(empty.validate() == .noValues)
        #expect(empty.value(progress: 0.5, cycle: 0) == .number(0), "the layer default of position.x")
    }

    @Test func absurdInputsDoNotTrap() throws {
        let odd: [Double] = [.nan, .infinity, -.infinity, 1e308, -1e308, 0]
        for mode in CalculationMode.allCases {
            for keyTimes in [nil, [], [.nan, 0.5, 1], [0, 0, 0], [1, 0.5, 0], [0, 0.5, 1]] as [[Double]?] {
                var a = try animation(numbers([1e308, .nan, -.infinity]), keyTimes: keyTimes, mode: mode)
                a.tensionValues = [.nan, .infinity, 2]
                a.biasValues = [1e308]
                a.timingFunctions = [TimingFunction(2, .nan, -1, 5)]
                for p in odd + [0.3, 0.7, 1] {
                    _ = a.value(progress: p, cycle: Int.max)
                }
                let points = try animation([.point(Point(x: .nan, y: 1)), .point(Point(x: 1e308, y: -1e308)),
                                            .point(.zero)], path: "position", keyTimes: keyTimes, mode: mode)
                for p in odd + [0.3, 0.7, 1] { _ = points.value(progress: p, cycle: 1) }
            }
        }
    }

    // MARK: validation

    @Test func validationProblems() throws {
        let three = numbers([0, 1, 2])
        let cases: [(KeyframeAnimation, KeyframeProblem)] = [
            (try animation([]), .noValues),
            (try animation([.number(0), .point(.zero)]), .valueKind(index: 1, expected: .number, found: .point)),
            (try animation(three, keyTimes: [0, 1]), .keyTimeCount(found: 2, expected: [3], mode: .linear)),
            (try animation(three, keyTimes: [0, 1], mode: .discrete), .keyTimeCount(found: 2, expected: [4, 3], mode: .discrete)),
            (try animation(three, keyTimes: [0, 1.5, 1]), .keyTimeOutOfRange(index: 1, value: 1.5)),
            (try animation(three, keyTimes: [0, .nan, 1]), .keyTimeOutOfRange(index: 1, value: .nan)),
            (try animation(three, keyTimes: [0, 0.6, 0.5]), .keyTimeDecreasing(index: 2, value: 0.5, previous: 0.6)),
            (try animation(three, keyTimes: [0.1, 0.5, 1]), .firstKeyTimeNotZero(value: 0.1)),
            (try animation(three, keyTimes: [0, 0.5, 0.9], mode: .cubic), .lastKeyTimeNotOne(index: 2, value: 0.9)),
            (try animation(three, keyTimes: [0, 0.2, 0.5, 0.9], mode: .discrete), .lastKeyTimeNotOne(index: 3, value: 0.9)),
            (try animation(three, timingFunctions: [.easeIn]), .timingFunctionCount(found: 1, expected: 2)),
            (try animation(three, mode: .cubic, tension: [0, 1]), .parameterCount(.tensionValues, found: 2, expected: 3)),
        ]
        for (a, expected) in cases {
            let problem = a.validate()
            if case .keyTimeOutOfRange(let i, let v)? = problem, v.isNaN {
                #expect(i == 1, "NaN key time index")  // NaN ≠ NaN, so compare the index only
            } else {
                #expect(problem == expected)
            }
            #expect(problem?.message.isEmpty == false)
        }
        var continuity = try animation(three)
        continuity.continuityValues = [1]
        #expect(continuity.validate() == .parameterCount(.continuityValues, found: 1, expected: 3))
        var bias = try animation(three)
        bias.biasValues = [1, 2, 3, 4]
        #expect(bias.validate() == .parameterCount(.biasValues, found: 4, expected: 3))
    }

    @Test func validationLocatesProblems() throws {
        let p = try animation(numbers([0, 1, 2]), keyTimes: [0, 0.6, 0.5]).validate()
        #expect(p?.field == "keyTimes" && p?.index == 2)
        #expect(p?.message == "keyTimes[2] = 0.5 is less than keyTimes[1] = 0.6; key times must not decrease")
        let t = try animation(numbers([0, 1, 2]), timingFunctions: [.easeIn]).validate()
        #expect(t?.field == "timingFunctions" && t?.index == nil)
        let d = try animation(numbers([0, 1, 2]), keyTimes: [0, 1], mode: .discrete).validate()
        #expect(d?.message == "keyTimes has 2 entries; calculationMode discrete needs 4 (one more than the values) or 3 (one per value)")
    }

    /// Whole key times read as written in the scene, without Swift's ".0".
    @Test func wholeKeyTimesInMessagesWithoutAFraction() throws {
        let three = numbers([0, 1, 2])
        #expect(try animation(three, keyTimes: [0, 2, 1]).validate()?.message == "keyTimes[1] = 2 is outside 0…1")
        #expect(try animation(three, keyTimes: [0, 1, 0]).validate()?.message
            == "keyTimes[2] = 0 is less than keyTimes[1] = 1; key times must not decrease")
        #expect(try animation(three, keyTimes: [1, 1, 1]).validate()?.message == "keyTimes[0] = 1; the first key time must be 0")
        #expect(try animation(three, keyTimes: [0, 0, 0]).validate()?.message == "keyTimes[2] = 0; the last key time must be 1")
        #expect(try animation(three, keyTimes: [0, 1e300, 1]).validate()?.message == "keyTimes[1] = 1e+300 is outside 0…1")
    }

    @Test func acceptedVariants() throws {
        let three = numbers([0, 1, 2])
        #expect(try animation(three, keyTimes: [0.2, 0.5, 0.7], mode: .discrete).validate() == nil, "n key times: no pinning")
        #expect(try animation(three, keyTimes: [0, 0.5, 0.7, 1], mode: .discrete).validate() == nil)
        #expect(try animation(three, keyTimes: [0, 2, 1], mode: .cubicPaced).validate() == nil, "paced ignores keyTimes")
        #expect(try animation(three, mode: .cubic, tension: [0, 0.5, 1]).validate() == nil)
    }
}
