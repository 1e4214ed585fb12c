#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// All-or-nothing file writes: the bytes go to a temporary file in the target's folder, which is
/// synced and then renamed over the target. On any failure the temporary file is removed, so
/// readers see either the old file or the complete new one, never a partial file. The path "-"
/// is standard output (``StandardOutput``), written once the bytes are complete.
///
/// A symbolic link is written through: the file it leads to is replaced and the link stays (as
/// `cp` does). A file that is replaced keeps its permission bits; a new one gets 0644 less the
/// umask. A hard link to a replaced file keeps the old bytes, as with any rename-based save.
public enum AtomicFile {
    /// Replaces the file at `path` with `bytes` atomically.
    ///
    /// Errors are ``CodecError/io(path:reason:)`` naming `path` with the `strerror` text
    /// (a missing folder gives "No such file or directory").
    public static func write(_ bytes: [UInt8], to path: String) throws(CodecError) {
        if StandardOutput.isStandardOutput(path) { return try StandardOutput.write(bytes) }
        try refuseSpecialFile(path)
        let target = linkTarget(of: path)
        let (fd, temp, token) = try createTemporary(for: target, naming: path)
        defer { Interruption.deregister(token) }
        do throws(CodecError) {
            try keepMode(of: target, on: fd, path: path)
            try writeAll(bytes, to: fd, path: path)
            guard fsync(fd) == 0 else { throw .io(path: path, reason: SystemError.lastMessage()) }
        } catch {
            close(fd)
            unlink(temp)
            throw error
        }
        guard close(fd) == 0 else {
            let reason = SystemError.lastMessage()
            unlink(temp)
            throw .io(path: path, reason: reason)
        }
        guard rename(temp, target) == 0 else {
            let reason = SystemError.lastMessage()
            unlink(temp)
            throw .io(path: path, reason: reason)
        }
    }

    /// Fails now, with the error ``write(_:to:)`` would give later, when `path` cannot be written:
    /// its folder is missing or not writable (the temporary file is created and removed again), or
    /// `path` is a folder. Outputs call it before any frame is drawn.
    public static func checkWritable(_ path: String) throws(CodecError) {
        if StandardOutput.isStandardOutput(path) { return try StandardOutput.checkWritable() }
        if isDirectory(path) { throw .io(path: path, reason: "is a directory") }
        try refuseSpecialFile(path)
        let (fd, temp, token) = try createTemporary(for: linkTarget(of: path), naming: path)
        close(fd)
        unlink(temp)
        Interruption.deregister(token)
    }

    /// Opens a new ".<name>.tmp-<pid>-<n>" beside `path` (".animrender.tmp-<pid>-<n>" when that
    /// would be longer than a file name may be, 255 bytes: an output named near that limit is
    /// legal); O_EXCL makes the name unique even when several threads write to the same folder.
    /// It is registered with ``Interruption`` before it exists; the caller deregisters it once it
    /// is renamed or removed.
    /// Errors name `path`, the output as the user gave it (`target` is where a link leads).
    private static func createTemporary(for target: String, naming path: String) throws(CodecError) -> (Int32, String, Interruption.Token) {
        let (folder, name) = split(target)
        for attempt in 0..<10_000 {
            let suffix = ".tmp-\(getpid())-\(attempt)"
            let own = "." + name + suffix
            let temp = folder + (own.utf8.count <= 255 ? own : ".animrender" + suffix)
            let token = Interruption.register(.file(temp))
            let fd = open(temp, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o644)
            if fd >= 0 { return (fd, temp, token) }
            let code = errno
            Interruption.deregister(token)
            if code == EEXIST || code == EINTR { continue }
            // "Not a directory" would blame `path`; name the part of its folder that is a file.
            let reason = code == ENOTDIR ? notAFolderReason(folder, output: path) : nil
            throw .io(path: path, reason: reason ?? SystemError.message(code))
        }
        throw .io(path: path, reason: "no free temporary file name")
    }

    /// Writes every byte, retrying partial writes and EINTR; failures name `path`.
    static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(CodecError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, reason: SystemError.lastMessage())
            }
            offset += n
        }
    }

    /// ("dir/", "name") for "dir/name"; ("", "name") for a bare name.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    /// POSIX write(2), named apart from ``write(_:to:)``.
    private static func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
        #else
        Darwin.write(fd, buffer, count)
        #endif
    }

    /// Throws when `path` is a device, FIFO or socket (such as /dev/full or /dev/stdout): the rename
    /// would replace it with a regular file (or fail only for lack of permission), not write into it.
    private static func refuseSpecialFile(_ path: String) throws(CodecError) {
        var st = stat()
        guard stat(path, &st) == 0 else { return }
        let type = st.st_mode & S_IFMT
        if type != S_IFREG && type != S_IFDIR { throw .io(path: path, reason: "is not a regular file") }
    }

    /// The file a write to `path` replaces: `path`, or where the symbolic link at `path` leads
    /// (through further links, a relative one from its own folder; at most 40, as the kernel
    /// follows), whether or not that file exists yet.
    public static func linkTarget(of path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var st = stat()
            guard lstat(current, &st) == 0, st.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: 4097)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : split(current).folder + link
        }
        return current
    }

    /// Gives the temporary file the permission bits of the regular file it will replace.
    private static func keepMode(of target: String, on fd: Int32, path: String) throws(CodecError) {
        var st = stat()
        guard stat(target, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return }
        guard fchmod(fd, st.st_mode & 0o7777) == 0 else { throw .io(path: path, reason: SystemError.lastMessage()) }
    }

    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }
}
