#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress bar on standard error, drawn only when it is a terminal.
final class ProgressBar: @unchecked Sendable {
    private let enabled: Bool
    private var lastDrawn = -1
    private var drawn = false

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func update(_ done: Int, _ total: Int) {
        guard enabled, total > 0 else { return }
        let width = 30
        let filled = done * width / total
        let percent = done * 100 / total
        guard percent != lastDrawn else { return }
        lastDrawn = percent
        drawn = true
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        writeStandardError("\r[\(bar)] \(done)/\(total) frames")
    }

    func finish() {
        guard enabled, drawn else { return }
        writeStandardError("\r\u{1B}[K")
    }
}
