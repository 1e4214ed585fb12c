#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The font a text layer uses when its scene names none: Inter Regular (SIL Open Font License,
/// `Resources/Inter-LICENSE.txt`), shipped in this target so a scene renders the same everywhere.
///
/// It is found, in order: in the SwiftPM resource bundle next to the running executable
/// (`animrender_AnimFonts.resources/`, where `swift build` puts it beside `animrender` and the test
/// runner), then in this source folder's `Resources/` (a binary moved elsewhere still finds the
/// clone it was built from).
public enum DefaultFont {
    public static let fileName = "Inter-Regular.otf"
    static let bundleName = "animrender_AnimFonts.resources"

    /// The places searched, in order.
    public static var candidates: [String] {
        var out: [String] = []
        if let dir = executableDirectory() { out.append(dir + "/" + bundleName + "/" + fileName) }
        out.append(sourceDirectory() + "/Resources/" + fileName)
        return out
    }

    /// The first candidate that can be read.
    public static func locate() throws(FontError) -> String {
        let places = candidates
        guard let found = places.first(where: FontFileReader.exists) else { throw .defaultFontMissing(searched: places) }
        return found
    }

    /// The folder of the running executable (/proc/self/exe resolved; argv[0] where there is no /proc).
    static func executableDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let path: String
        if n > 0 {
            path = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        } else if let first = CommandLine.arguments.first, first.contains("/") {
            path = first
        } else {
            return nil
        }
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    /// This file's folder at build time.
    static func sourceDirectory(_ file: String = #filePath) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return String(file[..<slash])
    }
}
