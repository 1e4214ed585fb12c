import AnimCodecs
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A self-contained HTML page for one `animrender test` run.
///
/// The page needs no network and no other file: every picture is embedded once, as a base64
/// `data:` URI read from the frame's golden, actual and diff PNGs; a file that is missing or not a
/// PNG is named instead. A summary comes first, then the failing scenes (each with its problems and
/// its failing frames, every frame with its numbers and three views: side by side, a slider and a
/// flicker toggle, at 1×, 2× or 4× with pixelated scaling and a box around the changed rectangle),
/// then the passing scenes in a collapsed list.
///
/// The output depends only on the run and the bytes of the image files: no timestamps, no random
/// ids (element ids come from scene names and frame numbers), so two renders of the same run are
/// identical. The page works without JavaScript except for dragging the slider (it stays at 50 %)
/// and the "zoom all" buttons.
public enum HTMLReport {
    /// Failing frames shown open per scene; later ones sit in a collapsed `<details>`.
    static let openFrameLimit = 12

    /// The report page for `run`.
    public static func render(_ run: GoldenRunResult, title: String = "animrender golden test") -> String {
        var html = head(title: title)
        html += "<body>\n" + summary(run, title: title) + "<main>\n"
        for scene in run.failedScenes {
            html += failingScene(scene)
        }
        html += passingScenes(run.scenes.filter(\.passed))
        html += "</main>\n<script>\n" + script + "</script>\n</body>\n</html>\n"
        return html
    }

    /// Writes the report for `run` to `url` atomically (a temporary file in the same folder, then a
    /// rename), creating the folder when it is missing.
    public static func write(_ run: GoldenRunResult, to url: URL, title: String = "animrender golden test") throws {
        try AtomicFile.writeCreatingFolders(Array(render(run, title: title).utf8), to: url.path)
    }

    // MARK: - Page parts

    static func head(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        \(styles)</style>
        </head>

        """
    }

    /// The header: status, counts, recorded frames and links to the failing scenes.
    static func summary(_ run: GoldenRunResult, title: String) -> String {
        let failed = run.failedScenes.count
        let state = run.passed ? "ok" : "bad"
        var html = "<header class=\"summary \(state)\">\n<h1>\(escape(title))</h1>\n"
        html += "<p class=\"status \(state)\">\(statusLine(run))</p>\n<ul class=\"counts\">\n"
        html += "<li><b>\(run.scenes.count - failed)</b> \(plural(run.scenes.count - failed, "scene")) passed</li>\n"
        html += "<li><b>\(failed)</b> \(plural(failed, "scene")) failed</li>\n"
        html += "<li><b>\(run.failedFrameCount)</b> of \(run.frameCount) \(plural(run.frameCount, "frame")) failed</li>\n"
        html += "</ul>\n" + recordedNote(run) + failingIndex(run.failedScenes)
        if run.failedFrameCount > 0 {
            html += "<p class=\"zoom-all\">Zoom all frames: <button type=\"button\" data-zoom=\"1\">1×</button>"
            html += "<button type=\"button\" data-zoom=\"2\">2×</button><button type=\"button\" data-zoom=\"4\">4×</button></p>\n"
        }
        return html + "</header>\n"
    }

    static func statusLine(_ run: GoldenRunResult) -> String {
        if run.scenes.isEmpty { return "No scenes were tested." }
        if run.passed { return "PASSED — every frame matches its golden." }
        let failed = run.failedScenes.count
        return "FAILED — \(failed) of \(run.scenes.count) \(plural(run.scenes.count, "scene")) failed."
    }

    static func recordedNote(_ run: GoldenRunResult) -> String {
        let recorded = run.scenes.reduce(0) { $0 + $1.frames.filter(\.recorded).count }
        guard recorded > 0 else { return "" }
        let them = recorded == 1 ? "it" : "them"
        return "<p class=\"recorded\">Recorded \(recorded) golden \(plural(recorded, "frame")): look at \(them), then run again.</p>\n"
    }

    /// Links to each failing scene.
    static func failingIndex(_ scenes: [SceneResult]) -> String {
        guard !scenes.isEmpty else { return "" }
        var html = "<nav><ul>\n"
        for scene in scenes {
            html += "<li><a href=\"#\(sceneID(scene.name))\">\(escape(scene.name))</a> "
            html += "<span class=\"muted\">\(escape(sceneOutline(scene)))</span></li>\n"
        }
        return html + "</ul></nav>\n"
    }

    /// "3 of 20 frames failed · 1 problem", "could not be tested" for a scene without frames, and
    /// "scene errors" first for one whose file has errors.
    static func sceneOutline(_ scene: SceneResult) -> String {
        var parts: [String] = []
        if ReportText.isError(scene) { parts.append(scene.frames.isEmpty ? "could not be tested" : "scene errors") }
        let failing = scene.frames.filter { !$0.passed }.count
        if failing > 0 { parts.append("\(failing) of \(scene.frames.count) \(plural(scene.frames.count, "frame")) failed") }
        if !scene.problems.isEmpty { parts.append("\(scene.problems.count) \(plural(scene.problems.count, "problem"))") }
        if !scene.changes.isEmpty { parts.append("\(scene.changes.count) other recorded \(plural(scene.changes.count, "change"))") }
        return parts.joined(separator: " · ")
    }

    /// One failing scene: name, file, tolerance, problems and its failing frames.
    static func failingScene(_ scene: SceneResult) -> String {
        let id = sceneID(scene.name)
        let (badge, tone) = sceneBadge(scene)
        var html = "<section class=\"scene \(tone)\" id=\"\(id)\">\n"
        html += "<h2><span class=\"badge \(tone)\">\(badge)</span> \(escape(scene.name))</h2>\n"
        html += "<p class=\"meta\"><span class=\"path\">\(escape(scene.sceneFile.path))</span> · tolerance: "
        html += escape(scene.tolerance.summary) + " · " + escape(sceneOutline(scene)) + "</p>\n"
        html += problemList(scene.problems) + changeList(scene.changes) + frameList(scene, sceneID: id)
        let passedFrames = scene.frames.filter(\.passed).count
        if passedFrames > 0 {
            html += "<p class=\"muted\">\(passedFrames) other \(plural(passedFrames, "frame")) passed.</p>\n"
        }
        return html + "</section>\n"
    }

    /// ERROR for a scene that could not be tested, RECORDED when recording is all that failed, else FAIL.
    static func sceneBadge(_ scene: SceneResult) -> (text: String, tone: String) {
        if ReportText.isError(scene) { return ("ERROR", "bad") }
        return scene.onlyRecorded ? ("RECORDED", "warn") : ("FAIL", "bad")
    }

    static func problemList(_ problems: [String]) -> String {
        guard !problems.isEmpty else { return "" }
        return "<ul class=\"problems\">\n" + problems.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
    }

    /// What the run changed in the golden folder besides frames ("rewrote golden.json: …").
    static func changeList(_ changes: [String]) -> String {
        guard !changes.isEmpty else { return "" }
        return "<ul class=\"changes\">\n" + changes.map { "<li>recorded: \(escape($0))</li>\n" }.joined() + "</ul>\n"
    }

    /// The failing frames: the first ``openFrameLimit`` open, the rest collapsed.
    static func frameList(_ scene: SceneResult, sceneID: String) -> String {
        let failing = scene.frames.filter { !$0.passed }
        var html = failing.prefix(openFrameLimit).map { frameArticle($0, sceneID: sceneID) }.joined()
        let rest = failing.dropFirst(openFrameLimit)
        if !rest.isEmpty {
            html += "<details class=\"more\"><summary>\(rest.count) more failing \(plural(rest.count, "frame"))</summary>\n"
            html += rest.map { frameArticle($0, sceneID: sceneID) }.joined() + "</details>\n"
        }
        return html
    }

    /// The passing scenes, collapsed.
    static func passingScenes(_ scenes: [SceneResult]) -> String {
        guard !scenes.isEmpty else { return "" }
        var html = "<details class=\"passing\"><summary>\(scenes.count) passing \(plural(scenes.count, "scene"))</summary>\n<ul>\n"
        for scene in scenes {
            html += "<li><span class=\"badge ok\">PASS</span> \(escape(scene.name)) <span class=\"muted\">"
            html += escape(passingOutline(scene)) + "</span></li>\n"
        }
        return html + "</ul>\n</details>\n"
    }

    /// "20 frames · exact", plus what a tolerance let through.
    static func passingOutline(_ scene: SceneResult) -> String {
        var parts = ["\(scene.frames.count) \(plural(scene.frames.count, "frame"))", scene.tolerance.summary]
        let tolerated = scene.frames.compactMap { frame -> FrameDifference? in
            guard case let .pass(difference?) = frame.verdict, difference.differingPixels > 0 else { return nil }
            return difference
        }
        if !tolerated.isEmpty {
            let pixels = tolerated.map(\.differingPixels).max() ?? 0
            let delta = tolerated.map(\.maxChannelDelta).max() ?? 0
            parts.append("tolerated differences in \(tolerated.count) \(plural(tolerated.count, "frame")) "
                + "(up to \(pixels) \(plural(pixels, "pixel")), max channel Δ \(delta))")
        }
        return parts.joined(separator: " · ")
    }

    // MARK: - Text

    /// `text` safe in HTML content and quoted attributes: `& < > " '` become references and control
    /// characters other than tab, line feed and carriage return are dropped.
    static func escape(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0xFFFE || v == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        count == 1 ? noun : noun + "s"
    }

    /// "s-seeds-shake-1a2b3c4d": a readable slug plus a hash of the exact name, so names that slug
    /// alike ("a/b", "a-b") still get distinct ids.
    static func sceneID(_ name: String) -> String {
        var slug = ""
        for scalar in name.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                slug += String(scalar).lowercased()
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        var short = String(slug.prefix(40))
        while short.hasSuffix("-") { short.removeLast() }
        return "s-" + short + (short.isEmpty ? "" : "-") + fnv1a(name)
    }

    /// The 32-bit FNV-1a hash of `text`'s UTF-8 bytes, as eight hex digits.
    static func fnv1a(_ text: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in text.utf8 {
            hash = (hash ^ UInt32(byte)) &* 0x0100_0193
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
