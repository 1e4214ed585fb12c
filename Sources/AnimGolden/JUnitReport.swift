import AnimCodecs
import AnimRaster
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JUnit XML report of a golden run, for CI test views (GitHub, GitLab, Jenkins).
///
/// One `<testsuites>` holding one `<testsuite>` with a `<testcase>` per scene, in run order:
/// `classname` is `<suiteName>.<area>` where the area is the scene's folder with `/` written as
/// `.` ("seeds/shake" → `animrender.seeds`; a scene at the top of the scenes root → `animrender.root`),
/// and `name` is the scene name. A failing scene gets a `<failure type="golden">` whose message is one
/// line and whose text lists the problems and every failing frame with its numbers and files. A
/// failing scene without any frame result could not be tested at all (it did not load, or goldens
/// have no scene), and one whose file has errors (`goldenFrames` past its end), gets an
/// `<error type="scene">` instead: the cases `animrender test` exits 2 for.
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
        try AtomicFile.writeCreatingFolders(Array(render(run, suiteName: suiteName).utf8), to: url.path)
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
        let folders = sceneName.split(separator: "/").dropLast().map { $0.replacing(".", with: "_") }
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
        if let change = scene.changes.first {
            let more = scene.changes.count - 1
            parts.append("recorded: " + change + (more > 0 ? " (and \(more) more \(noun(more, "change")))" : ""))
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
        var lines = ["scene: \(scene.name)", "file: \(scene.sceneFile.path)", "tolerance: \(scene.tolerance.summary)"]
        lines += scene.problems.map { "problem: \($0)" }
        lines += scene.changes.map { "recorded: \($0)" }
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
