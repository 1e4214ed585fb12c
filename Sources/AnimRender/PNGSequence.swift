#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AnimCodecs

/// A folder of frame_00000.png, frame_00001.png, … written all-or-nothing: frames go to a hidden
/// staging folder inside the target and are moved into place only when every frame succeeded.
final class PNGSequence {
    let directory: String
    let staging: String
    private var names: [String] = []
    /// The staging folder, registered with ``Interruption`` until it is gone.
    private let stagingToken: Interruption.Token
    /// The folders of `directory` that did not exist before (`mkdir -p`), registered with
    /// ``Interruption`` until the sequence is committed or discarded.
    private let createdDirectories: CreatedFolders

    init(directory: String) throws(RenderError) {
        self.directory = directory
        do {
            createdDirectories = try AtomicFile.createDirectory(directory)
        } catch {
            throw .output(error)
        }
        staging = directory + "/.animrender-staging-\(getpid())"
        stagingToken = Interruption.register(.folder(staging))
        guard mkdir(staging, 0o755) == 0 else {
            let reason = String(cString: strerror(errno))
            Interruption.deregister(stagingToken)
            createdDirectories.remove()
            throw .output(.io(path: directory, reason: reason))
        }
    }

    static func fileName(_ index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// Stages frame `index`'s PNG bytes.
    func write(_ png: [UInt8], index: Int) throws(CodecError) {
        let name = Self.fileName(index)
        do {
            try AtomicFile.write(png, to: staging + "/" + name)
        } catch {
            // Name the frame's place in DIR, not the hidden staging folder.
            guard case let .io(_, reason) = error else { throw error }
            throw .io(path: directory + "/" + name, reason: reason)
        }
        names.append(name)
    }

    /// Moves every staged frame into the target folder (all of them, even if interrupted
    /// meanwhile), or none: the files it replaces are first moved aside into the staging folder,
    /// and when a frame cannot be moved in (a file of another user in a sticky folder, a folder of
    /// that name), the frames moved in are taken out again and the old files put back.
    func commit() throws(CodecError) {
        try Interruption.critical { () throws(CodecError) in
            var replaced: [String] = [], placed: [String] = []
            func undo(_ name: String, _ reason: String) -> CodecError {
                for n in placed { unlink(directory + "/" + n) }
                for n in replaced { rename(staging + "/old-" + n, directory + "/" + n) }
                discard()
                return .io(path: directory + "/" + name, reason: reason)
            }
            for name in names where Self.exists(directory + "/" + name) {
                if AtomicFile.isDirectory(directory + "/" + name) { throw undo(name, "is a directory") }
                guard rename(directory + "/" + name, staging + "/old-" + name) == 0 else {
                    throw undo(name, String(cString: strerror(errno)))
                }
                replaced.append(name)
            }
            for name in names {
                guard rename(staging + "/" + name, directory + "/" + name) == 0 else { throw undo(name, String(cString: strerror(errno))) }
                placed.append(name)
            }
            for name in replaced { unlink(staging + "/old-" + name) }
            rmdir(staging)
            Interruption.deregister(stagingToken)
            createdDirectories.keep()
        }
    }

    private static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// The frame files (`frame_NNNNN.png`) in `directory` whose indices lie outside `frames`,
    /// sorted: what an earlier, longer render left there.
    static func leftovers(in directory: String, outside frames: Range<Int>) -> [String] {
        guard let folder = opendir(directory) else { return [] }
        defer { closedir(folder) }
        var found: [(Int, String)] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { continue }
            let digits = name.dropFirst(6).dropLast(4)
            guard digits.count >= 5, digits.allSatisfy(\.isASCII), let index = Int(digits), digits.allSatisfy(\.isNumber),
                  fileName(index) == name, !frames.contains(index) else { continue }
            found.append((index, name))
        }
        return found.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Removes everything this sequence wrote (and the old files a failed commit did not put back).
    func discard() {
        for name in names { unlink(staging + "/" + name); unlink(staging + "/old-" + name) }
        rmdir(staging)
        Interruption.deregister(stagingToken)
        createdDirectories.remove()
    }
}
