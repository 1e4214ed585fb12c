import AnimEngine
import AnimFonts
import AnimGeometry
import AnimLayers
import AnimScene
import Foundation
import Testing

/// CATextLayer's keys, the text catalog built at load, and bad fonts reported where they are named.
struct TextDecodingTests {
    let base = SceneDecoderTests()

    @Test func decodesTextKeysWithAppleDefaults() throws {
        let scene = try base.decode("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a", "type": "text"},
                        {"id": "b", "type": "text", "string": "Hi", "fontSize": 12, "foregroundColor": "red",
                         "alignmentMode": "center", "wrapped": true, "truncationMode": "middle"}],
             "timeline": [{"at": 0.5, "set": {"a": {"string": "Later", "isWrapped": true, "alignmentMode": "justified"}}}]}
            """)
        let a = scene.timeline.model.nodes[0].properties
        #expect(a.kind == .text)
        #expect(a.text == LayerText())
        #expect(a.text.string == nil && a.text.fontSize == 36 && a.text.foregroundColor == .white)
        #expect(a.text.alignmentMode == .natural && !a.text.isWrapped && a.text.truncationMode == .none)
        let b = scene.timeline.model.nodes[1].properties.text
        #expect(b.string == "Hi" && b.fontSize == 12 && b.foregroundColor == Color(red: 1, green: 0, blue: 0))
        #expect(b.alignmentMode == .center && b.isWrapped && b.truncationMode == .middle)
        let later = scene.timeline.presentation(at: 1).nodes[0].properties.text
        #expect(later.string == "Later" && later.isWrapped && later.alignmentMode == .justified)
        // Both strings, the one set later included, are shaped with the default font at load.
        let catalog = scene.text
        #expect(catalog.defaultFont == DefaultFont.key)
        #expect(catalog.lookup(font: nil, string: "Hi")?.text.paragraphs.first?.count == 2)
        #expect(catalog.lookup(font: nil, string: "Later")?.text.paragraphs.first?.count == 5)
        #expect(catalog.faces.count == 1)
    }

    /// A string with characters no font of the scene has gets a warning where it first appears
    /// (it still loads and renders, with .notdef boxes); white space, tabs and strings the font
    /// covers get none.
    @Test func charactersNoFontHasAreWarnedAbout() throws {
        let scene = try base.decode("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a", "type": "text", "string": "Hi\\tthere"},
                        {"id": "b", "type": "text", "string": "Hi 中文中😀"}],
             "timeline": [{"at": 0.5, "set": {"a": {"string": "カ"}}}]}
            """)
        #expect(scene.warnings.map { $0.path?.description } == ["layers[1].string", "timeline[0].set.a.string"])
        #expect(scene.warnings.first?.message == "no font of the scene has a glyph for 中 (U+4E2D) and 2 more characters: they draw as the font's .notdef box",
                "\(scene.warnings)")
        #expect(scene.warnings.last?.message.hasPrefix("no font of the scene has a glyph for カ (U+30AB): ") == true)
        #expect(scene.warnings.allSatisfy { $0.file == "scene.json" && $0.location != nil })
        // Right-to-left text is drawn left to right: said where it is (the default font has no
        // Hebrew either, so that warning comes first).
        let arabic = try base.decode(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"id": "a", "type": "text", "string": "שלום"}]}"#)
        #expect(arabic.warnings.map(\.message).last == "right-to-left text (ש, U+05E9) is drawn left to right: there is no bidirectional reordering",
                "\(arabic.warnings)")
        // A byte-order mark (U+FEFF, past the Arabic presentation forms) is not right-to-left;
        // the right-to-left mark is.
        let bom = try base.decode(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"id": "a", "type": "text", "string": "\ufeffAB"}]}"#)
        #expect(bom.warnings.isEmpty, "\(bom.warnings)")
        let mark = try base.decode(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"id": "a", "type": "text", "string": "A\u200fB"}]}"#)
        #expect(mark.warnings.map(\.message).last?.contains("U+200F") == true, "\(mark.warnings)")
    }

    @Test func fontSizeAndForegroundColorAnimate() throws {
        let scene = try base.decode("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a", "type": "text", "string": "x",
                         "animations": [{"keyPath": "fontSize", "fromValue": 10, "toValue": 30, "duration": 1},
                                        {"keyPath": "foregroundColor", "fromValue": "black", "toValue": "white", "duration": 1}]}]}
            """)
        let p = scene.timeline.presentation(at: 0.5).nodes[0].properties.text
        #expect(abs(p.fontSize - 20) < 1e-9)
        #expect(abs(p.foregroundColor.red - 0.5) < 1e-9)
    }

    @Test func sceneWithoutTextLoadsNoFont() throws {
        let scene = try base.decode("{\"canvas\": {\"width\": 10, \"height\": 10}, \"layers\": [{\"id\": \"a\"}]}")
        #expect(scene.text.faces.isEmpty)
    }

    @Test func namedFontIsResolvedNextToTheScene() throws {
        let dir = NSTemporaryDirectory() + "animrender-text-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(FileManager.default.createFile(atPath: dir + "/copy.otf", contents: Data(DefaultFont.bytes)))
        let json = "{\"canvas\": {\"width\": 1, \"height\": 1}, \"layers\": [{\"id\": \"a\", \"type\": \"text\", \"font\": \"copy.otf\", \"string\": \"Yo\"}]}"
        let scene = try SceneLoader.decode(Array(json.utf8), file: dir + "/scene.json")
        let key = try #require(scene.timeline.model.nodes[0].properties.text.font)
        #expect(key == dir + "/copy.otf")
        #expect(scene.text.lookup(font: key, string: "Yo")?.face.path == key)
    }

    /// Shaping keeps every glyph's outline: a scene's different strings together have at most
    /// SceneLimits.maxTextCharacters characters (a string repeated counts once), and the string
    /// that goes past it is the error.
    @Test func textBeyondTheLimitIsLocated() {
        let half = String(repeating: "W", count: SceneLimits.maxTextCharacters / 2)
        func scene(_ strings: [String]) -> String {
            let layers = strings.enumerated().map { #"{"id": "t\#($0.offset)", "type": "text", "string": "\#($0.element)"}"# }
            return #"{"canvas": {"width": 10, "height": 10}, "layers": [\#(layers.joined(separator: ", "))]}"#
        }
        let e = base.errors(scene([half, half, half + "xy", "short"]))
        #expect(e.count == 1)
        #expect(e.first?.path?.description == "layers[2].string")
        #expect(e.first?.message == "the scene's strings have more than 200000 characters in all (this one has 100002)", "\(e.map(\.message))")
        // Exactly at the limit: the repeated string counts once.
        #expect((try? base.decode(scene([half, half, String(half.dropLast()) + "x"]))) != nil)
    }

    @Test func missingFontIsLocated() {
        let e = base.errors("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a", "type": "text", "string": "x", "font": "fonts/none.ttf"}]}
            """)
        #expect(e.count == 1)
        #expect(e.first?.file == "scene.json")
        #expect(e.first?.path?.description == "layers[0].font")
        #expect(e.first?.message.contains("cannot read the font file fonts/none.ttf: No such file or directory") == true,
                "\(e.map(\.message))")
    }

    /// A font file in the scene's (current) folder named like the built-in font's key is that
    /// file, not the built-in font: here it is missing, so it is an error.
    @Test func aFileNamedLikeTheBuiltInKeyIsAFile() {
        let e = base.errors("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a", "type": "text", "string": "x", "font": "built-in:Inter-Regular.otf"}]}
            """)
        #expect(e.count == 1)
        #expect(e.first?.message.contains("cannot read the font file ./built-in:Inter-Regular.otf") == true,
                "\(e.map(\.message))")
    }

    @Test func unsupportedFontIsLocated() throws {
        let path = NSTemporaryDirectory() + "animrender-not-a-font-\(getpid()).ttf"
        try Data(String(repeating: "this is not a font. ", count: 50).utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let e = base.errors("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a", "type": "text", "string": "x"}],
             "timeline": [{"at": 0, "set": {"a": {"font": "\(path)"}}}]}
            """)
        #expect(e.count == 1)
        #expect(e.first?.path?.description == "timeline[0].set.a.font")
        #expect(e.first?.message.contains("unsupported font \(path): FreeType does not know its format") == true,
                "\(e.map(\.message))")
    }

    @Test func textKeysOnOtherLayersAndBadValuesAreLocated() {
        let e = base.errors("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a", "string": "x", "fontSize": 3},
                        {"id": "b", "type": "text", "alignmentMode": "centre", "truncationMode": "tail", "string": 5}]}
            """)
        let paths = e.compactMap { $0.path?.description }
        #expect(e.count == 5, "\(e.map(\.message))")
        #expect(e.contains { $0.message.contains("CATextLayer property") && $0.path?.description == "layers[0].string" && $0.hint == "add \"type\": \"text\"" })
        #expect(paths.contains("layers[0].fontSize"))
        #expect(e.contains { $0.path?.description == "layers[1].alignmentMode" && $0.hint == "did you mean 'center'?" })
        #expect(paths.contains("layers[1].truncationMode"))
        #expect(paths.contains("layers[1].string"))
    }

    /// A `set` or an `animate` change reaches a layer declared elsewhere: its class's keys are
    /// checked against that layer's type as on the layer object itself.
    @Test func textKeysInSetAndAnimateOnOtherLayersAreRefused() {
        let e = base.errors("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a"}, {"id": "t", "type": "text"}],
             "timeline": [{"at": 0, "set": {"a": {"string": "x", "opacity": 1}, "t": {"string": "y", "strokeColor": "red"}}},
                          {"at": 0, "animate": {"duration": 1, "changes": {"a": {"foregroundColor": "red"}}}}]}
            """)
        #expect(e.count == 3, "\(e.map(\.description))")
        #expect(e.contains { $0.file == "scene.json" && $0.path?.description == "timeline[0].set.a.string"
                && $0.message == "'string' is a CATextLayer property; layer 'a' is of type 'layer'"
                && $0.hint == "add \"type\": \"text\" to layer 'a' (declared at layers[0].id)" }, "\(e.map(\.description))")
        #expect(e.contains { $0.path?.description == "timeline[0].set.t.strokeColor" && $0.message.contains("CAShapeLayer property") })
        #expect(e.contains { $0.path?.description == "timeline[1].animate.changes.a.foregroundColor" })
    }
}
