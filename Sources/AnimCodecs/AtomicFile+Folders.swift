#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folders ``AtomicFile/createDirectory(_:)`` made for one output, outermost first.
///
/// Each is registered with ``Interruption`` from just before it is made (an interruption removes
/// it while it is still empty) until the output is done with: ``keep()`` once the output is
/// complete, ``remove()`` when it failed. Neither is automatic: a folder left registered would be
/// removed by an interruption long after its output finished, if it were empty again by then.
public struct CreatedFolders: Sendable, Equatable {
    /// The folders made, outermost first; empty when every one existed.
    public let paths: [String]
    let tokens: [Interruption.Token]

    /// The output is complete: the folders stay, and an interruption no longer concerns them.
    public func keep() {
        for token in tokens { Interruption.deregister(token) }
    }

    /// The output failed: removes the folders, innermost first (one that is not empty stays, and
    /// so do those around it), then deregisters them.
    public func remove() {
        for folder in paths.reversed() where rmdir(folder) != 0 { break }
        keep()
    }
}

extension AtomicFile {
    /// Creates the folder at `path` and any missing parents (`mkdir -p`); an existing folder is fine.
    ///
    /// Returns the folders it made, still registered with ``Interruption``: the caller calls
    /// ``CreatedFolders/keep()`` once its output is complete, or ``CreatedFolders/remove()`` when it
    /// failed (which removes them all, and none that existed before). If it fails part way it
    /// removes the ones it had made before throwing. A part of `path` that is a file is named:
    /// "cannot write a/b/c: a is a file, not a folder".
    public static func createDirectory(_ path: String) throws(CodecError) -> CreatedFolders {
        var created: [String] = []
        var tokens: [Interruption.Token] = []
        for prefix in prefixes(path) {
            let token = Interruption.register(.emptyFolder(prefix))
            if mkdir(prefix, 0o755) == 0 {
                created.append(prefix)
                tokens.append(token)
                continue
            }
            let code = errno
            Interruption.deregister(token)
            guard code == EEXIST, isDirectory(prefix) else {
                CreatedFolders(paths: created, tokens: tokens).remove()
                let reason = code == EEXIST || code == ENOTDIR ? notAFolderReason(path, output: path) : nil
                throw .io(path: path, reason: reason ?? SystemError.message(code))
            }
        }
        return CreatedFolders(paths: created, tokens: tokens)
    }

    /// ``write(_:to:)``, after creating the file's folder and any missing parents; the folders it
    /// made stay (even when the write fails, as another writer may be filling them) and are
    /// deregistered from ``Interruption`` once the write is over.
    public static func writeCreatingFolders(_ bytes: [UInt8], to path: String) throws(CodecError) {
        let folder = split(path).folder
        let made = try folder.isEmpty ? nil : createDirectory(folder)
        defer { made?.keep() }
        try write(bytes, to: path)
    }

    /// Why a path through `folder` fails with "File exists" or "Not a directory": the first of its
    /// folders (`a`, `a/b`, …) that exists and is not a folder, as "a is a file, not a folder"
    /// ("is a file, not a folder" when it is `output` itself, which needs no repeating); nil when
    /// each exists as a folder or is missing.
    static func notAFolderReason(_ folder: String, output: String) -> String? {
        for prefix in prefixes(folder) {
            var st = stat()
            guard stat(prefix, &st) == 0 else {
                // A symbolic link whose target is missing: mkdir says only "File exists".
                var link = stat()
                guard lstat(prefix, &link) == 0, link.st_mode & S_IFMT == S_IFLNK else { return nil }
                let what = "is a symbolic link to a folder that does not exist"
                return prefixes(output).last == prefix ? what : "\(prefix) \(what)"
            }
            let type = st.st_mode & S_IFMT
            if type == S_IFDIR { continue }
            let what = type == S_IFREG ? "is a file, not a folder" : "is not a folder"
            return prefixes(output).last == prefix ? what : "\(prefix) \(what)"
        }
        return nil
    }

    /// "a", "a/b", "a/b/c" for "a/b/c" (and for "a//b/c/"); "/a", "/a/b" for "/a/b".
    static func prefixes(_ path: String) -> [String] {
        var prefix = path.hasPrefix("/") ? "/" : ""
        return path.split(separator: "/", omittingEmptySubsequences: true).map { component in
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            return prefix
        }
    }
}
