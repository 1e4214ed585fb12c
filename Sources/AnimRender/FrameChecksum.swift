import AnimRaster

/// A 64-bit FNV-1a hash of every byte of every pixel of a sequence of frames, in order: two runs
/// that render the same pixels print the same checksum, and any changed byte changes it (with the
/// odds of a 64-bit hash). AnimBench prints it with `--checksum`.
public struct FrameChecksum: Sendable, Equatable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    /// Folds in `bitmap`'s pixel bytes (premultiplied RGBA, row after row).
    public mutating func add(_ bitmap: Bitmap) {
        add(bitmap.pixels)
    }

    /// Folds in `bytes`.
    public mutating func add(_ bytes: [UInt8]) {
        var h = value
        for byte in bytes {
            h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        value = h
    }

    /// Sixteen lowercase hex digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
