#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, output and error as a process started with some of them closed (`<&-`, `>&-`)
/// must keep them: otherwise the next file this process opens takes the lowest free descriptor,
/// and a message meant for standard error, or a scene read from standard input, goes to that file
/// (the signal pipe's, a staging file's). ``holdClosedOnes()`` puts /dev/null in each closed slot,
/// opened so that using it still fails: standard input for writing only, so reading it is an
/// error; standard output and error for reading only, so writing them is (``isWritableOutput``).
public enum StandardStreams {
    /// Fills closed descriptors 0, 1 and 2, in order; call it first, before anything opens a file.
    public static func holdClosedOnes() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let held = open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY)
            // The lower slots are open by now, so `open` gives `fd` itself; if not, move it there.
            if held >= 0 && held != fd {
                _ = dup2(held, fd)
                _ = close(held)
            }
        }
    }

    /// Whether standard input can be read: open, and not held write-only by ``holdClosedOnes()``.
    public static var isStandardInputReadable: Bool {
        let flags = fcntl(STDIN_FILENO, F_GETFL)
        return flags != -1 && flags & O_ACCMODE != O_WRONLY
    }

    /// Whether descriptor `fd` can be written: open, and not held read-only by ``holdClosedOnes()``.
    static func isWritableOutput(_ fd: Int32) -> Bool {
        let flags = fcntl(fd, F_GETFL)
        return flags != -1 && flags & O_ACCMODE != O_RDONLY
    }
}
