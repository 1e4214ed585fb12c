import AnimCodecs

/// Reads a scene file whole (with AnimCodecs' ``FileReader``), failures as the message the user sees.
enum SceneFileReader {
    struct Failure: Error {
        var reason: String
    }

    /// The largest scene file read (64 MiB).
    static let maxSize = 64 * 1024 * 1024

    /// Standard input, read whole (as /dev/stdin, so that a file or a pipe reads the same).
    static func readStandardInput() throws(Failure) -> [UInt8] {
        guard StandardStreams.isStandardInputReadable else { throw Failure(reason: "cannot read standard input: it is closed") }
        return try read("/dev/stdin")
    }

    static func read(_ path: String) throws(Failure) -> [UInt8] {
        do {
            return try FileReader.contents(of: path, maxSize: maxSize)
        } catch {
            switch error {
            case let .open(reason): throw Failure(reason: "cannot open the scene file: \(reason)")
            case let .read(reason): throw Failure(reason: "cannot read the scene file: \(reason)")
            case .tooLarge: throw Failure(reason: "the scene file is larger than 64 MiB")
            }
        }
    }
}
