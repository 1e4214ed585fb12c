import AnimCodecs
import Foundation
import Testing

/// `mkdir -p` for outputs: the folders made, undone on failure, a file in the way named, and each
/// folder registered with `Interruption` only until its output is done with.
struct CreatedFoldersTests {
    let folder: String

    init() throws {
        folder = try AtomicFileTests.temporaryFolder()
    }

    /// What is registered under this test's folder (other tests register their own meanwhile).
    func registered() -> [Interruption.Cleanup] {
        Interruption.pending.filter { cleanup in
            if case let .emptyFolder(path) = cleanup { return path.hasPrefix(folder + "/") }
            return false
        }
    }

    @Test func createDirectoryMakesParentsAndAcceptsExistingFolders() throws {
        let nested = folder + "/a/b/c"
        try AtomicFile.createDirectory(nested).keep()
        try AtomicFile.createDirectory(nested + "/").keep()
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: nested, isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test func createDirectoryReportsTheFoldersItMadeAndUndoesThemOnFailure() throws {
        try AtomicFile.createDirectory(folder + "/old").keep()
        let made = try AtomicFile.createDirectory(folder + "/old/a/b")
        #expect(made.paths == [folder + "/old/a", folder + "/old/a/b"])
        #expect(try AtomicFile.createDirectory(folder + "/old/a/b").paths == [])
        made.remove()
        #expect(AtomicFileTests.listing(folder) == ["old"] && AtomicFileTests.listing(folder + "/old") == [])
        // "x" is made, then a name too long for the file system fails: "x" is removed again.
        let tooLong = folder + "/x/" + String(repeating: "n", count: 300)
        #expect(throws: CodecError.io(path: tooLong, reason: "File name too long")) { try AtomicFile.createDirectory(tooLong) }
        #expect(AtomicFileTests.listing(folder) == ["old"])
        // A folder that is not empty stays, and so do those around it.
        let pq = try AtomicFile.createDirectory(folder + "/p/q")
        try AtomicFile.write([1], to: folder + "/p/q/file")
        pq.remove()
        #expect(AtomicFileTests.listing(folder + "/p") == ["q"])
    }

    @Test func aFileInTheWayIsNamedNotTheFolderAsked() throws {
        try AtomicFile.write([1], to: folder + "/a")
        #expect(throws: CodecError.io(path: folder + "/a/b/c", reason: folder + "/a is a file, not a folder")) {
            try AtomicFile.createDirectory(folder + "/a/b/c")
        }
        #expect(throws: CodecError.io(path: folder + "/a", reason: "is a file, not a folder")) { try AtomicFile.createDirectory(folder + "/a") }
        // The made parents are removed again when a file deeper down is in the way.
        try AtomicFile.createDirectory(folder + "/d").keep()
        try AtomicFile.write([1], to: folder + "/d/f")
        #expect(throws: CodecError.io(path: folder + "/d/f/g", reason: folder + "/d/f is a file, not a folder")) {
            try AtomicFile.createDirectory(folder + "/d/f/g")
        }
        // Writing a file whose folder runs through a file ("Not a directory") names it too.
        #expect(throws: CodecError.io(path: folder + "/a/b/out.gif", reason: folder + "/a is a file, not a folder")) {
            try AtomicFile.write([1], to: folder + "/a/b/out.gif")
        }
        #expect(registered().isEmpty)
        #expect(AtomicFileTests.listing(folder) == ["a", "d"])
    }

    @Test func foldersStayRegisteredOnlyUntilTheirOutputIsDone() throws {
        let made = try AtomicFile.createDirectory(folder + "/x/y")
        #expect(registered() == [.emptyFolder(folder + "/x"), .emptyFolder(folder + "/x/y")], "an interruption now would remove them")
        made.keep()
        #expect(registered().isEmpty, "the output is complete: they are not the interruption's business any more")
        #expect(AtomicFileTests.listing(folder + "/x") == ["y"])
        let failed = try AtomicFile.createDirectory(folder + "/p/q")
        failed.remove()
        #expect(registered().isEmpty && AtomicFileTests.listing(folder) == ["x"])
        try AtomicFile.writeCreatingFolders([1, 2], to: folder + "/m/n/file")
        #expect(registered().isEmpty && AtomicFileTests.listing(folder + "/m/n") == ["file"])
    }
}
