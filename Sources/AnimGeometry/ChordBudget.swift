/// How many chords the curves of one path may be flattened into together.
///
/// Wang's bound caps each curve at 4096 chords (`Path.chordCount`), but a path may hold any number
/// of curves: 40,000 cubics reaching 10⁷ pt out of a 64 × 64 layer asked for 164 million chords,
/// 5.2 GB and 40 s for one frame. So the curves of a path share at most ``limit`` chords. Within it
/// every curve keeps its own count, and the path flattens exactly as it always did. Past it (C
/// curves asking for T chords in all) each curve keeps one chord and a share of the rest in
/// proportion to what it asked for beyond one, 1 + ⌊(n − 1)·(limit − C) / (T − C)⌋: never more
/// than n, together at most ``limit``, coarser but the same for the same path and tolerance. A path
/// of more than ``limit`` curves gets one chord a curve (its points are then as many as its elements).
public struct ChordBudget: Hashable, Sendable {
    /// The most chords the curves of one path are flattened into together: 2²⁰, the 4096 a curve
    /// may have for 256 curves.
    public static let limit = 1 << 20

    /// A budget that leaves every curve its count: for a few curves of a known number (a corner
    /// profile's three).
    public static let ample = ChordBudget(requested: 0, curves: 0)

    /// The chords the curves asked for (Wang's counts, summed) and the number of curves.
    public let requested: Int
    public let curves: Int

    public init(requested: Int, curves: Int) {
        self.requested = requested
        self.curves = curves
    }

    /// True when every curve keeps the count it asked for.
    public var isWithinLimit: Bool { requested <= Self.limit }

    /// The chords a curve that asked for `n` (1…4096) gets.
    public func chords(_ n: Int) -> Int {
        guard requested > Self.limit else { return n }
        guard curves < Self.limit else { return 1 }
        // (n − 1)·(limit − C) < 2¹²·2²⁰: exact in Int, and floored.
        return 1 + (n - 1) * (Self.limit - curves) / (requested - curves)
    }
}

extension Path {
    /// The budget of the path's curves flattened within `tolerance` (at least 1e-6, as
    /// `flattened(tolerance:)` has it): one pass over the elements, Wang's count for each curve.
    public func chordBudget(tolerance: Double) -> ChordBudget {
        var requested = 0, curves = 0
        var cursor = SubpathCursor()
        for element in elements {
            if let start = cursor.current, let n = Self.wangChords(element, from: start, tolerance: tolerance) {
                requested += n
                curves += 1
            }
            cursor.advance(over: element)
        }
        return ChordBudget(requested: requested, curves: curves)
    }

    /// Wang's chord count for a quad or cubic drawn from `start` (nil for the other elements).
    static func wangChords(_ element: Element, from start: Point, tolerance: Double) -> Int? {
        switch element {
        case let .quad(c, p):
            return chordCount(degree: 2, secondDifference: (start - c * 2 + p).norm, tolerance: tolerance)
        case let .cubic(c1, c2, p):
            let m = Swift.max((start - c1 * 2 + c2).norm, (c1 - c2 * 2 + p).norm)
            return chordCount(degree: 3, secondDifference: m, tolerance: tolerance)
        case .move, .line, .close:
            return nil
        }
    }
}

