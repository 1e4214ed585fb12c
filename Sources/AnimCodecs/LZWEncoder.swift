/// GIF's LZW compression (variable code width up to 12 bits, a clear code when the table is full),
/// with optional "either" pixels: a pixel that may be written as its index or as an alternative
/// (a transparent pixel over a colour the palette has, or a pixel whose colour is already shown)
/// takes whichever continues the current string, so runs of kept and redrawn pixels merge.
///
/// Code widths and clear codes follow giflib's encoder, so any GIF decoder reads the result.
///
/// The string table is open addressing over one buffer of 32-bit entries, each a string's key
/// (prefix code · 256 + byte, 20 bits) above its code (12 bits): one load per probe, and no
/// copy-on-write check per store, as two Swift arrays in a mutating struct had.
struct LZWEncoder {
    /// The largest code; the table is cleared when the next free code reaches it.
    private static let maxCode = 4095
    private static let slots = 1 << 13
    /// No string has this entry: keys stay below (4094 << 8 | 255) << 12.
    private static let empty = UInt32.max

    private let minCodeSize: Int
    private let table: UnsafeMutableBufferPointer<UInt32>
    /// Per byte b, at b · 4096 + n: the code of b repeated n times, for 2 ≤ n ≤ `runsKnown[b]`
    /// (entries beyond are never read, so the buffer needs no clearing).
    private let runs: UnsafeMutableBufferPointer<UInt16>
    private let runsKnown: UnsafeMutableBufferPointer<UInt16>
    private var writer: BitWriter
    private var nextCode = 0
    private var width = 0
    private var widthLimit = 0

    private var clearCode: Int { 1 << minCodeSize }

    private init(minCodeSize: Int, table: UnsafeMutableBufferPointer<UInt32>, runs: UnsafeMutableBufferPointer<UInt16>,
                 runsKnown: UnsafeMutableBufferPointer<UInt16>, expectedBytes: Int) {
        self.minCodeSize = minCodeSize
        self.table = table
        self.runs = runs
        self.runsKnown = runsKnown
        writer = BitWriter(capacity: expectedBytes)
    }

    /// The LZW data (before splitting into sub-blocks) of `indices` at `minCodeSize` (2…8).
    /// `alternatives[i] != indices[i]` makes pixel i an "either" pixel.
    static func encode(_ indices: [UInt8], alternatives: [UInt8]?, minCodeSize: Int) -> [UInt8] {
        let table = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: slots)
        let runs = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: 256 << 12)
        let runsKnown = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: 256)
        defer {
            table.deallocate()
            runs.deallocate()
            runsKnown.deallocate()
        }
        var encoder = LZWEncoder(minCodeSize: minCodeSize, table: table, runs: runs, runsKnown: runsKnown,
                                 expectedBytes: indices.count / 4 + 16)
        encoder.reset()
        encoder.output(encoder.clearCode)
        guard !indices.isEmpty else {
            encoder.output(encoder.clearCode + 1)
            return encoder.writer.finish()
        }
        indices.withUnsafeBufferPointer { p in
            if let alternatives {
                alternatives.withUnsafeBufferPointer { a in encoder.run(p, a) }
            } else {
                encoder.run(p, p)
            }
        }
        return encoder.writer.finish()
    }

    private mutating func run(_ p: UnsafeBufferPointer<UInt8>, _ a: UnsafeBufferPointer<UInt8>) {
        var current = Int(p[0])
        var last = p[0]
        // The current string is `last` repeated `runLength` times, or 0 when it is not one byte repeated.
        var runLength = 1
        for i in 1..<p.count {
            let first = a[i] == last ? a[i] : p[i], second = first == p[i] ? a[i] : p[i]
            let extendsRun = runLength > 0 && first == last
            if let code = extendsRun ? runCode(first, runLength + 1, current) : lookup(current, first) {
                current = code
                runLength = extendsRun ? runLength + 1 : 0
                last = first
            } else if second != first, let code = lookup(current, second) {
                current = code
                runLength = runLength > 0 && second == last ? runLength + 1 : 0
                last = second
            } else {
                output(current)
                add(current, first, run: extendsRun ? runLength + 1 : 0)
                current = Int(first)
                runLength = 1
                last = first
            }
        }
        output(current)
        output(clearCode + 1)
    }

    /// The code of `byte` repeated `length` (≥ 2) times, or nil when the table has no such string;
    /// `prefix` is the code of `byte` repeated length − 1 times. Runs are the strings of flat areas,
    /// and this finds them without the hash probe, whose load depends on the previous one's result.
    @inline(__always)
    private func runCode(_ byte: UInt8, _ length: Int, _ prefix: Int) -> Int? {
        guard length < Self.slots / 2 else { return lookup(prefix, byte) }
        guard length <= Int(runsKnown[Int(byte)]) else { return nil }
        return Int(runs[Int(byte) << 12 | length])
    }

    private mutating func reset() {
        table.update(repeating: Self.empty)
        runsKnown.update(repeating: 0)
        nextCode = clearCode + 2
        width = minCodeSize + 1
        widthLimit = 1 << width
    }

    /// Writes `code`, then widens the codes when the next free code no longer fits (giflib's rule).
    @inline(__always)
    private mutating func output(_ code: Int) {
        writer.write(code, bits: width)
        if nextCode >= widthLimit && width < 12 {
            width += 1
            widthLimit = 1 << width
        }
    }

    /// Adds `prefix`+`byte` as the next code, or clears the table when it is full; `run` is the
    /// new string's length when it is `byte` repeated (its prefix then being the longest such run
    /// known, so the runs of each byte stay a contiguous list), else 0.
    @inline(__always)
    private mutating func add(_ prefix: Int, _ byte: UInt8, run: Int) {
        guard nextCode < Self.maxCode else {
            output(clearCode)
            reset()
            return
        }
        let key = UInt32(truncatingIfNeeded: prefix << 8 | Int(byte))
        var slot = Self.slot(key)
        while table[slot] != Self.empty { slot = (slot + 1) & (Self.slots - 1) }
        table[slot] = key << 12 | UInt32(truncatingIfNeeded: nextCode)
        if run >= 2 && run < Self.slots / 2 {
            runs[Int(byte) << 12 | run] = UInt16(truncatingIfNeeded: nextCode)
            runsKnown[Int(byte)] = UInt16(truncatingIfNeeded: run)
        }
        nextCode += 1
    }

    @inline(__always)
    private func lookup(_ prefix: Int, _ byte: UInt8) -> Int? {
        let key = UInt32(truncatingIfNeeded: prefix << 8 | Int(byte))
        var slot = Self.slot(key)
        while true {
            let entry = table[slot]
            if entry == Self.empty { return nil }
            if entry >> 12 == key { return Int(entry & 0xFFF) }
            slot = (slot + 1) & (Self.slots - 1)
        }
    }

    @inline(__always)
    private static func slot(_ key: UInt32) -> Int {
        Int((key &* 0x9E37_79B1) >> 19) & (slots - 1)
    }
}

/// Codes packed least significant bit first, as GIF stores them.
private struct BitWriter {
    private var bytes: [UInt8] = []
    private var accumulator: UInt64 = 0
    private var count = 0

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func write(_ code: Int, bits: Int) {
        accumulator |= UInt64(code) << UInt64(count)
        count += bits
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: accumulator))
            accumulator >>= 8
            count -= 8
        }
    }

    mutating func finish() -> [UInt8] {
        if count > 0 { bytes.append(UInt8(truncatingIfNeeded: accumulator)) }
        return bytes
    }
}
