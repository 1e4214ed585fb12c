@testable import AnimScene
import Foundation
import Testing

/// `contents` images: the spellings of one path name one image, decoded once, and a scene's images
/// together may hold at most `maxImagePixels` once decoded.
struct ImageReferenceTests {
    /// A folder holding star.png (96 × 96) and b.png (a copy), and a scene at `dir/scene.json`.
    func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("image-refs-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let star = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenes/images/star.png")
        try FileManager.default.copyItem(at: star, to: dir.appendingPathComponent("star.png"))
        try FileManager.default.copyItem(at: star, to: dir.appendingPathComponent("b.png"))
        return dir
    }

    func scene(_ contents: [String]) -> [UInt8] {
        let layers = contents.enumerated().map { #"{"id": "l\#($0.offset)", "contents": "\#($0.element)"}"# }
        return Array(#"{"canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [\#(layers.joined(separator: ", "))]}"#.utf8)
    }

    @Test func spellingsOfOnePathNameOneImage() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scene.json").path
        let s = try SceneLoader.decode(scene(["star.png", "./star.png", "././star.png", "sub/../star.png", ".//star.png"]), file: file)
        #expect(s.images.keys.sorted() == [dir.path + "/star.png", dir.path + "/sub/../star.png"])
        #expect(SceneDecoder.imageKey("/a//./b/./c.png") == "/a/b/c.png" && SceneDecoder.imageKey("./x.png") == "x.png")
    }

    @Test func theImagesTogetherHaveAPixelBudget() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scene.json").path
        func errors(maxPixels: Int) throws -> [SceneError] {
            let decoder = SceneDecoder(file: file)
            decoder.maxImagePixels = maxPixels
            _ = decoder.decodeScene(JSONReader(node: try JSONParser.parse(scene(["star.png", "b.png"])), path: .root, file: file))
            return decoder.errors
        }
        #expect(try errors(maxPixels: 2 * 96 * 96).isEmpty)
        let over = try errors(maxPixels: 2 * 96 * 96 - 1)
        #expect(over.map(\.path?.description) == ["layers[1].contents"])
        #expect(over.first?.message == "the contents images would hold 18432 pixels once decoded, with this one; "
            + "a scene's images may hold at most 18431 together")
    }
}
