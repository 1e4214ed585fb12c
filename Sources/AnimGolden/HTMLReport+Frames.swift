import AnimRaster
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A PNG file read for embedding: its pixel size (from the IHDR chunk) and its bytes as a
/// `data:` URI.
struct EmbeddedPNG: Hashable, Sendable {
    var width: Int
    var height: Int
    var dataURI: String

    /// The PNG at `url`, or why it cannot be shown.
    static func load(_ url: URL?) -> Result<EmbeddedPNG, PictureProblem> {
        guard let url else { return .failure(PictureProblem("not written")) }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return .failure(PictureProblem("file not found: " + url.path))
        }
        guard let size = pngSize(data) else { return .failure(PictureProblem("not a PNG file: " + url.path)) }
        return .success(EmbeddedPNG(width: size.width, height: size.height,
                                    dataURI: "data:image/png;base64," + data.base64EncodedString()))
    }

    /// The width and height in the IHDR chunk, which the PNG format puts first.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let head = [UInt8](data.prefix(24))
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard head.count == 24, Array(head[0..<8]) == signature, Array(head[12..<16]) == Array("IHDR".utf8) else {
            return nil
        }
        let width = head[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = head[20..<24].reduce(0) { $0 << 8 | Int($1) }
        return width > 0 && height > 0 ? (width, height) : nil
    }
}

/// Why a picture is not shown ("file not found: …").
struct PictureProblem: Error, Hashable, Sendable {
    var text: String

    init(_ text: String) {
        self.text = text
    }
}

/// Where the middle ("changes") panel sits in a diff picture.
enum DiffLayout: Hashable, Sendable {
    /// expected | changes | actual: the middle third of the width.
    case sideBySide
    /// expected over changes over actual: the middle third of the height.
    case stacked
    /// An unknown layout: the whole picture is shown.
    case whole

    /// The layout of `diff` for frames of `panel` size (nil when neither frame could be read).
    static func of(_ diff: EmbeddedPNG, panel: (width: Int, height: Int)?) -> DiffLayout {
        guard let panel else { return diff.width % 3 == 0 ? .sideBySide : .whole }
        if diff.width == 3 * panel.width, diff.height == panel.height { return .sideBySide }
        if diff.width == panel.width, diff.height == 3 * panel.height { return .stacked }
        return .whole
    }
}

/// The pictures of one failing frame.
///
/// For a frame this run recorded, the golden is the new picture, so there is no actual to show
/// beside it and the diff (when there is one) is shown whole: previous golden | changes | new.
struct FramePictures {
    var expected: Result<EmbeddedPNG, PictureProblem>
    /// nil for a recorded frame.
    var actual: Result<EmbeddedPNG, PictureProblem>?
    /// nil when no diff was written.
    var diff: Result<EmbeddedPNG, PictureProblem>?
    var recorded: Bool

    init(_ frame: FrameResult) {
        expected = EmbeddedPNG.load(frame.golden)
        if case .missingGolden = frame.verdict, !frame.recorded {
            expected = .failure(PictureProblem("no golden file yet: " + frame.golden.path))
        }
        recorded = frame.recorded
        actual = frame.recorded ? nil : EmbeddedPNG.load(frame.actual)
        diff = frame.diff.map { EmbeddedPNG.load($0) }
    }

    var expectedPNG: EmbeddedPNG? { try? expected.get() }
    var actualPNG: EmbeddedPNG? { try? actual?.get() }
    var diffPNG: EmbeddedPNG? { try? diff?.get() }

    /// True when the slider and the flicker toggle can be shown.
    var canCompare: Bool { !recorded && expectedPNG != nil && actualPNG != nil }

    /// The size of one panel: the larger of the two frames.
    var panelSize: (width: Int, height: Int)? {
        let sizes = [expectedPNG, actualPNG].compactMap { $0 }
        guard !sizes.isEmpty else { return nil }
        return (sizes.map(\.width).max() ?? 0, sizes.map(\.height).max() ?? 0)
    }

    /// The `style` attribute defining `--exp`, `--act` and `--dif`, so each picture is embedded once.
    var styleAttribute: String {
        let vars = [("exp", expectedPNG), ("act", actualPNG), ("dif", diffPNG)].compactMap { name, png in
            png.map { "--\(name):url(\($0.dataURI))" }
        }
        return vars.isEmpty ? "" : " style=\"" + vars.joined(separator: ";") + "\""
    }

    /// 4× for small frames, 2× for medium ones, 1× otherwise, so three panels fit a laptop screen.
    var defaultZoom: Int? {
        guard let width = panelSize?.width else { return nil }
        return width <= 90 ? 4 : width <= 180 ? 2 : 1
    }
}

extension HTMLReport {
    /// One failing frame: heading, numbers, files, controls and the three views.
    static func frameArticle(_ frame: FrameResult, sceneID: String) -> String {
        let id = "\(sceneID)-f\(frame.frame)"
        let pictures = FramePictures(frame)
        let marker = changedRect(frame).map(markerBox)
        var html = "<article class=\"frame\" id=\"\(id)\"\(pictures.styleAttribute)>\n"
        html += frameHeading(frame) + numbers(frame, size: pictures.panelSize) + fileList(frame)
        html += controls(id: id, pictures: pictures, marked: marker != nil)
        html += "<div class=\"views\">\n" + sideBySide(pictures, marker: marker ?? "")
        if pictures.canCompare {
            html += slider(pictures, marker: marker ?? "") + flicker(id: id, pictures, marker: marker ?? "")
        }
        return html + "</div>\n</article>\n"
    }

    static func frameHeading(_ frame: FrameResult) -> String {
        var html = "<h3>Frame \(frame.frame) <span class=\"muted\">t = \(ReportText.seconds(frame.time))</span> "
        let label = ReportText.verdictLabel(frame)
        html += "<span class=\"badge \(label == "recorded" ? "warn" : "bad")\">\(label)</span>"
        if frame.recorded, label != "recorded" {
            html += " <span class=\"badge warn\">recorded</span>"
        }
        return html + "</h3>\n"
    }

    /// The verdict's numbers as a definition list.
    static func numbers(_ frame: FrameResult, size: (width: Int, height: Int)?) -> String {
        var rows: [(String, String)] = []
        switch frame.verdict {
        case let .differs(difference), let .pass(difference?):
            rows = differenceRows(difference, size: size)
        case .pass(nil):
            break
        case .missingGolden:
            rows = frame.recorded ? [] : [("golden", "missing")]
        case let .unreadableGolden(reason):
            rows = [("golden", "cannot be read: " + reason)]
        case let .notDrawn(reason):
            rows = [("not drawn", reason)]
        case let .sizeMismatch(expectedWidth, expectedHeight, actualWidth, actualHeight):
            rows = [("expected size", "\(expectedWidth)×\(expectedHeight) px"), ("actual size", "\(actualWidth)×\(actualHeight) px")]
        }
        if frame.recorded {
            rows.append(("recorded", "this run wrote the golden: look at it, then run again"))
        }
        guard !rows.isEmpty else { return "" }
        return "<dl class=\"numbers\">" + rows.map { "<dt>\(escape($0.0))</dt><dd>\(escape($0.1))</dd>" }.joined() + "</dl>\n"
    }

    static func differenceRows(_ difference: FrameDifference, size: (width: Int, height: Int)?) -> [(String, String)] {
        var pixels = "\(difference.differingPixels)"
        if let size, size.width * size.height > 0 {
            let share = 100 * Double(difference.differingPixels) / Double(size.width * size.height)
            pixels += " (\(ReportText.fixed(share, digits: 2)) % of \(size.width)×\(size.height))"
        }
        return [
            ("differing pixels", pixels),
            ("max channel Δ", "\(difference.maxChannelDelta) of 255"),
            ("perceptual failures", difference.perceptualFailures.map(String.init) ?? "— (not a perceptual check)"),
            ("changed rectangle", difference.changedRect.map(ReportText.rect) ?? "none"),
        ]
    }

    static func fileList(_ frame: FrameResult) -> String {
        let files = [("golden", Optional(frame.golden)), ("actual", frame.actual), ("diff", frame.diff)]
        let items = files.compactMap { role, url in
            url.map { "<li>\(role) <span class=\"path\">\(escape($0.path))</span></li>" }
        }
        return "<ul class=\"files\">" + items.joined() + "</ul>\n"
    }

    /// The changed rectangle, when the verdict has a non-empty one.
    static func changedRect(_ frame: FrameResult) -> PixelRect? {
        switch frame.verdict {
        case let .differs(difference), let .pass(difference?):
            guard let rect = difference.changedRect, !rect.isEmpty else { return nil }
            return rect
        default:
            return nil
        }
    }

    static func markerBox(_ rect: PixelRect) -> String {
        "<span class=\"marker\" style=\"--mx:\(rect.minX);--my:\(rect.minY);--mw:\(rect.width);--mh:\(rect.height)\"></span>"
    }

    // MARK: - Controls

    /// Hidden radio buttons and check boxes (siblings of the views, so CSS alone switches views,
    /// zoom and the marker) and the toolbar of labels that operate them.
    static func controls(id: String, pictures: FramePictures, marked: Bool) -> String {
        var inputs = input("radio", id: id, key: "sbs", group: "view", checked: true)
        var toolbar = ""
        if pictures.canCompare {
            inputs += input("radio", id: id, key: "slider", group: "view") + input("radio", id: id, key: "flicker", group: "view")
            inputs += input("checkbox", id: id, key: "auto") + input("checkbox", id: id, key: "flip")
            toolbar += group("View", id: id, [("sbs", "Side by side"), ("slider", "Slider"), ("flicker", "Flicker")])
        }
        if let zoom = pictures.defaultZoom {
            for level in [1, 2, 4] {
                inputs += input("radio", id: id, key: "z\(level)", group: "zoom", checked: level == zoom)
            }
            toolbar += group("Zoom", id: id, [("z1", "1×"), ("z2", "2×"), ("z4", "4×")])
        }
        if marked {
            inputs += input("checkbox", id: id, key: "mark", checked: true)
            toolbar += "<label for=\"\(id)-mark\" class=\"l-mark\">Mark changed area</label>"
        }
        return inputs + "\n<div class=\"toolbar\">" + toolbar + "</div>\n"
    }

    /// `<input type="radio" name="<id>-view" id="<id>-sbs" class="c-sbs">`.
    static func input(_ type: String, id: String, key: String, group: String? = nil, checked: Bool = false) -> String {
        let name = group.map { " name=\"\(id)-\($0)\"" } ?? ""
        return "<input type=\"\(type)\"\(name) id=\"\(id)-\(key)\" class=\"c-\(key)\"\(checked ? " checked" : "")>"
    }

    static func group(_ title: String, id: String, _ items: [(key: String, text: String)]) -> String {
        let labels = items.map { "<label for=\"\(id)-\($0.key)\" class=\"l-\($0.key)\">\($0.text)</label>" }
        return "<span class=\"group\"><span>\(title)</span>" + labels.joined() + "</span>"
    }

    // MARK: - Views

    /// expected | diff | actual.
    static func sideBySide(_ pictures: FramePictures, marker: String) -> String {
        let role = pictures.recorded ? "new golden" : "expected"
        var html = "<div class=\"view sbs\">\n" + figure(role, layer: "exp", pictures.expected, marker: marker)
        if let diff = pictures.diff {
            html += diffFigure(diff, panel: pictures.recorded ? nil : pictures.panelSize, whole: pictures.recorded, marker: marker)
        }
        if let actual = pictures.actual {
            html += figure("actual", layer: "act", actual, marker: marker)
        }
        return html + "</div>\n"
    }

    static func figure(_ role: String, layer: String, _ picture: Result<EmbeddedPNG, PictureProblem>, marker: String) -> String {
        let caption = "<figcaption>\(role)</figcaption>"
        switch picture {
        case let .success(png):
            let element = "<span class=\"px \(layer)\" style=\"\(size(png.width, png.height))\" role=\"img\" aria-label=\"\(role)\"></span>"
            return "<figure>" + caption + stage(png.width, png.height, element + marker) + "</figure>\n"
        case let .failure(problem):
            return "<figure>" + caption + "<div class=\"missing\">\(escape(role)): \(escape(problem.text))</div></figure>\n"
        }
    }

    /// The diff's middle panel (the changes), cut out of the whole picture with CSS; the whole
    /// picture when `whole` is set or its layout is unknown.
    static func diffFigure(_ picture: Result<EmbeddedPNG, PictureProblem>, panel: (width: Int, height: Int)?, whole: Bool,
                           marker: String) -> String {
        guard case let .success(png) = picture else { return figure("diff", layer: "dif", picture, marker: "") }
        let layout = whole ? .whole : DiffLayout.of(png, panel: panel)
        let title = whole ? "diff: previous golden | changes | new" : "diff"
        let caption = "<figcaption>\(title) <span class=\"muted\">red: counted · yellow: tolerated</span></figcaption>"
        let (width, height, crop) = switch layout {
        case .sideBySide: (png.width / 3, png.height, " third-x")
        case .stacked: (png.width, png.height / 3, " third-y")
        case .whole: (png.width, png.height, "")
        }
        let layer = "<span class=\"px dif\(crop)\" style=\"\(size(width, height))\" role=\"img\" aria-label=\"diff\"></span>"
        return "<figure>" + caption + stage(width, height, layer + (layout == .whole ? "" : marker)) + "</figure>\n"
    }

    /// The actual over the expected, cut by a draggable vertical divider.
    static func slider(_ pictures: FramePictures, marker: String) -> String {
        guard let expected = pictures.expectedPNG, let actual = pictures.actualPNG, let panel = pictures.panelSize else { return "" }
        var layers = "<span class=\"px exp\" style=\"\(size(expected.width, expected.height))\"></span>"
        layers += "<span class=\"px act over\" style=\"\(size(actual.width, actual.height))\"></span>"
        layers += "<span class=\"divider\"></span>" + marker
        layers += "<input type=\"range\" class=\"knob\" min=\"0\" max=\"100\" step=\"0.5\" value=\"50\" aria-label=\"divider position\">"
        let stage = "<div class=\"stage cmp\" style=\"\(size(panel.width, panel.height));--pos:50%\">" + layers + "</div>"
        return "<div class=\"view slider\">\n" + stage + "\n<p class=\"hint\">◀ expected · drag the divider · actual ▶</p>\n</div>\n"
    }

    /// Expected and actual in the same place: a click switches, "auto" alternates twice a second.
    static func flicker(id: String, _ pictures: FramePictures, marker: String) -> String {
        guard let expected = pictures.expectedPNG, let actual = pictures.actualPNG, let panel = pictures.panelSize else { return "" }
        var layers = "<span class=\"px exp\" style=\"\(size(expected.width, expected.height))\"><span class=\"tag\">expected</span></span>"
        layers += "<span class=\"px act over\" style=\"\(size(actual.width, actual.height))\"><span class=\"tag\">actual</span></span>"
        var html = "<div class=\"view flicker\">\n<label for=\"\(id)-flip\" class=\"stage cmp\" "
        html += "style=\"\(size(panel.width, panel.height))\" title=\"click to switch\">" + layers + marker + "</label>\n"
        html += "<p class=\"hint\"><label for=\"\(id)-auto\" class=\"l-auto\">Auto-alternate</label> or click the picture "
        return html + "to switch between expected and actual.</p>\n</div>\n"
    }

    static func stage(_ width: Int, _ height: Int, _ content: String) -> String {
        "<div class=\"stage\" style=\"\(size(width, height))\">" + content + "</div>"
    }

    static func size(_ width: Int, _ height: Int) -> String {
        "--w:\(width);--h:\(height)"
    }
}
