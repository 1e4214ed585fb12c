import Foundation

/// Every scene under Scenes/, found from the file tree (no hand-kept list), sorted by path.
public enum SceneCatalog {
    /// A scene file: its path relative to Scenes/ without ".json" (e.g. "timing/rocket-linear").
    public struct Entry: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        public var file: URL { RepositoryPaths.scenes.appendingPathComponent(name + ".json") }
        public var goldenFolder: URL { RepositoryPaths.goldens.appendingPathComponent(name) }
        public var description: String { name }
    }

    public static var all: [Entry] {
        relativeFiles(under: RepositoryPaths.scenes, suffix: ".json").map { Entry(name: String($0.dropLast(5))) }
    }

    /// Names of golden folders (relative to Goldens/) that hold PNG files.
    public static var goldenFolders: [String] {
        Set(relativeFiles(under: RepositoryPaths.goldens, suffix: ".png").map {
            ($0 as NSString).deletingLastPathComponent
        }).sorted()
    }

    static func relativeFiles(under root: URL, suffix: String) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var out: [String] = []
        while let path = e.nextObject() as? String {
            if path.hasSuffix(suffix) && !path.hasPrefix(".") { out.append(path) }
        }
        return out.sorted()
    }
}
