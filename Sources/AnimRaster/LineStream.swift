import CPixelStores

/// A canvas drawn in bands line by line (``CanvasLines``): each band buffer is filled with the
/// background only in the lines some draw may reach, and streamed into the canvas only there; the
/// other lines get the background written straight into the canvas, or nothing where the canvas
/// already holds it (``KnownBackground``). The bytes are those of filling and streaming every line.
extension Bitmap {
    /// Sets to `color` the bytes of `band` (this bitmap, holding rows `rows` of a canvas as wide
    /// from its first row) that lie in lines of `lines` (the canvas's).
    public mutating func fill(_ color: PixelRGBA8, linesOf lines: CanvasLines, rows: Range<Int>) {
        let rowBytes = width * 4, start = rows.lowerBound * rowBytes
        let range = start..<(rows.upperBound * rowBytes)
        precondition(rows.count <= height && range.upperBound <= lines.byteCount)
        let word = color.word
        pixels.withUnsafeMutableBytes { raw in
            lines.forEachRun(in: range) { bytes, inside in
                guard inside else { return }
                animrender_fill_words(raw.baseAddress! + (bytes.lowerBound - start), word, bytes.count / 4)
            }
        }
    }

    /// Sets every pixel to `color`, or, when `known` says where this bitmap already holds it, the
    /// pixels of the other lines only (a frame's canvas given back and drawn again whole).
    public mutating func fill(_ color: PixelRGBA8, keeping known: KnownBackground?) {
        guard let known, known.describes(self, color: color) else { return fill(color) }
        let word = color.word
        pixels.withUnsafeMutableBytes { raw in
            known.drawn.forEachRun(in: 0..<raw.count) { bytes, inside in
                if inside { animrender_fill_words(raw.baseAddress! + bytes.lowerBound, word, bytes.count / 4) }
            }
        }
    }

    /// Rows `rows` of this canvas from `band` (as wide, holding them from its first row): the lines
    /// of `drawn` are streamed from the band; the others are set to `background` with streaming
    /// stores, except those outside `held` (the lines that may not hold the background now), left
    /// as they are. `held` nil: every other line is set. One store fence at the end.
    public mutating func streamRows(_ rows: Range<Int>, from band: Bitmap, drawn: CanvasLines, background: PixelRGBA8,
                                    held: CanvasLines?) {
        let rowBytes = width * 4, start = rows.lowerBound * rowBytes
        let range = start..<(rows.upperBound * rowBytes)
        precondition(band.width == width && rows.count <= band.height && range.upperBound <= pixels.count
                     && drawn.byteCount == pixels.count && (held?.byteCount ?? drawn.byteCount) == drawn.byteCount)
        let word = background.word
        band.pixels.withUnsafeBytes { from in
            pixels.withUnsafeMutableBytes { to in
                drawn.forEachRun(in: range) { bytes, inside in
                    if inside {
                        animrender_stream_copy_unfenced(to.baseAddress! + bytes.lowerBound, from.baseAddress! + (bytes.lowerBound - start),
                                                        bytes.count)
                    } else if let held {
                        held.forEachRun(in: bytes) { stale, inside in
                            if inside { animrender_stream_fill_unfenced(to.baseAddress! + stale.lowerBound, word, stale.count / 4) }
                        }
                    } else {
                        animrender_stream_fill_unfenced(to.baseAddress! + bytes.lowerBound, word, bytes.count / 4)
                    }
                }
            }
        }
        animrender_store_fence()
    }
}

extension CanvasLines {
    /// Calls `body` with each maximal run of bytes of `range` whose lines are all in the set
    /// (`true`) or all out of it, in order.
    @inline(__always)
    public func forEachRun(in range: Range<Int>, _ body: (Range<Int>, Bool) -> Void) {
        guard !range.isEmpty else { return }
        var line = self.line(ofByte: range.lowerBound)
        let end = self.line(ofByte: range.upperBound - 1) + 1
        var inside = contains(line: line)
        while line < end {
            let next = runEnd(from: line, before: end, inside: inside)
            body(bytes(ofLines: line..<next, within: range), inside)
            line = next
            inside.toggle()
        }
    }
}
