import AnimCodecs
import AnimTestFolders
import Foundation
import Testing

struct AtomicFileTests {
    /// A fresh empty folder (removed with the others when the test process exits).
    static func temporaryFolder() throws -> String {
        try TestFolders.make("animcodecs").path
    }

    static func listing(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test func missingFolderThrowsAndLeavesNothing() throws {
        let folder = try Self.temporaryFolder()
        let path = folder + "/missing/out.png"
        #expect(throws: CodecError.io(path: path, reason: "No such file or directory")) {
            try AtomicFile.write([1, 2, 3], to: path)
        }
        #expect(Self.listing(folder).isEmpty)
        #expect(CodecError.io(path: path, reason: "No such file or directory").description.contains(path))
    }

    @Test func writeCreatesThenReplacesWithoutTemporaryFiles() throws {
        let folder = try Self.temporaryFolder()
        let path = folder + "/out.bin"
        try AtomicFile.write(Array("old contents".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("old contents".utf8))
        try AtomicFile.write([9, 8, 7], to: path)
        #expect(FileManager.default.contents(atPath: path) == Data([9, 8, 7]))
        try AtomicFile.write([], to: path)
        #expect(FileManager.default.contents(atPath: path) == Data())
        #expect(Self.listing(folder) == ["out.bin"])
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o600 } == 0o600)
    }

    @Test func failedRenameRemovesTheTemporaryFile() throws {
        let folder = try Self.temporaryFolder()
        let path = folder + "/taken"
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        #expect {
            try AtomicFile.write([1], to: path)
        } throws: { error in
            guard case let .io(failedPath, reason) = error as? CodecError else { return false }
            return failedPath == path && !reason.isEmpty
        }
        #expect(Self.listing(folder) == ["taken"])
    }

    @Test(.enabled(if: geteuid() != 0, "root ignores permissions"))
    func readOnlyFolderThrowsPermissionDenied() throws {
        let folder = try Self.temporaryFolder()
        chmod(folder, 0o555)
        defer { chmod(folder, 0o755) }
        #expect(throws: CodecError.io(path: folder + "/x", reason: "Permission denied")) {
            try AtomicFile.write([1], to: folder + "/x")
        }
        #expect(Self.listing(folder).isEmpty)
    }
}
