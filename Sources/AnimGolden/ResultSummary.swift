#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SceneResult {
    /// A message for a test failure: the verdict, the tolerance, every problem and change, and
    /// every frame that did not pass with its numbers and files. For example:
    ///
    /// ```
    /// seeds/shake: FAILED (1 of 3 frames)
    ///   tolerance: exact
    ///   frame 12 (t = 0.24 s): 35 pixels differ (largest channel difference 128) in x 10..<20, y 5..<9
    ///     golden: Goldens/seeds/shake/f0012.png
    ///     actual: .build/golden-failures/seeds/shake/f0012-actual.png
    ///     diff:   .build/golden-failures/seeds/shake/f0012-diff.png
    /// ```
    ///
    /// A scene whose only failure is what this run recorded reads `RECORDED (3 of 3 frames)`.
    public var summary: String {
        guard !passed else { return "\(name): passed (\(GoldenManifest.frames(frames.count)))" }
        var lines = [headline]
        lines.append("  tolerance: \(tolerance.summary)")
        lines += problems.map { "  problem: " + $0.replacing("\n", with: "\n    ") }
        lines += changes.map { "  recorded: " + $0 }
        lines += frames.filter { !$0.passed }.map {
            "  " + $0.summary(hint: recordHint).replacing("\n", with: "\n  ")
        }
        return lines.joined(separator: "\n")
    }

    /// "name: FAILED (2 of 3 frames, 1 recorded, 1 problem)" or "name: RECORDED (3 of 3 frames)";
    /// frames that were recorded are not counted as failing.
    var headline: String {
        let recorded = frames.filter(\.recorded).count
        let failing = frames.filter { !$0.passed && !$0.recorded }.count
        let total = GoldenManifest.frames(frames.count)
        if onlyRecorded {
            var parts = recorded > 0 ? ["\(recorded) of \(total)"] : []
            if !changes.isEmpty { parts.append(changes.count == 1 ? "1 other change" : "\(changes.count) other changes") }
            return "\(name): RECORDED (\(parts.joined(separator: ", ")))"
        }
        var parts = frames.isEmpty ? [] : ["\(failing) of \(total)"]
        if recorded > 0 { parts.append("\(recorded) recorded") }
        if !changes.isEmpty { parts.append(changes.count == 1 ? "1 other change" : "\(changes.count) other changes") }
        if !problems.isEmpty { parts.append(problems.count == 1 ? "1 problem" : "\(problems.count) problems") }
        return "\(name): FAILED (\(parts.joined(separator: ", ")))"
    }
}

extension FrameResult {
    /// One line for the frame's outcome, then the golden and artifact files, indented.
    public var summary: String { summary(hint: .missing) }

    /// The summary, naming `hint` as the way to record a missing golden.
    public func summary(hint: RecordMode) -> String {
        var lines = ["frame \(frame) (t = \(ReportText.seconds(time))): \(outcome(hint: hint))"]
        lines.append("  golden: \(golden.path)")
        if let actual { lines.append("  actual: \(actual.path)") }
        if let diff { lines.append("  diff:   \(diff.path)") }
        return lines.joined(separator: "\n")
    }

    /// What happened, in words.
    public var outcome: String { outcome(hint: .missing) }

    /// What happened, naming `hint` as the way to record a missing golden.
    public func outcome(hint: RecordMode) -> String {
        let verdictText = verdict.summary
        if recorded {
            if case .missingGolden = verdict { return "no golden; recorded it (look at it, then run again)" }
            return verdictText + "; re-recorded the golden"
        }
        if case .missingGolden = verdict {
            return verdictText + " (record with --record \(hint.rawValue) or \(RecordMode.environmentVariable)=\(hint.rawValue))"
        }
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
        case let .unreadableGolden(reason):
            return "the golden cannot be read: " + reason
        case let .notDrawn(reason):
            return "not drawn: " + reason
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
