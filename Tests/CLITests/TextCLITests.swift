import AnimCodecs
import AnimTestSupport
import Foundation
import Testing

/// Text from the command line: the default font is found by the built binary, and a missing or
/// unsupported font file is a located error that writes nothing.
@Suite(.serialized)
struct TextCLITests {
    func write(_ json: String, in dir: URL) throws -> URL {
        let scene = dir.appendingPathComponent("text.json")
        try Data(json.utf8).write(to: scene)
        return scene
    }

    @Test func defaultFontRendersFromTheBinary() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let scene = try write("""
            {"canvas": {"width": 120, "height": 50, "background": "white"},
             "layers": [{"id": "t", "type": "text", "frame": [0, 0, 120, 50], "string": "Click me", "foregroundColor": "black"}]}
            """, in: dir)
        let png = dir.appendingPathComponent("t.png")
        let r = try CommandRunner.run([scene.path, "--frame", "0", "--png", png.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let image = try ImageDecoder.decode(contentsOf: png.path)
        let dark = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0] < 128 }.count
        // "Click me" at 36 pt: ink on several hundred pixels, all of it inside the 120 × 50 layer.
        #expect(dark > 300, "\(dark) dark pixels")
    }

    /// Characters no font of the scene has: the frame is still written (with .notdef boxes, as
    /// documented), and a located warning says so, unless --quiet.
    @Test func charactersNoFontHasAreAWarning() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let scene = try write("""
            {"canvas": {"width": 100, "height": 40},
             "layers": [{"id": "t", "type": "text", "string": "购物车"}]}
            """, in: dir)
        let png = dir.appendingPathComponent("t.png")
        let r = try CommandRunner.run([scene.path, "--frame", "0", "--png", png.path])
        #expect(r.status == 0 && FileManager.default.fileExists(atPath: png.path), "\(r.stderr)")
        #expect(r.stderr.hasPrefix("warning: \(scene.path):2:51: layers[0].string: no font of the scene has a glyph for 购 (U+8D2D) "
                                   + "and 2 more characters: they draw as the font's .notdef box"), "\(r.stderr)")
        let quiet = try CommandRunner.run([scene.path, "--frame", "0", "--png", png.path, "--quiet"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test func missingFontIsALocatedErrorAndNothingIsWritten() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let scene = try write("""
            {"canvas": {"width": 100, "height": 40},
             "layers": [{"id": "t", "type": "text", "string": "Hi",
                         "font": "fonts/Missing.ttf"}]}
            """, in: dir)
        let gif = dir.appendingPathComponent("out.gif")
        let r = try CommandRunner.run([scene.path, "--gif", gif.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("text.json:3:"), "\(r.stderr)")
        #expect(r.stderr.contains("layers[0].font"), "\(r.stderr)")
        #expect(r.stderr.contains("fonts/Missing.ttf: No such file or directory"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: gif.path))
    }

    @Test func unsupportedFontIsALocatedError() throws {
        let dir = try CommandRunner.temporaryDirectory()
        try Data([0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0]).write(to: dir.appendingPathComponent("image.ttf"))
        let scene = try write("""
            {"canvas": {"width": 100, "height": 40},
             "layers": [{"id": "t", "type": "text", "string": "Hi", "font": "image.ttf"}]}
            """, in: dir)
        let png = dir.appendingPathComponent("out.png")
        let r = try CommandRunner.run([scene.path, "--frame", "0", "--png", png.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("layers[0].font: unsupported font"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: png.path))
    }
}
