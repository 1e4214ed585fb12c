@testable import AnimCodecs
import AnimTestRandom
import Testing

/// `LZWEncoder` finds runs of one byte through a list per byte instead of its hash table. These
/// tests hold it to a plain dictionary LZW with the same either-pixel rule and giflib's code widths,
/// byte for byte, on inputs built to reach every path: long runs (whole tables of run strings),
/// runs broken by either pixels in both directions, table clears, and every code size.
struct LZWEncoderTests {
    @Test(arguments: [2, 3, 4, 8])
    func equalsAPlainDictionaryEncoder(minCodeSize: Int) {
        var random = SplitMix64(seed: UInt64(minCodeSize) &* 0x9E37_79B9)
        for round in 0..<60 {
            let colours = [2, 3, 1 << minCodeSize][round % 3]
            let count = [1, 2, 700, 20_000, 150_000][round % 5]
            let (indices, alternatives) = Self.runs(count: count, colours: colours, eitherPercent: [0, 5, 40][round % 3], &random)
            let got = LZWEncoder.encode(indices, alternatives: alternatives, minCodeSize: minCodeSize)
            let want = ReferenceLZW.encode(indices, alternatives: alternatives, minCodeSize: minCodeSize)
            #expect(Self.firstDifference(got, want) == nil, "round \(round): \(count) pixels, \(colours) colours")
        }
    }

    /// One colour throughout: every code is a longer run of it, the table fills with runs alone and
    /// is cleared again and again.
    @Test func oneColourFillsTheTableWithRuns() {
        let indices = [UInt8](repeating: 3, count: 6_000_000)
        let got = LZWEncoder.encode(indices, alternatives: nil, minCodeSize: 2)
        #expect(Self.firstDifference(got, ReferenceLZW.encode(indices, alternatives: nil, minCodeSize: 2)) == nil)
        var alternatives = indices
        for i in stride(from: 5, to: alternatives.count, by: 977) { alternatives[i] = 1 }
        let either = LZWEncoder.encode(indices, alternatives: alternatives, minCodeSize: 2)
        #expect(Self.firstDifference(either, ReferenceLZW.encode(indices, alternatives: alternatives, minCodeSize: 2)) == nil)
    }

    @Test func emptyInputIsClearAndEnd() {
        #expect(LZWEncoder.encode([], alternatives: nil, minCodeSize: 2) == ReferenceLZW.encode([], alternatives: nil, minCodeSize: 2))
    }

    /// Where two byte strings first differ (the shorter one's end if one is a prefix of the other),
    /// nil when equal: a failure names a position instead of printing megabytes.
    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
        if let i = (0..<min(a.count, b.count)).first(where: { a[$0] != b[$0] }) { return i }
        return a.count == b.count ? nil : min(a.count, b.count)
    }

    /// Runs of random colours and lengths (up to a few thousand); a pixel is an either pixel with
    /// `eitherPercent` % probability, its alternative the run's colour, the previous run's or any.
    static func runs(count: Int, colours: Int, eitherPercent: Int,
                     _ random: inout SplitMix64) -> ([UInt8], [UInt8]?) {
        var indices: [UInt8] = [], alternatives: [UInt8] = []
        var previous: UInt8 = 0
        while indices.count < count {
            let colour = UInt8(random.below(colours))
            let length = min(count - indices.count, 1 + random.below(random.below(4) == 0 ? 4000 : 40))
            for _ in 0..<length {
                indices.append(colour)
                if random.below(100) < eitherPercent {
                    alternatives.append([colour, previous, UInt8(random.below(colours))][random.below(3)])
                } else {
                    alternatives.append(colour)
                }
            }
            previous = colour
        }
        return (indices, eitherPercent == 0 ? nil : alternatives)
    }
}

/// GIF LZW as the encoder had it before runs got their own lookup: a dictionary of (prefix code,
/// byte) → code, giflib's widening rule and a clear code when code 4095 would be next.
enum ReferenceLZW {
    static func encode(_ indices: [UInt8], alternatives: [UInt8]?, minCodeSize: Int) -> [UInt8] {
        let clear = 1 << minCodeSize
        var bytes: [UInt8] = [], accumulator: UInt64 = 0, bitCount = 0
        var width = minCodeSize + 1, limit = 1 << width, next = clear + 2
        var table: [Int: Int] = [:]
        func output(_ code: Int) {
            accumulator |= UInt64(code) << UInt64(bitCount)
            bitCount += width
            while bitCount >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: accumulator))
                accumulator >>= 8
                bitCount -= 8
            }
            if next >= limit && width < 12 {
                width += 1
                limit = 1 << width
            }
        }
        func reset() {
            table = [:]
            next = clear + 2
            width = minCodeSize + 1
            limit = 1 << width
        }
        output(clear)
        if let first = indices.first {
            let a = alternatives ?? indices
            var current = Int(first), last = first
            for i in 1..<indices.count {
                let one = a[i] == last ? a[i] : indices[i], two = one == indices[i] ? a[i] : indices[i]
                if let code = table[current << 8 | Int(one)] {
                    (current, last) = (code, one)
                } else if two != one, let code = table[current << 8 | Int(two)] {
                    (current, last) = (code, two)
                } else {
                    output(current)
                    if next < 4095 {
                        table[current << 8 | Int(one)] = next
                        next += 1
                    } else {
                        output(clear)
                        reset()
                    }
                    (current, last) = (Int(one), one)
                }
            }
            output(current)
        }
        output(clear + 1)
        if bitCount > 0 { bytes.append(UInt8(truncatingIfNeeded: accumulator)) }
        return bytes
    }
}
