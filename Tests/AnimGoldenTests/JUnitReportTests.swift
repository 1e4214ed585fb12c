import AnimGolden
import AnimRaster
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

struct JUnitReportTests {
    /// A passing scene, a scene with a differing and a recorded frame, and a scene that did not load.
    static func run() -> GoldenRunResult {
        let root = URL(fileURLWithPath: "/goldens")
        let rect = PixelRect(minX: 40, minY: 25, maxX: 73, maxY: 55)
        let difference = FrameDifference(differingPixels: 180, maxChannelDelta: 255, changedRect: rect)
        let differs = FrameResult(frame: 12, time: 0.5, verdict: .differs(difference),
                                  golden: root.appendingPathComponent("slide/f0012.png"),
                                  actual: URL(fileURLWithPath: "/artifacts/slide/f0012-actual.png"),
                                  diff: URL(fileURLWithPath: "/artifacts/slide/f0012-diff.png"))
        let recorded = FrameResult(frame: 13, time: 13.0 / 24, verdict: .missingGolden,
                                   golden: root.appendingPathComponent("slide/f0013.png"), recorded: true)
        let pass = FrameResult(frame: 0, time: 0, verdict: .pass(nil), golden: root.appendingPathComponent("slide/f0000.png"))
        return GoldenRunResult(scenes: [
            SceneResult(name: "seeds/fade", sceneFile: URL(fileURLWithPath: "/scenes/seeds/fade.json"), frames: [pass]),
            SceneResult(name: "seeds/slide", sceneFile: URL(fileURLWithPath: "/scenes/seeds/slide.json"),
                        frames: [pass, differs, recorded]),
            SceneResult(name: "typo", sceneFile: URL(fileURLWithPath: "/scenes/typo.json"),
                        problems: ["typo.json:3:14: unknown key 'opcity'", "second problem"]),
        ])
    }

    @Test func parsesWithTheRightCounts() throws {
        let document = try XMLDocumentSummary(JUnitReport.render(Self.run()))
        let suites = try #require(document.elements(named: "testsuites").first)
        let suite = try #require(document.elements(named: "testsuite").first)
        for element in [suites, suite] {
            #expect(element.attributes["name"] == "animrender")
            #expect(element.attributes["tests"] == "3")
            #expect(element.attributes["failures"] == "1")
            #expect(element.attributes["errors"] == "1")
        }
        #expect(suite.attributes["skipped"] == "0")
        #expect(document.elements(named: "testcase").map { $0.attributes["name"] } == ["seeds/fade", "seeds/slide", "typo"])
        #expect(document.elements(named: "failure").count == 1)
        #expect(document.elements(named: "error").count == 1)
    }

    @Test func namesClassesByArea() throws {
        let document = try XMLDocumentSummary(JUnitReport.render(Self.run(), suiteName: "golden"))
        let classes = document.elements(named: "testcase").map { $0.attributes["classname"] }
        #expect(classes == ["golden.seeds", "golden.seeds", "golden.root"])
    }

    @Test func describesTheFailure() throws {
        let document = try XMLDocumentSummary(JUnitReport.render(Self.run()))
        let failure = try #require(document.elements(named: "failure").first)
        #expect(failure.attributes["type"] == "golden")
        #expect(failure.attributes["message"]
            == "1 of 3 frames fails (12); 1 frame recorded (13): look at it, then run again")
        for line in ["tolerance: exact",
                     "frame 12 at 0.5 s: differs: 180 differing pixels, max channel Δ 255, changed x 40–72, y 25–54 (33×30 px)",
                     "  actual: /artifacts/slide/f0012-actual.png", "  diff: /artifacts/slide/f0012-diff.png",
                     "frame 13 at 0.5417 s: no golden file; golden recorded by this run: look at it, then run again"] {
            #expect(failure.text.contains(line), "missing: \(line)")
        }
    }

    @Test func listsRecordedChanges() throws {
        let changed = SceneResult(name: "push", sceneFile: URL(fileURLWithPath: "/scenes/push.json"),
                                  frames: [FrameResult(frame: 0, time: 0, verdict: .pass(nil), golden: URL(fileURLWithPath: "/g/push/f0000.png"))],
                                  changes: ["rewrote golden.json for 30 fps (it said 25 fps)", "removed stale golden f0015.png"])
        let run = GoldenRunResult(scenes: [changed])
        #expect(!run.passed && changed.onlyRecorded && run.recordedScenes.count == 1)
        let document = try XMLDocumentSummary(JUnitReport.render(run))
        let failure = try #require(document.elements(named: "failure").first)
        #expect(failure.attributes["message"] == "recorded: rewrote golden.json for 30 fps (it said 25 fps) (and 1 more change)")
        #expect(failure.text.contains("recorded: removed stale golden f0015.png"))
        let html = HTMLReport.render(run)
        #expect(html.contains("<h2><span class=\"badge warn\">RECORDED</span> push</h2>"))
        #expect(html.contains("<li>recorded: removed stale golden f0015.png</li>"))
        #expect(changed.summary == """
            push: RECORDED (2 other changes)
              tolerance: exact
              recorded: rewrote golden.json for 30 fps (it said 25 fps)
              recorded: removed stale golden f0015.png
            """)
    }

    @Test func reportsUnloadableScenesAsErrors() throws {
        let document = try XMLDocumentSummary(JUnitReport.render(Self.run()))
        let error = try #require(document.elements(named: "error").first)
        #expect(error.attributes["type"] == "scene")
        #expect(error.attributes["message"] == "typo.json:3:14: unknown key 'opcity' (and 1 more problem)")
        #expect(error.text.contains("problem: second problem"))
    }

    @Test func hasNoClockAttributes() {
        let xml = JUnitReport.render(Self.run())
        #expect(!xml.contains("time="))
        #expect(!xml.contains("timestamp="))
        #expect(JUnitReport.render(Self.run()) == xml)
    }

    @Test func reportsAPassingRun() throws {
        let run = GoldenRunResult(scenes: Self.run().scenes.filter(\.passed))
        let document = try XMLDocumentSummary(JUnitReport.render(run))
        #expect(document.elements(named: "testsuite").first?.attributes["failures"] == "0")
        #expect(document.elements(named: "testcase").count == 1)
        #expect(document.elements(named: "failure").isEmpty)
        let empty = try XMLDocumentSummary(JUnitReport.render(GoldenRunResult(scenes: [])))
        #expect(empty.elements(named: "testsuite").first?.attributes["tests"] == "0")
    }

    @Test func escapesMarkupAndDropsControlCharacters() throws {
        let name = "odd/a<b>&\"c\" 'd'\u{7}\u{1B}\u{0}"
        let problem = "line one\nline\ttwo\r\u{FFFE} & <done>"
        let scene = SceneResult(name: name, sceneFile: URL(fileURLWithPath: "/scenes/odd.json"), problems: [problem])
        let xml = JUnitReport.render(GoldenRunResult(scenes: [scene]), suiteName: "s&<\">")
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && !["\n", "\t", "\r"].contains($0) })
        let document = try XMLDocumentSummary(xml)
        #expect(document.elements(named: "testsuite").first?.attributes["name"] == "s&<\">")
        let testCase = try #require(document.elements(named: "testcase").first)
        #expect(testCase.attributes["name"] == "odd/a<b>&\"c\" 'd'")
        #expect(testCase.attributes["classname"] == "s&<\">.odd")
        let error = try #require(document.elements(named: "error").first)
        #expect(error.attributes["message"] == "line one\nline\ttwo\r & <done>")
        #expect(error.text.contains("problem: line one\nline\ttwo\r & <done>"))
    }

    @Test func writesTheFileAtomically() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("JUnitReportTests-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("reports/junit.xml")
        try JUnitReport.write(Self.run(), to: url)
        let written = try #require(FileManager.default.contents(atPath: url.path))
        #expect(String(decoding: written, as: UTF8.self) == JUnitReport.render(Self.run()))
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path) == ["junit.xml"])
    }
}

/// The elements of an XML document in document order, parsed with Foundation's XMLParser.
private struct XMLDocumentSummary {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text: String
    }

    var elements: [Element]

    /// Parses `xml`; throws when XMLParser rejects it.
    init(_ xml: String) throws {
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = Collector()
        parser.delegate = collector
        let parsed = parser.parse()
        try #require(parsed, "XMLParser failed: \(String(describing: parser.parserError))")
        elements = collector.elements
    }

    func elements(named name: String) -> [Element] {
        elements.filter { $0.name == name }
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        private var open: [Int] = []

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            open.append(elements.count)
            elements.append(Element(name: elementName, attributes: attributeDict, text: ""))
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            open.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let index = open.last { elements[index].text += string }
        }
    }
}
