/// A set of the 64-byte lines of a bitmap's pixel memory (the processor's cache lines, counted
/// from the aligned address at or before the first pixel): for a canvas drawn in bands, the lines
/// a frame's draws may write; for any frame's canvas once drawn, the lines that may hold something
/// other than its background (``KnownBackground``).
///
/// Lines, not pixels: a line is what a streaming store writes whole, and a line that no draw
/// touches can be left as it is, or written without reading it, in one piece.
public struct CanvasLines: Sendable, Equatable {
    /// Where the pixels start within their first line: byte `o` of the pixels lies in line
    /// `(o + lead) / 64`.
    public let lead: Int
    /// Bytes of pixels the lines cover.
    public let byteCount: Int
    private var words: [UInt64]

    /// No lines, for `byteCount` bytes of pixels starting `lead` bytes into a line (the pixel
    /// memory's address modulo 64).
    public init(byteCount: Int, lead: Int) {
        self.lead = lead & 63
        self.byteCount = max(0, byteCount)
        words = [UInt64](repeating: 0, count: ((self.lead + self.byteCount + 63) / 64 + 63) / 64)
    }

    /// Lines spanned by the pixels.
    public var lineCount: Int { (lead + byteCount + 63) / 64 }

    /// The line holding byte `offset` of the pixels.
    @inline(__always)
    public func line(ofByte offset: Int) -> Int { (offset + lead) >> 6 }

    /// The bytes of the pixels in lines `lines`, within `bytes`.
    @inline(__always)
    public func bytes(ofLines lines: Range<Int>, within bytes: Range<Int>) -> Range<Int> {
        let start = max(bytes.lowerBound, lines.lowerBound * 64 - lead)
        return start..<max(start, min(bytes.upperBound, lines.upperBound * 64 - lead))
    }

    /// Adds every line holding a byte of `bytes` (clipped to the pixels).
    public mutating func insert(bytes: Range<Int>) {
        let first = max(0, bytes.lowerBound), end = min(byteCount, bytes.upperBound)
        guard first < end else { return }
        insert(lines: line(ofByte: first)..<(line(ofByte: end - 1) + 1))
    }

    /// Adds the lines holding the pixels of `rect` in a bitmap `width` pixels wide (clipped to it):
    /// one or two words a row for a rectangle a few hundred pixels wide (this runs for every draw
    /// of every frame drawn in bands).
    public mutating func insert(_ rect: PixelRect, width: Int) {
        let height = byteCount / max(1, width * 4)
        let r = rect.intersection(PixelRect(minX: 0, minY: 0, maxX: width, maxY: height))
        guard !r.isEmpty else { return }
        if r.minX == 0 && r.maxX == width { return insert(bytes: (r.minY * width * 4)..<(r.maxY * width * 4)) }
        let rowBytes = width * 4, span = r.width * 4 - 1
        var start = r.minY * rowBytes + r.minX * 4 + lead
        words.withUnsafeMutableBufferPointer { words in
            for _ in r.minY..<r.maxY {
                Self.insert(lines: (start >> 6)...((start + span) >> 6), into: words)
                start += rowBytes
            }
        }
    }

    /// Adds, for each row `y` of `rows` in a bitmap `width` pixels wide, the lines holding the
    /// pixels `run(y)` (clipped to the row; a frame drawn whole, from its rows' drawn runs).
    @inline(__always)
    public mutating func insert(rows: Range<Int>, width: Int, run: (Int) -> Range<Int>) {
        let rowBytes = width * 4, height = byteCount / max(1, rowBytes)
        let rows = rows.clamped(to: 0..<height)
        words.withUnsafeMutableBufferPointer { words in
            for y in rows {
                let r = run(y).clamped(to: 0..<width)
                guard !r.isEmpty else { continue }
                let start = y * rowBytes + r.lowerBound * 4 + lead
                Self.insert(lines: (start >> 6)...((start + r.count * 4 - 1) >> 6), into: words)
            }
        }
    }

    private mutating func insert(lines: Range<Int>) {
        guard !lines.isEmpty else { return }
        words.withUnsafeMutableBufferPointer { Self.insert(lines: lines.lowerBound...(lines.upperBound - 1), into: $0) }
    }

    /// Sets the bits of `lines` in `words`.
    @inline(__always)
    private static func insert(lines: ClosedRange<Int>, into words: UnsafeMutableBufferPointer<UInt64>) {
        let first = lines.lowerBound >> 6, last = lines.upperBound >> 6
        let low: UInt64 = ~0 << UInt64(lines.lowerBound & 63)
        let high: UInt64 = ~0 >> UInt64(63 - (lines.upperBound & 63))
        if first == last { return words[first] |= low & high }
        words[first] |= low
        var word = first + 1
        while word < last {
            words[word] = ~0
            word += 1
        }
        words[last] |= high
    }

    /// Whether line `line` is in the set.
    @inline(__always)
    public func contains(line: Int) -> Bool {
        words[line >> 6] >> UInt64(line & 63) & 1 != 0
    }

    /// The end of the run of lines from `line` (before `end`, which it must be) on, all in the set
    /// or all out of it, as `line` is (`inside`).
    @inline(__always)
    func runEnd(from line: Int, before end: Int, inside: Bool) -> Int {
        let flip: UInt64 = inside ? ~0 : 0
        return words.withUnsafeBufferPointer { words in
            var word = line >> 6
            // The lines of this word that differ from `line`, from `line` on.
            var differing = (words[word] ^ flip) & (~0 << UInt64(line & 63))
            while differing == 0 {
                word += 1
                guard word * 64 < end else { return end }
                differing = words[word] ^ flip
            }
            return min(end, word * 64 + differing.trailingZeroBitCount)
        }
    }

    /// How many lines are in the set.
    public var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }
}
