/// A part of the render chosen on the command line: `--frames A..B` (inclusive frame indices,
/// either end optional) or `--from T --to T` (the frames whose time t satisfies from ≤ t < to).
public enum FrameRange: Hashable, Sendable {
    case frames(first: Int?, last: Int?)
    case times(from: Double?, to: Double?)

    /// "A..B", "A..", "..B" or "N" (one frame); nil when malformed.
    public static func parse(frames text: String) -> FrameRange? {
        let parts = text.split(separator: "..", maxSplits: 1, omittingEmptySubsequences: false)
        func bound(_ s: Substring) -> Int?? {
            let t = s.trimmingSpaces
            if t.isEmpty { return .some(nil) }
            guard let n = Int(t), n >= 0 else { return nil }
            return .some(n)
        }
        guard text.contains("..") else {
            guard let n = Int(text.trimmingSpaces), n >= 0 else { return nil }
            return .frames(first: n, last: n)
        }
        guard parts.count == 2, let a = bound(parts[0]), let b = bound(parts[1]) else { return nil }
        return .frames(first: a, last: b)
    }
}

/// The frames a render writes and the time at which the last of them stops being shown.
public struct FrameSelection: Equatable, Sendable {
    /// Frame indices, ascending and contiguous.
    public var frames: Range<Int>
    /// When the last frame ends (for animation delays): the next frame's time, or the render's end.
    public var endTime: Double

    public init(frames: Range<Int>, endTime: Double) {
        self.frames = frames
        self.endTime = endTime
    }

    /// The frames of `renderer` that `range` selects (every frame when nil).
    public static func resolve(_ range: FrameRange?, renderer: Renderer) throws(RenderError) -> FrameSelection {
        let count = renderer.frameCount
        guard count > 0 else { throw .usage("the scene has no frames (duration × fps rounds to 0)") }
        let all = 0..<count
        switch range {
        case nil:
            return FrameSelection(frames: all, endTime: renderer.endTime)
        case let .frames(first, last):
            let a = first ?? 0, b = last ?? count - 1
            guard a <= b else { throw .usage("--frames \(a)..\(b) is empty: the first frame comes after the last") }
            guard all.contains(a), all.contains(b) else {
                throw .usage("--frames \(a)..\(b) is out of range: the scene has frames 0…\(count - 1)")
            }
            return FrameSelection(frames: a..<(b + 1), endTime: end(after: b, renderer))
        case let .times(from, to):
            let start = from ?? 0, stop = min(to ?? .infinity, renderer.endTime)
            // Frame times grow with the index: the first frame at or after each end, by bisection
            // (a day of frames at a high rate is millions of them).
            let a = firstFrame(in: all, atOrAfter: start, renderer), b = firstFrame(in: all, atOrAfter: stop, renderer) - 1
            guard a <= b else {
                let options = [from.map { "--from \($0.formatted)" }, to.map { "--to \($0.formatted)" }].compactMap { $0 }
                let before = to != nil && stop == to ? "\(stop.formatted) s" : "the end of the scene, \(stop.formatted) s"
                throw .usage("\(options.joined(separator: " ")) selects no frame: none starts at or after \(start.formatted) s "
                    + "and before \(before) (the render's frames run from 0 to \(renderer.time(ofFrame: count - 1).formatted) s)")
            }
            return FrameSelection(frames: a..<(b + 1), endTime: min(stop, end(after: b, renderer)))
        }
    }

    /// The first index of `frames` whose time is at least `t` (`frames.upperBound` if none is).
    private static func firstFrame(in frames: Range<Int>, atOrAfter t: Double, _ renderer: Renderer) -> Int {
        var low = frames.lowerBound, high = frames.upperBound
        while low < high {
            let mid = low + (high - low) / 2
            if renderer.time(ofFrame: mid) >= t { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The time frame `i` stops being shown: frame i + 1's time, or the render's end after the last frame.
    private static func end(after i: Int, _ renderer: Renderer) -> Double {
        i + 1 < renderer.frameCount ? renderer.time(ofFrame: i + 1) : renderer.endTime
    }
}

extension Renderer {
    /// When the last frame stops being shown: the duration, or one frame after t = duration with `includeEnd`.
    public var endTime: Double {
        includeEnd ? time(ofFrame: frameCount - 1) + 1 / canvas.fps : canvas.duration
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}

extension String {
    var trimmingSpaces: Substring { self[...].trimmingSpaces }
}
