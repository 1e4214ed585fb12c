import AnimGolden
import Foundation
import Testing

/// How scene files are found and named (the name picks the golden folder).
struct SceneDiscoveryTests {
    func names(_ found: [(name: String, file: URL)]) -> [String] { found.map(\.name) }

    @Test func namesAreRelativeToTheScenesFolder() throws {
        let folder = try TemporaryFolder("discover")
        defer { folder.remove() }
        for path in ["Scenes/seeds/shake.json", "Scenes/seeds/cart.json", "Scenes/top.json", "Scenes/.hidden/x.json",
                     "Scenes/seeds/.draft.json", "Scenes/seeds/notes.txt", "Other/area/one.json"] {
            try folder.write("{}", to: path)
        }
        let scenes = folder.url.appendingPathComponent("Scenes")
        #expect(names(GoldenRunner.discoverScenes(in: [scenes])) == ["seeds/cart", "seeds/shake", "top"])
        // A subfolder or a single file keeps the name it has under Scenes/.
        #expect(names(GoldenRunner.discoverScenes(in: [scenes.appendingPathComponent("seeds")])) == ["seeds/cart", "seeds/shake"])
        let shake = scenes.appendingPathComponent("seeds/shake.json")
        #expect(names(GoldenRunner.discoverScenes(in: [shake])) == ["seeds/shake"])
        // Named twice, listed once.
        #expect(names(GoldenRunner.discoverScenes(in: [shake, scenes])) == ["seeds/cart", "seeds/shake", "top"])
        // Without a Scenes folder the given folder is the root; an explicit root wins.
        let other = folder.url.appendingPathComponent("Other")
        #expect(names(GoldenRunner.discoverScenes(in: [other])) == ["area/one"])
        #expect(names(GoldenRunner.discoverScenes(in: [other.appendingPathComponent("area/one.json")])) == ["one"])
        #expect(names(GoldenRunner.discoverScenes(in: [other.appendingPathComponent("area/one.json")], root: other)) == ["area/one"])
        #expect(names(GoldenRunner.discoverScenes(in: [scenes.appendingPathComponent("seeds")], root: scenes.appendingPathComponent("seeds")))
                == ["cart", "shake"])
    }

    /// A symbolic link to a folder is not entered (one pointing up would never end), a link to a
    /// scene file counts as a file, and a folder is found through a link given by name.
    @Test func linksToFoldersAreNotEntered() throws {
        let folder = try TemporaryFolder("links")
        defer { folder.remove() }
        try folder.write("{}", to: "Scenes/a/x.json")
        try folder.write("{}", to: "Scenes/b/y.json")
        let scenes = folder.url.appendingPathComponent("Scenes")
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: scenes.path + "/a/up", withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: scenes.path + "/a/b", withDestinationPath: "../b")
        try fm.createSymbolicLink(atPath: scenes.path + "/a/z.json", withDestinationPath: "x.json")
        #expect(names(GoldenRunner.discoverScenes(in: [scenes])) == ["a/x", "a/z", "b/y"])
        #expect(GoldenRunner.isFolder(scenes.appendingPathComponent("a/b")))
        #expect(!GoldenRunner.isFolder(scenes.appendingPathComponent("a/z.json")))
    }

    @Test func aMissingFileIsKeptSoItFailsToLoad() throws {
        let folder = try TemporaryFolder("missing")
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("Scenes/nope.json")
        let found = GoldenRunner.discoverScenes(in: [file])
        #expect(names(found) == ["nope"])
        let result = GoldenRunner.run(scenes: found, options: GoldenRunOptions(
            goldens: folder.url.appendingPathComponent("Goldens"), artifacts: folder.url.appendingPathComponent("Artifacts"),
            record: .never))
        #expect(!result.passed)
        #expect(result.scenes[0].problems.first?.contains("cannot open the scene file") == true)
    }
}
