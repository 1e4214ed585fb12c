import AnimTestFolders
import Foundation

/// Runs the built `animrender` binary and captures what it printed.
public struct CommandResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Standard output's bytes as written (for binary output to "-").
    public var stdoutBytes: [UInt8] = []
}

public enum CommandRunner {
    /// - Parameter environment: extra variables on top of this process's environment.
    /// - Parameter input: what standard input gives (nothing: the test process's own).
    /// - Parameter output: where standard output goes instead of the captured pipe (a terminal, say).
    public static func run(_ arguments: [String], in directory: URL? = nil,
                           environment: [String: String] = [:], input: [UInt8]? = nil,
                           output: FileHandle? = nil) throws -> CommandResult {
        let process = Process()
        process.executableURL = RepositoryPaths.executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = childEnvironment(environment)
        let out = Pipe(), err = Pipe()
        process.standardOutput = output ?? out
        process.standardError = err
        if let input { process.standardInput = try inputFile(input) }
        try process.run()
        // Both pipes are drained at once: a child filling one while we wait on the other would block.
        let errData = ReadInBackground(err.fileHandleForReading)
        let outData = output == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus,
                             stdout: String(decoding: outData, as: UTF8.self),
                             stderr: String(decoding: errData.wait(), as: UTF8.self),
                             stdoutBytes: [UInt8](outData))
    }

    /// This process's environment with `extra` on top, and Swift's crash backtracer off unless
    /// `extra` sets it: a child that traps then exits at once with its signal and the runtime's
    /// "Fatal error" line, which a test reports as a failure. With the backtracer on, the trapped
    /// child's `swift-backtrace` helper kept its output pipes open and the test waited forever.
    public static func childEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        if extra["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        return environment
    }

    /// A file holding `bytes`, open for reading (already unlinked).
    private static func inputFile(_ bytes: [UInt8]) throws -> FileHandle {
        let url = try temporaryDirectory().appendingPathComponent("stdin")
        try Data(bytes).write(to: url)
        let handle = try FileHandle(forReadingFrom: url)
        try FileManager.default.removeItem(at: url.deletingLastPathComponent())
        return handle
    }

    /// A new empty temporary folder (removed with the others when the test process exits).
    public static func temporaryDirectory() throws -> URL {
        try TestFolders.make("animrender-test")
    }
}

/// Reads a pipe to its end on another thread.
private final class ReadInBackground: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
