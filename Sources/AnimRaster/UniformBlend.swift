/// A solid colour drawn through coverage over pixels that all hold one colour: the result is a
/// function of the coverage byte alone, so its 256 values are computed once, by the very row blend
/// `Blend.fill` runs (``SolidSource``), and a row is then written from the table without reading
/// the destination. Same bytes as blending, by construction.
struct UniformBlend {
    /// The pixel (little-endian RGBA) that coverage c turns the destination colour into.
    private let table: [UInt32]

    init(_ color: PixelRGBA8, over destination: PixelRGBA8) {
        var row = Bitmap(width: 256, height: 1)!
        row.fill(destination)
        let ramp = (0...255).map { UInt8($0) }
        let solid = SolidSource(color)
        row.pixels.withUnsafeMutableBytes { px in
            ramp.withUnsafeBytes { c in
                solid.blendRow(px.baseAddress!, coverage: c.baseAddress!, count: 256, room: 256)
            }
        }
        table = row.pixels.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
    }

    /// The destination colour itself (coverage 0), as a little-endian RGBA word.
    var destination: UInt32 { table[0] }

    /// `count` pixels at `p` set to the table's entries for the coverage bytes at `coverage`; eight
    /// bytes of coverage 0 are skipped (entry 0 is the destination colour, already there).
    @inline(__always)
    func writeRow(_ p: UnsafeMutableRawPointer, coverage: UnsafeRawPointer, count: Int) {
        table.withUnsafeBufferPointer { t in
            let out = p.assumingMemoryBound(to: UInt32.self)
            var i = 0
            while i &+ 8 <= count {
                if coverage.loadUnaligned(fromByteOffset: i, as: UInt64.self) != 0 {
                    for k in i..<i &+ 8 { out[k] = t[Int(coverage.load(fromByteOffset: k, as: UInt8.self))] }
                }
                i &+= 8
            }
            while i < count {
                out[i] = t[Int(coverage.load(fromByteOffset: i, as: UInt8.self))]
                i &+= 1
            }
        }
    }
}
