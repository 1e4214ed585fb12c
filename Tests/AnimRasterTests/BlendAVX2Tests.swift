@testable import AnimRaster
import AnimTestRandom
import CPixelStores
import Testing

/// The AVX2 row blend (C, `animrender_blend_solid_row_avx2`) against the Swift one it stands in
/// for (`SolidSource.blendRowInSwift`): the same bytes for every colour, coverage pattern, row
/// length and room past the row, including colours whose channels exceed their alpha.
struct BlendAVX2Tests {
    static let hasAVX2 = animrender_has_avx2() != 0

    @Test(.enabled(if: hasAVX2, "the processor has no AVX2"))
    func theAVX2RowIsTheSwiftRow() {
        var rng = SplitMix64(seed: 0xA7C2)
        for round in 0..<4000 {
            let a = rng.pick([0, 255, 255, 128, rng.byte()])
            let straight = rng.below(8) == 0  // a channel above alpha: the low byte is kept
            func channel() -> UInt8 { straight ? rng.byte() : UInt8(UInt32(rng.byte()) * UInt32(a) / 255) }
            let color = PixelRGBA8(r: channel(), g: channel(), b: channel(), a: a)
            let count = rng.below(rng.pick([9, 40, 300]))
            let room = count + rng.below(12)
            var coverage: [UInt8] = []
            while coverage.count < count {
                let value = rng.pick([0, 255, 255, rng.byte(), 1, 254])
                coverage += [UInt8](repeating: value, count: 1 + rng.below(rng.pick([2, 9, 70])))
            }
            coverage = Array(coverage.prefix(count))
            let start = (0..<(room * 4)).map { _ in rng.byte() }
            var swift = start, avx = start
            let solid = SolidSource(color)
            coverage.withUnsafeBytes { c in
                swift.withUnsafeMutableBytes { solid.blendRowInSwift($0.baseAddress!, coverage: c.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count: count, room: room) }
                avx.withUnsafeMutableBytes {
                    animrender_blend_solid_row_avx2($0.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                    c.baseAddress?.assumingMemoryBound(to: UInt8.self), count, room, solid.word)
                }
            }
            #expect(avx == swift, "round \(round): \(color), \(count) pixels, room \(room)")
            if avx != swift { return }
        }
    }

    @Test func theDispatchFollowsTheProcessor() {
        // Off when asked (ANIMRENDER_NO_AVX2) or absent; never on without the instructions.
        #expect(!SolidSource.avx2 || Self.hasAVX2)
    }
}
