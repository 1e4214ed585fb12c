#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks on the output paths of one command before anything is drawn: none is empty, none is the
/// scene file, and no two name the same file (two spellings, a symbolic or hard link included).
public enum OutputPaths {
    /// The first problem, as a sentence naming the options, or nil. `outputs` pairs each option
    /// ("--gif") with its path; "-" (standard output, standard input) never conflicts.
    public static func problem(scene: String, outputs: [(option: String, path: String)]) -> String? {
        if let empty = outputs.first(where: { $0.path.isEmpty }) {
            return "\(empty.option) needs a path, not an empty string"
        }
        let named = outputs.filter { $0.path != "-" }
        let sceneFile = scene == "-" ? nil : identity(scene)
        for (k, output) in named.enumerated() {
            let id = identity(output.path)
            if id == sceneFile {
                var st = stat()
                let folder = stat(scene, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
                return "\(output.option) \(output.path) would overwrite the scene \(folder ? "folder" : "file") \(scene)"
            }
            if let other = named[..<k].first(where: { identity($0.path) == id }) {
                return "\(other.option) and \(output.option) name the same file (\(output.path)); give each output its own path"
            }
        }
        for folder in named where folder.option == "--png-dir" {
            if let output = named.first(where: { $0.option != "--png-dir" && isFrameFile($0.path, in: folder.path) }) {
                return "\(output.option) \(output.path) is a frame file of --png-dir \(folder.path), which would overwrite it; "
                    + "give it a path outside that folder or another name"
            }
        }
        return nil
    }

    /// Whether `path` is a file `--png-dir folder` writes frames as: frame_….png directly in it.
    static func isFrameFile(_ path: String, in folder: String) -> Bool {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let slash = trimmed.lastIndex(of: "/")
        let name = slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
        guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return false }
        let parent = slash.map { $0 == trimmed.startIndex ? "/" : String(trimmed[..<$0]) } ?? "."
        return identity(parent) == identity(folder)
    }

    /// What each output writes, and the file name endings that format goes by.
    static let formats: [String: (name: String, endings: [String])] = [
        "--gif": ("a GIF", ["gif"]), "--apng": ("an animated PNG", ["png", "apng"]),
        "--webp": ("an animated WebP", ["webp"]), "--mp4": ("an MP4 video", ["mp4", "m4v", "mov"]),
        "--webm": ("a WebM video", ["webm"]), "--png": ("a PNG", ["png"]), "--contact-sheet": ("a PNG", ["png"]),
    ]

    /// A warning for each output whose name ends in another format's ending ("--gif o1.png"): the
    /// file is still written in the option's format. Names without an ending are not questioned.
    public static func warnings(outputs: [(option: String, path: String)]) -> [String] {
        outputs.compactMap { output in
            guard let format = formats[output.option], output.path != "-",
                  let dot = output.path.lastIndex(of: "."),
                  !output.path[dot...].contains("/") else { return nil }
            let ending = output.path[output.path.index(after: dot)...].lowercased()
            guard !ending.isEmpty, !format.endings.contains(ending) else { return nil }
            return "warning: \(output.option) writes \(format.name), but \(output.path) ends in .\(ending)"
        }
    }

    /// What names one file: device and inode when it exists, else the real path of its folder
    /// followed by its name.
    static func identity(_ path: String) -> String {
        var st = stat()
        if stat(path, &st) == 0 { return "inode \(st.st_dev):\(st.st_ino)" }
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let slash = trimmed.lastIndex(of: "/")
        let folder = slash.map { $0 == trimmed.startIndex ? "/" : String(trimmed[..<$0]) } ?? "."
        let name = slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
        guard let real = realpath(folder, nil) else { return "path " + trimmed }
        defer { free(real) }
        return "path " + String(cString: real) + "/" + name
    }
}
