import CZlib

/// Bytes kept deflated in memory (zlib, fastest level) and inflated back exactly.
///
/// ``GIFAnimationEncoder`` holds every frame until the end, when the global colour table is chosen;
/// palette indices deflate to a few per cent of their size, so the frames held cost about as much
/// memory as the finished file instead of a screen's worth of bytes each. What is inflated is
/// exactly what was packed, so the output does not depend on zlib at all.
struct PackedBytes: Sendable {
    /// How many bytes were packed.
    let count: Int
    /// The deflated bytes, or the bytes themselves when zlib could not deflate them (no memory).
    private let data: [UInt8]
    private let deflated: Bool

    init(_ bytes: [UInt8]) {
        count = bytes.count
        var capacity = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(capacity))
        let status = out.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &capacity, input.baseAddress, uLong(input.count), Z_BEST_SPEED)
            }
        }
        deflated = status == Z_OK
        if deflated {
            data = Array(out[..<Int(capacity)])  // a copy of its own size: the buffer keeps its capacity
        } else {
            data = bytes
        }
    }

    /// The bytes as they were packed.
    func unpacked() throws(CodecError) -> [UInt8] {
        guard count > 0 else { return [] }
        guard deflated else { return data }
        var length = uLongf(count)
        var status = Z_OK
        let out = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            status = data.withUnsafeBufferPointer { input in
                uncompress(buffer.baseAddress, &length, input.baseAddress, uLong(input.count))
            }
            initialized = status == Z_OK && Int(length) == count ? count : 0
        }
        guard out.count == count else { throw .invalidImage("zlib could not inflate a held frame (status \(status))") }
        return out
    }

    /// The bytes held: the deflated size.
    var storedCount: Int { data.count }
}
