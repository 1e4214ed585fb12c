import Foundation

/// Independent decoders installed on the machine (Pillow, ffprobe, dwebp): tests that need one are
/// skipped with a message naming it when it is missing (scripts/setup-test-tools.sh installs them).
public enum ExternalTools {
    /// The full path of `name` on PATH, or nil.
    public static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Whether python3 can import Pillow.
    public static let hasPillow: Bool = {
        guard let python = find("python3") else { return false }
        return (try? run(python, ["-c", "import PIL"]).status) == 0
    }()

    /// Whether python3's Pillow can read (animated) WebP.
    public static let hasPillowWebP: Bool = {
        guard hasPillow, let python = find("python3") else { return false }
        let check = "from PIL import features; import sys; sys.exit(0 if features.check('webp') else 1)"
        return (try? run(python, ["-c", check]).status) == 0
    }()

    /// Whether libwebp's command-line tools are installed (Debian package `webp`).
    public static let hasWebPTools = ["webpmux", "webpinfo", "dwebp"].allSatisfy { find($0) != nil }

    /// Runs `executable` with `arguments` and captures its output.
    public static func run(_ executable: String, _ arguments: [String]) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                             stderr: String(decoding: errData, as: UTF8.self))
    }

    /// `scripts/check-animation.py`'s key=value report of `animation` against the PNG frames in `frames`.
    public static func pillowReport(_ animation: URL, frames: URL, fps: Double, first: Int = 0) throws -> [String: String] {
        let script = RepositoryPaths.root.appendingPathComponent("scripts/check-animation.py").path
        let r = try run(find("python3")!, [script, animation.path, frames.path, String(fps), String(first)])
        guard r.status == 0 else { throw ToolFailure(message: r.stderr) }
        var report: [String: String] = [:]
        for pair in r.stdout.split(whereSeparator: \.isWhitespace) {
            let kv = pair.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { report[String(kv[0])] = String(kv[1]) }
        }
        return report
    }
}

/// An external tool failed; its standard error.
public struct ToolFailure: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
