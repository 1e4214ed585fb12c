import Foundation

extension SceneResult {
    /// A message for a test failure: the verdict, the tolerance, every problem, and every frame that
    /// did not pass with its numbers and files. For example:
    ///
    /// ```
    /// seeds/shake: FAILED (1 of 3 frames)
    ///   tolerance: exact
    ///   frame 12 (t = 0.24 s): 35 pixels differ (largest channel difference 128) in x 10..<20, y 5..<9
    ///     golden: Goldens/seeds/shake/f0012.png
    ///     actual: .build/golden-failures/seeds/shake/f0012-actual.png
    ///     diff:   .build/golden-failures/seeds/shake/f0012-diff.png
    /// ```
    public var summary: String {
        let failed = frames.filter { !$0.passed }
        guard !passed else { return "\(name): passed (\(GoldenManifest.frames(frames.count)))" }
        var lines = ["\(name): FAILED (\(failed.count) of \(GoldenManifest.frames(frames.count)))"]
        lines.append("  tolerance: \(tolerance.summary)")
        lines += problems.map { "  problem: " + $0.replacingOccurrences(of: "\n", with: "\n    ") }
        lines += failed.map { "  " + $0.summary.replacingOccurrences(of: "\n", with: "\n  ") }
        return lines.joined(separator: "\n")
    }
}

extension FrameResult {
    /// One line for the frame's outcome, then the golden and artifact files, indented.
    public var summary: String {
        var lines = ["frame \(frame) (t = \(NumberText.format(time)) s): \(outcome)"]
        lines.append("  golden: \(golden.path)")
        if let actual { lines.append("  actual: \(actual.path)") }
        if let diff { lines.append("  diff:   \(diff.path)") }
        return lines.joined(separator: "\n")
    }

    /// What happened, in words.
    public var outcome: String {
        let verdictText = verdict.summary
        if recorded {
            if case .missingGolden = verdict { return "no golden; recorded it (look at it, then run again)" }
            return verdictText + "; re-recorded the golden"
        }
        if case .missingGolden = verdict { return verdictText + " (record with --record missing or ANIMRENDER_RECORD=missing)" }
        return verdictText
    }
}

extension FrameVerdict {
    /// "passed", "no golden", "size 100×80 px, expected 120×80 px", "35 pixels differ (…)".
    public var summary: String {
        switch self {
        case let .pass(difference):
            guard let difference else { return "passed" }
            return "passed within the tolerance: " + difference.summary
        case .missingGolden:
            return "no golden"
        case let .sizeMismatch(ew, eh, aw, ah):
            return "the frame is \(aw)×\(ah) px, the golden \(ew)×\(eh) px"
        case let .differs(difference):
            return difference.summary
        }
    }
}

extension FrameDifference {
    /// "35 pixels differ (largest channel difference 128; 12 fail the perceptual check) in x 10..<20, y 5..<9".
    public var summary: String {
        var text = "\(differingPixels == 1 ? "1 pixel differs" : "\(differingPixels) pixels differ") (largest channel difference \(maxChannelDelta)"
        if let perceptualFailures { text += "; \(perceptualFailures) fail the perceptual check" }
        text += ")"
        if let r = changedRect { text += " in x \(r.minX)..<\(r.maxX), y \(r.minY)..<\(r.maxY)" }
        return text
    }
}
