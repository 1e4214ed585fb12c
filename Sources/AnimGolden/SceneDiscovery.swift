#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation  // Darwin's, which brings the C library
#endif

extension GoldenRunner {
    /// Whether `url` names a folder (following a symbolic link), as discovery decides it.
    public static func isFolder(_ url: URL) -> Bool { SceneFiles.isDirectory(url) }

    /// The scene files named by `paths`, each with the name its goldens are filed under
    /// (`<goldens>/<name>/`), sorted by name; a file named twice is listed once.
    ///
    /// A folder contributes every `*.json` under it, recursively (hidden files and folders are
    /// skipped); anything else is taken as a scene file, even if it does not exist, so a mistyped
    /// path fails to load instead of vanishing. A scene's name is its path without `.json`, relative
    /// to its *scenes root*: `root` when given and the file lies inside it; otherwise the nearest
    /// enclosing folder (the folder itself included) named `Scenes` or `scenes`; otherwise the folder
    /// given (for a file: its parent folder). So `animrender test Scenes --goldens Goldens`,
    /// `animrender test Scenes/seeds` and `animrender test Scenes/seeds/shake.json` all file shake's
    /// goldens under `Goldens/seeds/shake/`, while `animrender test MyScenes` names its scenes
    /// relative to `MyScenes`.
    public static func discoverScenes(in paths: [URL], root: URL? = nil) -> [(name: String, file: URL)] {
        var seen = Set<String>()
        var found: [(name: String, file: URL)] = []
        for path in paths.map(\.standardizedFileURL) {
            let isFolder = SceneFiles.isDirectory(path)
            let files = isFolder ? SceneFiles.jsonFiles(under: path) : [path]
            let fallback = isFolder ? path : path.deletingLastPathComponent()
            for file in files where seen.insert(file.path).inserted {
                found.append((SceneFiles.name(of: file, root: root, fallback: fallback), file))
            }
        }
        return found.sorted { $0.name != $1.name ? $0.name < $1.name : $0.file.path < $1.file.path }
    }

    /// Golden folders (relative to `goldens`) that hold PNG files but belong to none of `scenes`,
    /// sorted: goldens left behind by a renamed or deleted scene. Only meaningful when `scenes` is
    /// the whole set the goldens folder serves.
    public static func orphanGoldenFolders(goldens: URL, scenes: [(name: String, file: URL)]) -> [String] {
        let names = Set(scenes.map(\.name))
        let root = goldens.standardizedFileURL
        let folders = SceneFiles.files(under: root, suffix: ".png").map {
            SceneFiles.relativePath(of: $0.deletingLastPathComponent(), to: root) ?? ""
        }
        return Set(folders).subtracting(names).filter { !$0.isEmpty }.sorted()
    }
}

/// File-tree helpers for scene discovery.
enum SceneFiles {
    /// Folder names that mark the root scene names are relative to.
    static let rootNames: Set<String> = ["Scenes", "scenes"]

    /// Whether `url` names a folder, or a symbolic link to one (stat(2), so the same with
    /// FoundationEssentials and with Foundation).
    static func isDirectory(_ url: URL) -> Bool {
        var st = stat()
        return stat(url.path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
    }

    static func jsonFiles(under folder: URL) -> [URL] {
        files(under: folder, suffix: ".json")
    }

    /// Regular files under `folder` whose names end in `suffix`, skipping hidden files and folders.
    static func files(under folder: URL, suffix: String) -> [URL] {
        var out: [URL] = []
        for relative in visiblePaths(under: folder.path) where relative.hasSuffix(suffix) {
            let url = folder.appendingPathComponent(relative)
            if !isDirectory(url) { out.append(url.standardizedFileURL) }
        }
        return out.sorted { $0.path < $1.path }
    }

    /// Every path below `folder` (relative to it), without hidden names and without entering
    /// symbolic links to folders. A folder that cannot be read is passed over, so one unreadable
    /// folder does not hide the others' scenes (FileManager's `subpathsOfDirectory` gives up whole).
    static func visiblePaths(under folder: String) -> [String] {
        var out: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            guard let dir = opendir(relative.isEmpty ? folder : folder + "/" + relative) else { continue }
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard !name.hasPrefix(".") else { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                out.append(path)
                var st = stat()
                if lstat(folder + "/" + path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR { pending.append(path) }
            }
        }
        return out
    }

    /// The scene name of `file`: relative to `root` if inside it, else to the nearest enclosing
    /// scenes folder, else to `fallback`; without ".json".
    static func name(of file: URL, root: URL?, fallback: URL) -> String {
        let base = root.flatMap { relativePath(of: file, to: $0.standardizedFileURL) != nil ? $0.standardizedFileURL : nil }
            ?? scenesFolder(enclosing: fallback) ?? fallback
        let relative = relativePath(of: file, to: base) ?? file.lastPathComponent
        return relative.hasSuffix(".json") ? String(relative.dropLast(5)) : relative
    }

    /// The nearest folder named Scenes/scenes among `folder` and its ancestors.
    static func scenesFolder(enclosing folder: URL) -> URL? {
        var current = folder
        while current.pathComponents.count > 1 {
            if rootNames.contains(current.lastPathComponent) { return current }
            current = current.deletingLastPathComponent()
        }
        return nil
    }

    /// `url`'s path relative to `base` ("a/b.json"), or nil when it is not strictly inside `base`.
    static func relativePath(of url: URL, to base: URL) -> String? {
        let parts = url.pathComponents, baseParts = base.pathComponents
        guard parts.count > baseParts.count, Array(parts.prefix(baseParts.count)) == baseParts else { return nil }
        return parts.dropFirst(baseParts.count).joined(separator: "/")
    }
}
