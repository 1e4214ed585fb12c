import AnimCodecs
import AnimRaster
import Foundation

/// A JUnit XML report of a golden run, for CI test views (GitHub, GitLab, Jenkins).
///
/// One `<testsuites>` holding one `<testsuite>` with a `<testcase>` per scene, in run order:
/// `classname` is `<suiteName>.<area>` where the area is the scene's folder with `/` written as
/// `.` ("seeds/shake" → `animrender.seeds`; a scene at the top of the scenes root → `animrender.root`),
/// and `name` is the scene name. A failing scene gets a `<failure type="golden">` whose message is one
/// line and whose text lists the problems and every failing frame with its numbers and files. A
/// failing scene without any frame result could not be tested at all (it did not load, or goldens
/// have no scene) and gets an `<error type="scene">` instead.
///
/// There are no `time`, `timestamp` or `hostname` attributes (the run reads no clock); the Jenkins
/// and Surefire schema (junit-10.xsd) makes them optional, while the older Ant schema requires them.
/// Text is XML-escaped and characters that XML 1.0 forbids are dropped, so the output always parses.
public enum JUnitReport {
    /// The JUnit XML document for `run`.
    public static func render(_ run: GoldenRunResult, suiteName: String = "animrender") -> String {
        let errors = run.scenes.filter(ReportText.isError).count
        let failures = run.failedScenes.count - errors
        let counts = "tests=\"\(run.scenes.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
        let name = escape(suiteName, attribute: true)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(name)\" \(counts)>\n"
        xml += "  <testsuite name=\"\(name)\" \(counts) skipped=\"0\">\n"
        for scene in run.scenes {
            xml += testCase(scene, suiteName: suiteName)
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }

    /// Writes the report for `run` to `url` atomically (a temporary file in the same folder, then a
    /// rename), creating the folder when it is missing.
    public static func write(_ run: GoldenRunResult, to url: URL, suiteName: String = "animrender") throws {
        let folder = url.deletingLastPathComponent().path
        if !folder.isEmpty {
            try AtomicFile.createDirectory(folder)
        }
        try AtomicFile.write(Array(render(run, suiteName: suiteName).utf8), to: url.path)
    }

    // MARK: - Elements

    static func testCase(_ scene: SceneResult, suiteName: String) -> String {
        let attributes = "classname=\"\(escape(className(scene.name, suiteName: suiteName), attribute: true))\" "
            + "name=\"\(escape(scene.name, attribute: true))\""
        guard !scene.passed else { return "    <testcase \(attributes)/>\n" }
        let (element, type) = ReportText.isError(scene) ? ("error", "scene") : ("failure", "golden")
        var xml = "    <testcase \(attributes)>\n"
        xml += "      <\(element) message=\"\(escape(failureMessage(scene), attribute: true))\" type=\"\(type)\">"
        xml += escape(failureDetails(scene), attribute: false)
        return xml + "</\(element)>\n    </testcase>\n"
    }

    /// `<suite>.<folder with dots>`; a top-level scene's area is "root".
    static func className(_ sceneName: String, suiteName: String) -> String {
        let folders = sceneName.split(separator: "/").dropLast().map { $0.replacingOccurrences(of: ".", with: "_") }
        return suiteName + "." + (folders.isEmpty ? "root" : folders.joined(separator: "."))
    }

    /// One line: "2 of 20 frames differ (4, 5); 1 frame recorded (7): look at it, then run again; <first problem>".
    static func failureMessage(_ scene: SceneResult) -> String {
        let failing = scene.frames.filter { !$0.passed }
        let recorded = failing.filter(\.recorded)
        let other = failing.filter { !$0.recorded }
        var parts: [String] = []
        if !other.isEmpty {
            let verb = other.count == 1 ? "fails" : "fail"
            parts.append("\(other.count) of \(scene.frames.count) \(noun(scene.frames.count, "frame")) \(verb) (\(frameNumbers(other)))")
        }
        if !recorded.isEmpty {
            let them = recorded.count == 1 ? "it" : "them"
            let frames = "\(recorded.count) \(noun(recorded.count, "frame"))"
            parts.append("\(frames) recorded (\(frameNumbers(recorded))): look at \(them), then run again")
        }
        if let first = scene.problems.first {
            let more = scene.problems.count - 1
            parts.append(more > 0 ? "\(first) (and \(more) more \(noun(more, "problem")))" : first)
        }
        return parts.joined(separator: "; ")
    }

    /// "4, 5, 9" (the first eight, then "…").
    static func frameNumbers(_ frames: [FrameResult]) -> String {
        let numbers = frames.prefix(8).map { String($0.frame) }
        return numbers.joined(separator: ", ") + (frames.count > 8 ? ", …" : "")
    }

    /// The failure's text: scene, tolerance, problems, then each failing frame with its files.
    static func failureDetails(_ scene: SceneResult) -> String {
        var lines = ["scene: \(scene.name)", "file: \(scene.sceneFile.path)", "tolerance: \(ReportText.tolerance(scene.tolerance))"]
        lines += scene.problems.map { "problem: \($0)" }
        for frame in scene.frames where !frame.passed {
            lines.append("frame \(frame.frame) at \(ReportText.seconds(frame.time)): \(ReportText.verdict(frame))")
            lines.append("  golden: \(frame.golden.path)")
            if let actual = frame.actual { lines.append("  actual: \(actual.path)") }
            if let diff = frame.diff { lines.append("  diff: \(diff.path)") }
        }
        return "\n" + lines.joined(separator: "\n") + "\n"
    }

    static func noun(_ count: Int, _ word: String) -> String {
        count == 1 ? word : word + "s"
    }

    // MARK: - XML text

    /// `text` escaped for XML 1.0 content (`attribute: false`) or a double-quoted attribute value.
    ///
    /// `& < > " '` become entities; characters XML 1.0 does not allow (C0 controls other than tab,
    /// line feed and carriage return, U+FFFE, U+FFFF) are dropped. In attributes tab, line feed and
    /// carriage return become character references, which survive attribute-value normalisation;
    /// in content a carriage return does, which survives line-end normalisation.
    static func escape(_ text: String, attribute: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\r": out += "&#13;"
            case "\n": attribute ? (out += "&#10;") : out.unicodeScalars.append(scalar)
            case "\t": attribute ? (out += "&#9;") : out.unicodeScalars.append(scalar)
            default:
                guard isAllowedInXML(scalar) else { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// XML 1.0's Char production (tab, line feed and carriage return are handled by the caller).
    static func isAllowedInXML(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF: true
        default: false
        }
    }
}

// MARK: - Wording shared by HTMLReport and JUnitReport

/// Plain-text descriptions of results used by both reports.
enum ReportText {
    /// A failing scene without frame results: nothing could be compared (it did not load, or
    /// goldens have no scene). JUnit counts it as an error, the HTML report badges it "ERROR".
    static func isError(_ scene: SceneResult) -> Bool {
        !scene.passed && scene.frames.isEmpty
    }

    /// "0.400 s".
    static func seconds(_ time: Double) -> String {
        fixed(time, digits: 3) + " s"
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

    /// 2 rather than 2.0; 2.5 as is.
    static func number(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// "x 40–72, y 25–54 (33×30 px)": first and last changed column and row, inclusive.
    static func rect(_ rect: PixelRect) -> String {
        "x \(rect.minX)–\(rect.maxX - 1), y \(rect.minY)–\(rect.maxY - 1) (\(rect.width)×\(rect.height) px)"
    }

    /// "exact", or what the tolerance allows and why.
    static func tolerance(_ tolerance: GoldenTolerance) -> String {
        var parts: [String] = []
        if let deltaE = tolerance.perceptualDeltaE { parts.append("perceptual ΔE ≤ \(number(deltaE))") }
        if tolerance.maxChannelDelta != 0 { parts.append("channel Δ ≤ \(tolerance.maxChannelDelta)") }
        if tolerance.maxDifferingPixels != 0 { parts.append("up to \(tolerance.maxDifferingPixels) differing pixels") }
        var text = parts.isEmpty ? "exact" : parts.joined(separator: ", ")
        if let reason = tolerance.reason, !reason.isEmpty { text += " (\(reason))" }
        return text
    }

    /// A frame's verdict in a word or two: "differs", "size differs", "no golden", or "recorded"
    /// for a golden this run wrote where there was none or it matched.
    static func verdictLabel(_ frame: FrameResult) -> String {
        switch frame.verdict {
        case .differs: "differs"
        case .sizeMismatch: "size differs"
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
