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
    let data: [UInt8]
    let deflated: Bool

    init(_ bytes: [UInt8]) {
        var capacity = compressBound(uLong(bytes.count))
        // A scratch buffer of zlib's bound, neither zeroed (a screen's worth of bytes per frame)
        // nor kept: what is kept is a copy of the deflated size.
        let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Int(capacity))
        defer { scratch.deallocate() }
        let status = bytes.withUnsafeBufferPointer { input in
            compress2(scratch.baseAddress, &capacity, input.baseAddress, uLong(input.count), Z_BEST_SPEED)
        }
        if status == Z_OK {
            self.init(count: bytes.count, storing: Array(scratch[..<Int(capacity)]), deflated: true)
        } else {
            self.init(count: bytes.count, storing: bytes, deflated: false)
        }
    }

    /// `count` bytes held as `data`, deflated or not (tests make broken ones with it).
    init(count: Int, storing data: [UInt8], deflated: Bool) {
        self.count = count
        self.data = data
        self.deflated = deflated
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
