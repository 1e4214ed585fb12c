import Foundation

/// Where the repository's folders are, found from this source file (Tests/AnimTestSupport/…).
public enum RepositoryPaths {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let scenes = root.appendingPathComponent("Scenes")
    public static let goldens = root.appendingPathComponent("Goldens")

    /// Where failing golden tests write actual and diff images: $ANIMRENDER_ARTIFACTS, else
    /// .build/golden-failures (CI keeps that folder).
    public static var artifacts: URL {
        if let env = ProcessInfo.processInfo.environment["ANIMRENDER_ARTIFACTS"], !env.isEmpty {
            return URL(fileURLWithPath: env)
        }
        return root.appendingPathComponent(".build/golden-failures")
    }

    /// The animrender executable built next to the running test bundle.
    public static var executable: URL {
        let exe = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                      ?? CommandLine.arguments[0])
        var dir = exe.deletingLastPathComponent()
        // The test bundle may sit inside an .xctest folder.
        while dir.path != "/" {
            let candidate = dir.appendingPathComponent("animrender")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return root.appendingPathComponent(".build/release/animrender")
    }
}
