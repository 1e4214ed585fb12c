import AnimGolden
import Testing

/// CIEDE2000 against the test data of Sharma, Wu and Dalal (2005), Table 1.
struct CIEDE2000Tests {
    struct Pair: Sendable, CustomStringConvertible {
        var number: Int
        var lab1: (Double, Double, Double)
        var lab2: (Double, Double, Double)
        var expected: Double
        var description: String { "pair \(number)" }
    }

    static let pairs = [
        Pair(number: 1, lab1: (50, 2.6772, -79.7751), lab2: (50, 0, -82.7485), expected: 2.0425),
        Pair(number: 7, lab1: (50, 0, 0), lab2: (50, -1, 2), expected: 2.3669),
        Pair(number: 13, lab1: (50, 2.49, -0.001), lab2: (50, -2.49, 0.0009), expected: 7.1792),
        Pair(number: 17, lab1: (50, 2.5, 0), lab2: (73, 25, -18), expected: 27.1492),
        Pair(number: 25, lab1: (60.2574, -34.0099, 36.2677), lab2: (60.4626, -34.1751, 39.4387), expected: 1.2644),
        Pair(number: 34, lab1: (2.0776, 0.0795, -1.1350), lab2: (0.9033, -0.0636, -0.5514), expected: 0.9082),
    ]

    static func lab(_ v: (Double, Double, Double)) -> LabColor { LabColor(l: v.0, a: v.1, b: v.2) }

    @Test(arguments: pairs)
    func matchesThePublishedValue(_ pair: Pair) {
        let forward = CIEDE2000.difference(Self.lab(pair.lab1), Self.lab(pair.lab2))
        let backward = CIEDE2000.difference(Self.lab(pair.lab2), Self.lab(pair.lab1))
        #expect(abs(forward - pair.expected) < 0.000_05, "\(pair): \(forward)")
        #expect(abs(forward - backward) < 1e-12)
    }

    @Test func equalColoursHaveNoDifference() {
        #expect(CIEDE2000.difference(LabColor(l: 37, a: 12, b: -5), LabColor(l: 37, a: 12, b: -5)) == 0)
    }

    @Test func sRGBWhiteAndBlackAreTheEndsOfTheLightnessAxis() {
        let white = LabColor(srgbRed: 255, green: 255, blue: 255)
        let black = LabColor(srgbRed: 0, green: 0, blue: 0)
        #expect(abs(white.l - 100) < 1e-3 && abs(white.a) < 1e-3 && abs(white.b) < 1e-3)
        #expect(abs(black.l) < 1e-9 && black.a == 0 && black.b == 0)
        // sRGB red, a textbook value: L 53.24, a 80.09, b 67.20.
        let red = LabColor(srgbRed: 255, green: 0, blue: 0)
        #expect(abs(red.l - 53.24) < 0.01 && abs(red.a - 80.09) < 0.01 && abs(red.b - 67.20) < 0.01)
    }

    @Test func premultipliedPixelsAreSeenOverWhite() {
        let transparent = LabColor(premultipliedOverWhite: 0, 0, 0, 0)
        #expect(transparent == LabColor(srgbRed: 255, green: 255, blue: 255))
        // Half-transparent black over white is mid grey (127 + 128 = 255 − 128).
        #expect(LabColor(premultipliedOverWhite: 0, 0, 0, 128) == LabColor(srgbRed: 127, green: 127, blue: 127))
        #expect(LabColor(premultipliedOverWhite: 10, 20, 30, 255) == LabColor(srgbRed: 10, green: 20, blue: 30))
    }
}
