import AnimScene
import Foundation
import Testing

/// Scene files that cannot be read: each failure is one error naming the file, with the same text
/// whichever module reads the bytes.
struct SceneFileReadingTests {
    func loadError(_ path: String) -> String? {
        do {
            _ = try SceneLoader.load(path: path)
            return nil
        } catch {
            return error.errors.count == 1 ? error.errors[0].description : "\(error.errors)"
        }
    }

    @Test func missingUnreadableAndOversizedFilesAreOneErrorNamingTheFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-reading-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("missing.json").path
        #expect(loadError(missing) == "\(missing): cannot open the scene file: No such file or directory")
        #expect(loadError(dir.path) == "\(dir.path): cannot read the scene file: Is a directory")
        let big = dir.appendingPathComponent("big.json")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 64 * 1024 * 1024 + 1)  // sparse: no disk space used
        try handle.close()
        #expect(loadError(big.path) == "\(big.path): the scene file is larger than 64 MiB")
        #expect(SceneLoader.source(path: missing) == nil)
    }
}
