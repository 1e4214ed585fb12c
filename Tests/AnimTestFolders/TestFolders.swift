import Foundation

/// The test processes' scratch folders, all under one folder per process that is removed when
/// the process exits: a full test run made about 500 folders in the temporary directory and left
/// them there.
public enum TestFolders {
    /// This process's folder, made on first use (in `TMPDIR`, as Foundation reads it).
    public static let root: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("animrender-tests-\(getpid())-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { TestFolders.remove(TestFolders.root) }
        return url
    }()

    /// A new empty folder under `root`, its name starting with `prefix`.
    public static func make(_ prefix: String) throws -> URL {
        let url = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Removes `folder` and everything in it, read-only folders (tests of refused writes) included.
    public static func remove(_ folder: URL) {
        let manager = FileManager.default
        if let walk = manager.enumerator(atPath: folder.path) {
            for case let path as String in walk {
                let full = folder.appendingPathComponent(path).path
                var isFolder: ObjCBool = false
                if manager.fileExists(atPath: full, isDirectory: &isFolder), isFolder.boolValue {
                    chmod(full, 0o755)
                }
            }
        }
        try? manager.removeItem(at: folder)
    }
}
