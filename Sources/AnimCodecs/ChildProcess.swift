#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program started with its standard input on a pipe we write to and its standard error
/// captured in an unlinked temporary file (so it can never fill a pipe and block).
final class ChildProcess {
    let name: String
    private var pid: pid_t = 0
    /// The process, registered with ``Interruption`` while it runs.
    private var token: Interruption.Token?
    private var input: Int32 = -1
    private let errorFile: Int32

    /// The full path of `program` on PATH, or nil.
    static func find(_ program: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") where access("\(dir)/\(program)", X_OK) == 0 {
            return "\(dir)/\(program)"
        }
        return nil
    }

    /// Starts `executable` with `arguments` (argv[0] excluded).
    init(_ executable: String, _ arguments: [String]) throws(CodecError) {
        name = String(executable.split(separator: "/").last ?? "")
        signal(SIGPIPE, SIG_IGN)  // a child that exits early must give EPIPE, not kill us
        var template = Array("/tmp/animrender-\(name)-XXXXXX".utf8CString)
        errorFile = mkstemp(&template)
        guard errorFile >= 0 else { throw .tool("cannot start \(name): \(SystemError.lastMessage())") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            close(errorFile)
            throw .tool("cannot start \(name): \(SystemError.lastMessage())")
        }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        var status: Int32 = 0
        // Started and registered under one lock: an interruption cannot fall between the two.
        token = Interruption.register(spawning: {
            status = spawn(executable, arguments, stdin: fds[0])
            return status == 0 ? pid : nil
        })
        close(fds[0])
        guard status == 0 else {
            close(fds[1])
            close(errorFile)
            throw .tool("cannot start \(executable): \(SystemError.message(status))")
        }
        input = fds[1]
    }

    deinit {
        if input >= 0 { close(input) }
        if pid > 0 {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        if let token { Interruption.deregister(token) }
        close(errorFile)
    }

    private func spawn(_ executable: String, _ arguments: [String], stdin: Int32) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, errorFile, 2)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        return posix_spawn(&pid, executable, &actions, nil, argv, environ)
    }

    /// Writes every byte to the child's standard input.
    func write(_ bytes: UnsafeRawBufferPointer) throws(CodecError) {
        var offset = 0
        while offset < bytes.count {
            let n = systemWrite(input, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                let reason = SystemError.lastMessage()
                throw .tool("\(name) stopped reading its input (\(reason))\(finishQuietly())")
            }
            offset += n
        }
    }

    private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
        #else
        Darwin.write(fd, buffer, count)
        #endif
    }

    /// Closes its input and waits; throws with its standard error when it exits non-zero.
    func finish() throws(CodecError) {
        close(input)
        input = -1
        let status = wait()
        guard status == 0 else { throw .tool("\(name) failed (exit status \(status)): \(errorText())") }
    }

    private func finishQuietly() -> String {
        close(input)
        input = -1
        _ = wait()
        return ": " + errorText()
    }

    /// The exit status (128 + signal when killed).
    private func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        pid = 0
        if let token { Interruption.deregister(token) }
        token = nil
        if status & 0x7F == 0 { return (status >> 8) & 0xFF }
        return 128 + (status & 0x7F)
    }

    /// The last lines it wrote to standard error.
    private func errorText() -> String {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let size = lseek(errorFile, 0, SEEK_END)
        lseek(errorFile, max(0, size - 4096), SEEK_SET)
        let n = bytes.withUnsafeMutableBytes { read(errorFile, $0.baseAddress, $0.count) }
        let text = String(decoding: bytes.prefix(max(0, n)), as: UTF8.self)
        return text.split(separator: "\n").suffix(5).joined(separator: "; ")
    }
}
