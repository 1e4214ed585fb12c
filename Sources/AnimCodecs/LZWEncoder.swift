/// GIF's LZW compression (variable code width up to 12 bits, a clear code when the table is full),
/// with optional "either" pixels: a pixel that may be written as its index or as an alternative
/// (a transparent pixel over a colour the palette has, or a pixel whose colour is already shown)
/// takes whichever continues the current string, so runs of kept and redrawn pixels merge.
///
/// Code widths and clear codes follow giflib's encoder, so any GIF decoder reads the result.
struct LZWEncoder {
    /// The largest code; the table is cleared when the next free code reaches it.
    private static let maxCode = 4095
    private static let slots = 1 << 13

    private let minCodeSize: Int
    private var writer = BitWriter()
    private var keys = [Int32](repeating: -1, count: slots)
    private var values = [Int16](repeating: 0, count: slots)
    private var nextCode = 0
    private var width = 0
    private var widthLimit = 0

    private var clearCode: Int { 1 << minCodeSize }

    private init(minCodeSize: Int) {
        self.minCodeSize = minCodeSize
    }

    /// The LZW data (before splitting into sub-blocks) of `indices` at `minCodeSize` (2…8).
    /// `alternatives[i] != indices[i]` makes pixel i an "either" pixel.
    static func encode(_ indices: [UInt8], alternatives: [UInt8]?, minCodeSize: Int) -> [UInt8] {
        var encoder = LZWEncoder(minCodeSize: minCodeSize)
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
        for i in 1..<p.count {
            let first = a[i] == last ? a[i] : p[i], second = first == p[i] ? a[i] : p[i]
            if let code = lookup(current, first) {
                current = code
                last = first
            } else if second != first, let code = lookup(current, second) {
                current = code
                last = second
            } else {
                output(current)
                add(current, first)
                current = Int(first)
                last = first
            }
        }
        output(current)
        output(clearCode + 1)
    }

    private mutating func reset() {
        for i in keys.indices { keys[i] = -1 }
        nextCode = clearCode + 2
        width = minCodeSize + 1
        widthLimit = 1 << width
    }

    /// Writes `code`, then widens the codes when the next free code no longer fits (giflib's rule).
    private mutating func output(_ code: Int) {
        writer.write(code, bits: width)
        if nextCode >= widthLimit && width < 12 {
            width += 1
            widthLimit = 1 << width
        }
    }

    /// Adds `prefix`+`byte` as the next code, or clears the table when it is full.
    private mutating func add(_ prefix: Int, _ byte: UInt8) {
        guard nextCode < Self.maxCode else {
            output(clearCode)
            reset()
            return
        }
        let key = Int32(prefix << 8 | Int(byte))
        var slot = Self.slot(key)
        while keys[slot] != -1 { slot = (slot + 1) & (Self.slots - 1) }
        keys[slot] = key
        values[slot] = Int16(nextCode)
        nextCode += 1
    }

    @inline(__always)
    private func lookup(_ prefix: Int, _ byte: UInt8) -> Int? {
        let key = Int32(prefix << 8 | Int(byte))
        var slot = Self.slot(key)
        while keys[slot] != -1 {
            if keys[slot] == key { return Int(values[slot]) }
            slot = (slot + 1) & (Self.slots - 1)
        }
        return nil
    }

    @inline(__always)
    private static func slot(_ key: Int32) -> Int {
        Int((UInt32(bitPattern: key) &* 0x9E37_79B1) >> 19) & (slots - 1)
    }
}

/// Codes packed least significant bit first, as GIF stores them.
private struct BitWriter {
    private var bytes: [UInt8] = []
    private var accumulator: UInt64 = 0
    private var count = 0

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
