import AnimCodecs
import AnimGolden
import AnimRaster
import Foundation
import Testing

struct HTMLReportTests {
    @Test func embedsEveryPictureAsADataURI() throws {
        let fixture = try ReportFixture()
        defer { fixture.remove() }
        let html = HTMLReport.render(fixture.run)
        for url in [fixture.golden, fixture.actual, fixture.diff] {
            let bytes = try #require(FileManager.default.contents(atPath: url.path))
            let uri = "url(data:image/png;base64," + bytes.base64EncodedString() + ")"
            #expect(html.contains(uri), "\(url.lastPathComponent) is not embedded")
        }
    }

    @Test func embedsEachPictureOnce() throws {
        let fixture = try ReportFixture()
        defer { fixture.remove() }
        let html = HTMLReport.render(fixture.run)
        let bytes = try #require(FileManager.default.contents(atPath: fixture.golden.path))
        #expect(html.components(separatedBy: bytes.base64EncodedString()).count == 2)
    }

    @Test func listsTheFailingSceneBeforeThePassingOne() throws {
        let fixture = try ReportFixture()
        defer { fixture.remove() }
        let html = HTMLReport.render(fixture.run)
        let failing = try #require(html.range(of: "<section class=\"scene bad\""))
        let passing = try #require(html.range(of: "seeds/passing"))
        #expect(fixture.run.scenes.first?.name == "seeds/passing", "the run lists the passing scene first")
        #expect(failing.lowerBound < passing.lowerBound)
        #expect(html.contains("<details class=\"passing\"><summary>1 passing scene</summary>"))
    }

    @Test func escapesSceneNamesAndMessages() throws {
        let fixture = try ReportFixture()
        defer { fixture.remove() }
        let html = HTMLReport.render(fixture.run, title: "<golden & \"co\">")
        #expect(html.contains("a&lt;b&amp;&quot;c&quot;"))
        #expect(!html.contains("a<b&\"c\""))
        #expect(html.contains("manifest &lt;frames&gt; &amp; fps &#39;differ&#39;"))
        #expect(html.contains("<title>&lt;golden &amp; &quot;co&quot;&gt;</title>"))
    }

    @Test func rendersDeterministically() throws {
        let fixture = try ReportFixture()
        defer { fixture.remove() }
        #expect(HTMLReport.render(fixture.run) == HTMLReport.render(fixture.run))
    }

    @Test func referencesNothingOutsideThePage() throws {
        let fixture = try ReportFixture()
        defer { fixture.remove() }
        let html = HTMLReport.render(fixture.run)
        #expect(!html.contains("http:") && !html.contains("https:"))
        #expect(!html.contains(" src=") && !html.contains("<link"))
        let urls = html.components(separatedBy: "url(").dropFirst()
        #expect(!urls.isEmpty)
        #expect(urls.allSatisfy { $0.hasPrefix("data:image/png;base64,") })
    }

    @Test func showsTheNumbersViewsAndChangedRectangle() throws {
        let fixture = try ReportFixture()
        defer { fixture.remove() }
        let html = HTMLReport.render(fixture.run)
        #expect(html.contains("Frame 3 <span class=\"muted\">t = 0.125 s</span>"))
        #expect(html.contains("<dt>differing pixels</dt><dd>18 (18.75 % of 12×8)</dd>"))
        #expect(html.contains("<dt>max channel Δ</dt><dd>255 of 255</dd>"))
        #expect(html.contains("<dt>changed rectangle</dt><dd>x 2–7, y 2–4 (6×3 px)</dd>"))
        #expect(html.contains("--mx:2;--my:2;--mw:6;--mh:3"))
        for view in ["view sbs", "view slider", "view flicker", "class=\"knob\"", "px dif third-x"] {
            #expect(html.contains(view), "missing \(view)")
        }
        #expect(html.contains("image-rendering: pixelated"))
        #expect(html.contains("class=\"c-z4\" checked"), "a 12 px wide frame opens at 4×")
    }

    @Test func namesMissingPicturesInsteadOfFailing() throws {
        let fixture = try ReportFixture()
        defer { fixture.remove() }
        let gone = fixture.folder.appendingPathComponent("gone.png")
        let frame = FrameResult(frame: 0, time: 0, verdict: .differs(FrameDifference(differingPixels: 1, maxChannelDelta: 9)),
                                golden: fixture.golden, actual: gone, diff: nil)
        let run = GoldenRunResult(scenes: [SceneResult(name: "half", sceneFile: fixture.sceneFile, frames: [frame])])
        let html = HTMLReport.render(run)
        #expect(html.contains("actual: file not found: " + gone.path))
        #expect(!html.contains("view slider"), "no slider without both pictures")
        #expect(html.contains("view sbs"))
    }

    @Test func summarisesCountsAndRecordedFrames() throws {
        let fixture = try ReportFixture()
        defer { fixture.remove() }
        var run = fixture.run
        let recorded = FrameResult(frame: 0, time: 0, verdict: .missingGolden, golden: fixture.golden, recorded: true)
        run.scenes.append(SceneResult(name: "seeds/new", sceneFile: fixture.sceneFile, frames: [recorded]))
        let html = HTMLReport.render(run)
        #expect(html.contains("FAILED — 2 of 3 scenes failed."))
        #expect(html.contains("<li><b>1</b> scene passed</li>"))
        #expect(html.contains("<li><b>2</b> of 5 frames failed</li>"))
        #expect(html.contains("Recorded 1 golden frame: look at it, then run again."))
        #expect(html.contains("<span class=\"badge warn\">recorded</span>"))
        #expect(html.contains("<figcaption>new golden</figcaption>"))
        #expect(html.contains("<h2><span class=\"badge warn\">RECORDED</span> seeds/new</h2>"))
    }

    @Test func badgesScenesThatCouldNotBeTested() throws {
        let fixture = try ReportFixture()
        defer { fixture.remove() }
        let broken = SceneResult(name: "broken", sceneFile: fixture.sceneFile, problems: ["unknown key 'opcity'"])
        let html = HTMLReport.render(GoldenRunResult(scenes: [broken]))
        #expect(html.contains("<h2><span class=\"badge bad\">ERROR</span> broken</h2>"))
        #expect(html.contains("could not be tested · 1 problem"))
        #expect(html.contains("<li>unknown key &#39;opcity&#39;</li>"))
    }

    @Test func collapsesFailingFramesBeyondTheFirstTwelve() throws {
        let fixture = try ReportFixture()
        defer { fixture.remove() }
        let frame = fixture.run.scenes[1].frames[0]
        let frames = (0..<14).map { index in
            var copy = frame
            copy.frame = index
            return copy
        }
        let html = HTMLReport.render(GoldenRunResult(scenes: [SceneResult(name: "many", sceneFile: fixture.sceneFile, frames: frames)]))
        let collapsed = try #require(html.range(of: "<details class=\"more\"><summary>2 more failing frames</summary>"))
        let frame12 = try #require(html.range(of: "-f12\""))
        let frame11 = try #require(html.range(of: "-f11\""))
        #expect(frame11.lowerBound < collapsed.lowerBound && collapsed.lowerBound < frame12.lowerBound)
    }

    @Test func reportsAPassingRun() throws {
        let fixture = try ReportFixture()
        defer { fixture.remove() }
        let run = GoldenRunResult(scenes: fixture.run.scenes.filter(\.passed))
        let html = HTMLReport.render(run)
        #expect(html.contains("PASSED — every frame matches its golden."))
        #expect(!html.contains("<section class=\"scene"))
        #expect(HTMLReport.render(GoldenRunResult(scenes: [])).contains("No scenes were tested."))
    }

    @Test func derivesDistinctIDsFromNamesAndFrames() throws {
        let fixture = try ReportFixture()
        defer { fixture.remove() }
        let frame = fixture.run.scenes[1].frames[0]
        let scenes = ["a/b", "a-b", "a b"].map { SceneResult(name: $0, sceneFile: fixture.sceneFile, frames: [frame]) }
        let html = HTMLReport.render(GoldenRunResult(scenes: scenes))
        let ids = html.components(separatedBy: "<article class=\"frame\" id=\"").dropFirst().compactMap { $0.split(separator: "\"").first }
        #expect(ids.count == 3)
        #expect(Set(ids).count == 3)
        #expect(ids.allSatisfy { $0.hasPrefix("s-a-b-") && $0.hasSuffix("-f3") })
    }

    @Test func writesTheFileAtomically() throws {
        let fixture = try ReportFixture()
        defer { fixture.remove() }
        let url = fixture.folder.appendingPathComponent("report/index.html")
        try HTMLReport.write(fixture.run, to: url)
        let written = try #require(FileManager.default.contents(atPath: url.path))
        #expect(String(decoding: written, as: UTF8.self) == HTMLReport.render(fixture.run))
        let siblings = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(siblings == ["index.html"])
    }

    /// Writes a realistic report to `$ANIMRENDER_REPORT_DEMO/index.html` (skipped when unset).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["ANIMRENDER_REPORT_DEMO"] != nil))
    func writesTheDemoReport() throws {
        let folder = URL(fileURLWithPath: try #require(ProcessInfo.processInfo.environment["ANIMRENDER_REPORT_DEMO"]))
        let run = try ReportFixture.demoRun(in: folder)
        try HTMLReport.write(run, to: folder.appendingPathComponent("index.html"))
        try JUnitReport.write(run, to: folder.appendingPathComponent("junit.xml"))
    }
}

/// A temporary folder with a golden, an actual and a diff PNG, and a run using them: a passing
/// scene first, then a failing scene named `a<b&"c"` whose frame 3 shows a square moved by 3 px.
private struct ReportFixture {
    let folder: URL
    let golden: URL
    let actual: URL
    let diff: URL
    let sceneFile: URL
    let run: GoldenRunResult

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("HTMLReportTests-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let golden = folder.appendingPathComponent("golden.png")
        let actual = folder.appendingPathComponent("actual.png")
        let diff = folder.appendingPathComponent("diff.png")
        let sceneFile = folder.appendingPathComponent("scene.json")
        (self.golden, self.actual, self.diff, self.sceneFile) = (golden, actual, diff, sceneFile)
        let expected = try Self.square(width: 12, height: 8, side: 3, x: 2, y: 2)
        let moved = try Self.square(width: 12, height: 8, side: 3, x: 5, y: 2)
        try Self.writePNG(expected, to: golden)
        try Self.writePNG(moved, to: actual)
        try Self.writePNG(try Self.triptych(expected: expected, actual: moved), to: diff)
        let failing = FrameResult(frame: 3, time: 0.125, verdict: .differs(Self.difference(expected, moved)),
                                  golden: golden, actual: actual, diff: diff)
        let passed = (0..<3).map { FrameResult(frame: $0, time: Double($0) / 24, verdict: .pass(nil), golden: golden) }
        run = GoldenRunResult(scenes: [
            SceneResult(name: "seeds/passing", sceneFile: sceneFile, frames: passed),
            SceneResult(name: "a<b&\"c\"", sceneFile: sceneFile, frames: [failing],
                        problems: ["manifest <frames> & fps 'differ'"]),
        ])
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    static let white = PixelRGBA8(r: 255, g: 255, b: 255, a: 255)
    static let blue = PixelRGBA8(r: 0, g: 122, b: 255, a: 255)
    static let red = PixelRGBA8(r: 255, g: 0, b: 0, a: 255)

    /// A white frame with a blue square.
    static func square(width: Int, height: Int, side: Int, x: Int, y: Int) throws -> Bitmap {
        var bitmap = try #require(Bitmap(width: width, height: height))
        bitmap.fill(white)
        for row in y..<min(height, y + side) {
            for column in x..<min(width, x + side) { bitmap[column, row] = blue }
        }
        return bitmap
    }

    /// expected | changed pixels in red over a faded expected | actual, as the runner writes it.
    static func triptych(expected: Bitmap, actual: Bitmap) throws -> Bitmap {
        let w = expected.width, h = expected.height
        var out = try #require(Bitmap(width: 3 * w, height: h))
        for y in 0..<h {
            for x in 0..<w {
                let e = expected[x, y], a = actual[x, y]
                let sum: Int = Int(e.r) + Int(e.g) + Int(e.b)
                let grey = UInt8(200 + sum / 3 * 55 / 255)
                let faded = PixelRGBA8(r: grey, g: grey, b: grey, a: 255)
                out[x, y] = e
                out[w + x, y] = e == a ? faded : red
                out[2 * w + x, y] = a
            }
        }
        return out
    }

    /// Exact comparison numbers of two frames of the same size.
    static func difference(_ expected: Bitmap, _ actual: Bitmap) -> FrameDifference {
        var count = 0, maxDelta = 0
        var rect = PixelRect.empty
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let e = expected[x, y], a = actual[x, y]
                let delta = channelDelta(e, a)
                guard delta > 0 else { continue }
                count += 1
                maxDelta = max(maxDelta, delta)
                rect = rect.union(PixelRect(minX: x, minY: y, maxX: x + 1, maxY: y + 1))
            }
        }
        return FrameDifference(differingPixels: count, maxChannelDelta: maxDelta, changedRect: count > 0 ? rect : nil)
    }

    /// The largest channel difference of two pixels.
    static func channelDelta(_ p: PixelRGBA8, _ q: PixelRGBA8) -> Int {
        let deltas: [Int] = [Int(p.r) - Int(q.r), Int(p.g) - Int(q.g), Int(p.b) - Int(q.b), Int(p.a) - Int(q.a)]
        return deltas.map(abs).max() ?? 0
    }

    static func writePNG(_ bitmap: Bitmap, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let written = FileManager.default.createFile(atPath: url.path, contents: Data(try PNGCodec.encode(bitmap)))
        #expect(written, "cannot write \(url.path)")
    }

    // MARK: - Demo

    /// A run with every kind of result, its pictures written under `folder`.
    static func demoRun(in folder: URL) throws -> GoldenRunResult {
        let scenes = folder.appendingPathComponent("Scenes")
        return GoldenRunResult(scenes: [
            try slidingSquare(folder, scenes),
            try resizedButton(folder, scenes),
            try recordedSpinner(folder, scenes),
            SceneResult(name: "broken/typo", sceneFile: scenes.appendingPathComponent("broken/typo.json"),
                        problems: ["broken/typo.json:3:14: unknown key 'opcity' (did you mean 'opacity'?)"]),
            SceneResult(name: "seeds/fade", sceneFile: scenes.appendingPathComponent("seeds/fade.json"),
                        frames: (0..<20).map { FrameResult(frame: $0, time: Double($0) / 20, verdict: .pass(nil), golden: folder) }),
            SceneResult(name: "seeds/spring", sceneFile: scenes.appendingPathComponent("seeds/spring.json"),
                        tolerance: GoldenTolerance(perceptualDeltaE: 2, reason: "spring overshoot rounds differently"),
                        frames: (0..<30).map { FrameResult(frame: $0, time: Double($0) / 30, golden: folder, tolerated: $0 % 7 == 3) }),
        ])
    }

    /// A 120×80 frame whose blue square sits 3 px further right than its golden, in frames 12 and 13.
    static func slidingSquare(_ folder: URL, _ scenes: URL) throws -> SceneResult {
        var frames: [FrameResult] = []
        for index in 0..<24 {
            let golden = folder.appendingPathComponent("Goldens/seeds/slide-square/f\(index).png")
            guard index == 12 || index == 13 else {
                frames.append(FrameResult(frame: index, time: Double(index) / 24, verdict: .pass(nil), golden: golden))
                continue
            }
            let x = 10 + 4 * index
            let expected = try square(width: 120, height: 80, side: 30, x: x, y: 25)
            let actual = try square(width: 120, height: 80, side: 30, x: x + 3, y: 25)
            let artifacts = folder.appendingPathComponent("artifacts/seeds/slide-square")
            let actualURL = artifacts.appendingPathComponent("f\(index)-actual.png")
            let diffURL = artifacts.appendingPathComponent("f\(index)-diff.png")
            try writePNG(expected, to: golden)
            try writePNG(actual, to: actualURL)
            try writePNG(try triptych(expected: expected, actual: actual), to: diffURL)
            frames.append(FrameResult(frame: index, time: Double(index) / 24, verdict: .differs(difference(expected, actual)),
                                      golden: golden, actual: actualURL, diff: diffURL))
        }
        return SceneResult(name: "seeds/slide-square", sceneFile: scenes.appendingPathComponent("seeds/slide-square.json"), frames: frames)
    }

    /// A scene whose golden is 96×48 while the renderer now draws 100×48, plus a manifest problem.
    static func resizedButton(_ folder: URL, _ scenes: URL) throws -> SceneResult {
        let golden = folder.appendingPathComponent("Goldens/ui/button/f0.png")
        let actualURL = folder.appendingPathComponent("artifacts/ui/button/f0-actual.png")
        try writePNG(try square(width: 96, height: 48, side: 20, x: 38, y: 14), to: golden)
        try writePNG(try square(width: 100, height: 48, side: 20, x: 40, y: 14), to: actualURL)
        let verdict = FrameVerdict.sizeMismatch(expectedWidth: 96, expectedHeight: 48, actualWidth: 100, actualHeight: 48)
        let frame = FrameResult(frame: 0, time: 0, verdict: verdict, golden: golden, actual: actualURL)
        return SceneResult(name: "ui/button <press>", sceneFile: scenes.appendingPathComponent("ui/button.json"), frames: [frame],
                           problems: ["the golden manifest has 30 frames at 60 fps; the scene has 1 frame at 60 fps"])
    }

    /// A new scene whose first two goldens this run recorded.
    static func recordedSpinner(_ folder: URL, _ scenes: URL) throws -> SceneResult {
        let frames = try (0..<2).map { index in
            let golden = folder.appendingPathComponent("Goldens/seeds/spinner/f\(index).png")
            try writePNG(try square(width: 64, height: 64, side: 16, x: 8 + 20 * index, y: 24), to: golden)
            return FrameResult(frame: index, time: Double(index) / 30, verdict: .missingGolden, golden: golden, recorded: true)
        }
        return SceneResult(name: "seeds/spinner", sceneFile: scenes.appendingPathComponent("seeds/spinner.json"), frames: frames)
    }
}

private extension FrameResult {
    /// A passing frame; `tolerated` gives it differences the tolerance let through.
    init(frame: Int, time: Double, golden: URL, tolerated: Bool) {
        let difference = FrameDifference(differingPixels: 12, maxChannelDelta: 3, perceptualFailures: 0,
                                         changedRect: PixelRect(minX: 4, minY: 4, maxX: 10, maxY: 6))
        self.init(frame: frame, time: time, verdict: .pass(tolerated ? difference : nil), golden: golden)
    }
}
