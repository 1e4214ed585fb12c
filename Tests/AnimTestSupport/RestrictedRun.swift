import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs animrender where writing fails: in a folder it may not write to, or with a file size
/// limit that makes write(2) fail with EFBIG ("File too large"), as on a full disk.
public enum RestrictedRun {
    /// The arguments that put permission checks in force, or nil with the reason they cannot be.
    ///
    /// Root ignores a folder's mode bits through CAP_DAC_OVERRIDE, so as root animrender is run
    /// under `setpriv` with that capability (and CAP_DAC_READ_SEARCH, CAP_FOWNER) dropped from its
    /// bounding set. Either way a probe checks that writing into a mode-0555 folder really fails.
    public static let permissionWrapper: Result<[String], ToolFailure> = {
        var wrapper: [String] = []
        if geteuid() == 0 {
            guard let setpriv = ExternalTools.find("setpriv") else {
                return .failure(ToolFailure(message: "running as root, and setpriv (util-linux) is missing to drop CAP_DAC_OVERRIDE"))
            }
            let caps = "-dac_override,-dac_read_search,-fowner"
            wrapper = [setpriv, "--bounding-set=\(caps)", "--inh-caps=\(caps)", "--"]
        }
        do {
            let folder = try readOnlyFolder()
            func write(_ probe: URL) throws -> CommandResult {
                let sh = wrapper + ["/bin/sh", "-c", "echo x > \"$0\"", probe.path]
                return try ExternalTools.run(sh[0], Array(sh.dropFirst()))
            }
            // The wrapper itself must work: writing into a writable folder succeeds.
            let control = try write(folder.deletingLastPathComponent().appendingPathComponent("control"))
            guard control.status == 0 else {
                return .failure(ToolFailure(message: "\(wrapper.first ?? "/bin/sh") cannot run here: \(control.stderr)"))
            }
            let probe = folder.appendingPathComponent("probe")
            let r = try write(probe)
            if r.status == 0 || FileManager.default.fileExists(atPath: probe.path) {
                return .failure(ToolFailure(message: "a process here can still write into a mode-0555 folder (\(geteuid() == 0 ? "setpriv could not drop CAP_DAC_OVERRIDE" : "CAP_DAC_OVERRIDE?"))"))
            }
        } catch {
            return .failure(ToolFailure(message: "cannot probe write permissions: \(error)"))
        }
        return .success(wrapper)
    }()

    public static var canDenyWrites: Bool { (try? permissionWrapper.get()) != nil }

    /// Why writes cannot be denied here (for a skipped test's message).
    public static var cannotDenyWritesReason: String {
        if case let .failure(reason) = permissionWrapper { return "cannot deny writes: \(reason.message)" }
        return ""
    }

    /// A new empty folder with mode 0555 (r-x for everyone).
    public static func readOnlyFolder(in parent: URL? = nil) throws -> URL {
        let folder = (try parent ?? CommandRunner.temporaryDirectory()).appendingPathComponent("read-only")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        return folder
    }

    /// animrender with `arguments`, unable to write where the mode bits forbid it.
    public static func withoutWriteOverride(_ arguments: [String]) throws -> CommandResult {
        let command = try permissionWrapper.get() + [RepositoryPaths.executable.path] + arguments
        return try ExternalTools.run(command[0], Array(command.dropFirst()))
    }

    /// `prlimit`, which sets RLIMIT_FSIZE in bytes, or nil.
    public static let prlimit = ExternalTools.find("prlimit")

    /// animrender with `arguments`, whose files (and its children's) cannot grow past `bytes`:
    /// SIGXFSZ is ignored, so write(2) fails with EFBIG as it would with ENOSPC on a full disk.
    public static func withFileSizeLimit(_ bytes: Int, _ arguments: [String]) throws -> CommandResult {
        guard let prlimit else { throw ToolFailure(message: "prlimit (util-linux) is missing") }
        return try ExternalTools.run("/bin/sh", ["-c", "trap '' XFSZ; exec \"$@\"", "sh", prlimit, "--fsize=\(bytes)", "--",
                                                 RepositoryPaths.executable.path] + arguments)
    }

    /// Every file and folder under `folder`, hidden ones included, relative and sorted.
    public static func listing(_ folder: URL) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}
