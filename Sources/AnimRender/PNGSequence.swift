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

    /// Moves every staged frame into the target folder (all of them, even if interrupted meanwhile).
    func commit() throws(CodecError) {
        try Interruption.critical { () throws(CodecError) in
            for name in names where rename(staging + "/" + name, directory + "/" + name) != 0 {
                let reason = String(cString: strerror(errno))
                discard()
                throw .io(path: directory + "/" + name, reason: reason)
            }
            rmdir(staging)
            Interruption.deregister(stagingToken)
            createdDirectories.keep()
        }
    }

    /// Removes everything this sequence wrote.
    func discard() {
        for name in names { unlink(staging + "/" + name) }
        rmdir(staging)
        Interruption.deregister(stagingToken)
        createdDirectories.remove()
    }
}
