#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// What an interrupted command (Ctrl-C's SIGINT, a CI timeout's SIGTERM, SIGHUP) leaves behind:
/// nothing it had not finished.
///
/// Outputs register what they create before creating it (temporary files, staging folders,
/// ffmpeg processes) and deregister it once it is renamed into place or removed. After
/// ``install()``, such a signal wakes a thread that stops the child processes, removes what is
/// registered, newest first, and then ends the process by the same signal, so a shell sees it
/// was interrupted. Moving finished frames into place runs in ``critical(_:)``, which an
/// interruption waits for: a folder of frames is then complete or absent, never half moved.
public enum Interruption {
    /// Something to undo.
    public enum Cleanup: Sendable, Equatable {
        /// A file to remove.
        case file(String)
        /// A folder to remove with the files directly inside it (a staging folder).
        case folder(String)
        /// An empty folder to remove (one `mkdir -p` made).
        case emptyFolder(String)
        /// A child process to kill and wait for (before its files are removed).
        case process(pid_t)
    }

    /// A registration, to be passed to ``deregister(_:)``.
    public struct Token: Sendable, Equatable {
        fileprivate let id: Int
    }

    private struct Registry {
        var next = 0
        var entries: [(id: Int, cleanup: Cleanup)] = []
    }

    private static let registry = Mutex(Registry())
    private static let moving = Mutex(())
    private static let installed = Mutex(false)

    /// Remembers `cleanup` until ``deregister(_:)``.
    public static func register(_ cleanup: Cleanup) -> Token {
        registry.withLock { r in
            r.next += 1
            r.entries.append((r.next, cleanup))
            return Token(id: r.next)
        }
    }

    /// Starts a child process and registers it in one step: `spawn` runs with the registry locked,
    /// so an interruption arriving while the child starts waits for its registration and then stops
    /// it too, instead of leaving it running (and writing the file it was given) after we are gone.
    /// Registers the pid `spawn` returns; nothing when it returns nil (the child did not start).
    static func register(spawning spawn: () -> pid_t?) -> Token? {
        registry.withLock { r in
            guard let pid = spawn() else { return nil }
            r.next += 1
            r.entries.append((r.next, .process(pid)))
            return Token(id: r.next)
        }
    }

    public static func deregister(_ token: Token) {
        registry.withLock { r in r.entries.removeAll { $0.id == token.id } }
    }

    /// What is registered now, oldest first (for tests).
    public static var pending: [Cleanup] {
        registry.withLock { r in r.entries.map(\.cleanup) }
    }

    /// Runs `body` to its end even if an interruption arrives meanwhile.
    public static func critical<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try moving.withLock { _ throws(E) in try body() }
    }

    /// Ignores SIGPIPE and SIGXFSZ, whose default is to end the process: a write that would raise
    /// them fails with EPIPE or EFBIG instead, and goes the way of any failed write.
    public static func failWritesInsteadOfDying() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Handles SIGINT, SIGTERM and SIGHUP from now on, and SIGUSR1, SIGUSR2 and SIGALRM, whose
    /// default is to end the process too (once per process; later calls do nothing).
    public static func install() {
        let first = installed.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        signalPipe = fds[1]
        signalReader = fds[0]
        // A thread of its own (not one of Dispatch's workers, which rendering keeps busy).
        guard PlainThread.start({ Interruption.waitForSignal(Interruption.signalReader) }) else { return }
        for signo in [SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM] {
            // A signal the parent set to be ignored stays ignored (`nohup`, background jobs of
            // scripts); one it left blocked (a spawning thread's mask is inherited) is unblocked.
            var old = sigaction()
            sigaction(signo, nil, &old)
            if unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) == 1 { continue }  // SIG_IGN
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, signo)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { received in
                var byte = UInt8(truncatingIfNeeded: received)
                _ = write(Interruption.signalPipe, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signo, &action, nil)
        }
    }

    /// The pipe's write end, for the signal handler (set once, before any handler is installed).
    nonisolated(unsafe) fileprivate static var signalPipe: Int32 = -1
    /// Its read end, for the waiting thread (set once, before the thread starts).
    nonisolated(unsafe) fileprivate static var signalReader: Int32 = -1

    fileprivate static func waitForSignal(_ reader: Int32) {
        var byte: UInt8 = 0
        while read(reader, &byte, 1) < 0 && errno == EINTR {}
        let signo = Int32(byte)
        moving.withLock { _ in
            // The registry stays locked: a thread registering something new waits until the end.
            registry.withLock { r in
                undo(r.entries.map(\.cleanup))
                let note = "\ninterrupted: removed unfinished output\n"
                _ = note.withCString { write(STDERR_FILENO, $0, strlen($0)) }
                // End by the signal itself (this thread may have started with it blocked).
                signal(signo, SIG_DFL)
                var set = sigset_t()
                sigemptyset(&set)
                sigaddset(&set, signo)
                pthread_sigmask(SIG_UNBLOCK, &set, nil)
                raise(signo)
                _exit(128 + signo)
            }
        }
    }

    /// Stops the processes, then removes files and folders, newest first.
    static func undo(_ cleanups: [Cleanup]) {
        for case let .process(pid) in cleanups {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        for cleanup in cleanups.reversed() {
            switch cleanup {
            case let .file(path): unlink(path)
            case let .folder(path): removeFolder(path)
            case let .emptyFolder(path): rmdir(path)
            case .process: break
            }
        }
    }

    /// Removes the files directly inside `path`, then the folder.
    private static func removeFolder(_ path: String) {
        if let dir = opendir(path) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { unlink(path + "/" + name) }
            }
            closedir(dir)
        }
        rmdir(path)
    }
}
