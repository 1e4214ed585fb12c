import AnimRaster

/// Plain-text descriptions of results used by both reports.
enum ReportText {
    /// A failing scene that is bad input: nothing could be compared (it did not load, or goldens
    /// have no scene), or the scene has errors (`goldenFrames` past its end, which `animrender
    /// test` exits 2 for as well). JUnit counts it as an error, the HTML report badges it "ERROR".
    static func isError(_ scene: SceneResult) -> Bool {
        !scene.passed && (scene.frames.isEmpty || scene.invalidScene)
    }

    /// "1.5667 s", "0.4 s", "0 s": at most four decimals, trailing zeros dropped (every report
    /// prints times this way).
    static func seconds(_ time: Double) -> String {
        short(time) + " s"
    }

    /// `value` rounded to at most `digits` decimals, without trailing zeros: 1.5667, 0.4, 2.
    static func short(_ value: Double, digits: Int = 4) -> String {
        var text = fixed(value, digits: digits)
        guard value.isFinite, text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `value` with exactly `digits` decimals, rounded half away from zero; no locale.
    static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        let scale = (0..<max(0, digits)).reduce(1) { product, _ in product * 10 }
        let scaled = (abs(value) * Double(scale)).rounded()
        guard scaled < 1e15 else { return "\(value)" }
        let units = Int(scaled)
        let sign = value < 0 && units != 0 ? "-" : ""
        guard digits > 0 else { return sign + "\(units)" }
        let fraction = String(units % scale)
        return sign + "\(units / scale)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    /// "x 40–72, y 25–54 (33×30 px)": first and last changed column and row, inclusive.
    static func rect(_ rect: PixelRect) -> String {
        "x \(rect.minX)–\(rect.maxX - 1), y \(rect.minY)–\(rect.maxY - 1) (\(rect.width)×\(rect.height) px)"
    }

    /// A frame's verdict in a word or two: "differs", "size differs", "no golden", or "recorded"
    /// for a golden this run wrote where there was none or it matched.
    static func verdictLabel(_ frame: FrameResult) -> String {
        switch frame.verdict {
        case .differs: "differs"
        case .sizeMismatch: "size differs"
        case .notDrawn: "not drawn"
        case .unreadableGolden: frame.recorded ? "recorded" : "unreadable golden"
        case .missingGolden, .pass: frame.recorded ? "recorded" : frame.verdict.passed ? "passes" : "no golden"
        }
    }

    /// A frame's verdict with its numbers, on one line.
    static func verdict(_ frame: FrameResult) -> String {
        var text: String
        switch frame.verdict {
        case let .differs(difference):
            text = "differs: " + differenceText(difference)
        case let .sizeMismatch(expectedWidth, expectedHeight, actualWidth, actualHeight):
            text = "size differs: expected \(expectedWidth)×\(expectedHeight) px, actual \(actualWidth)×\(actualHeight) px"
        case .missingGolden:
            text = "no golden file"
        case let .unreadableGolden(reason):
            text = "the golden cannot be read: " + reason
        case let .notDrawn(reason):
            text = "not drawn: " + reason
        case let .pass(difference):
            text = "matches" + (difference.map { " within the tolerance: " + differenceText($0) } ?? "")
        }
        if frame.recorded {
            text += "; golden recorded by this run: look at it, then run again"
        }
        return text
    }

    /// "180 differing pixels, max channel Δ 255, 3 perceptual failures, changed x 40–72, y 25–54 (33×30 px)".
    static func differenceText(_ difference: FrameDifference) -> String {
        var parts = ["\(difference.differingPixels) differing \(difference.differingPixels == 1 ? "pixel" : "pixels")",
                     "max channel Δ \(difference.maxChannelDelta)"]
        if let failures = difference.perceptualFailures { parts.append("\(failures) perceptual failures") }
        if let rect = difference.changedRect, !rect.isEmpty { parts.append("changed " + Self.rect(rect)) }
        return parts.joined(separator: ", ")
    }
}
