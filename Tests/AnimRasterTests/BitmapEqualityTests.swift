import AnimRaster
import Testing

/// `Bitmap.==` compares with one `memcmp`: equal for the same size and bytes, unequal for any one
/// byte changed or for the same bytes at another size, and equal bitmaps hash alike.
struct BitmapEqualityTests {
    static func ramp(_ width: Int, _ height: Int) -> Bitmap {
        Bitmap(width: width, height: height, pixels: (0..<(width * height * 4)).map { UInt8(truncatingIfNeeded: $0 &* 37) })!
    }

    @Test func sameSizeAndBytesAreEqualAndHashAlike() {
        let a = Self.ramp(37, 23), b = Self.ramp(37, 23)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
    }

    @Test func anyOneByteChangedIsUnequal() {
        let a = Self.ramp(9, 5)
        for i in [0, 1, 2, 3, 77, a.pixels.count - 1] {
            var b = a
            b.pixels[i] ^= 1
            #expect(a != b, "byte \(i)")
        }
    }

    @Test func theSameBytesAtAnotherSizeAreUnequal() {
        #expect(Self.ramp(6, 4) != Bitmap(width: 4, height: 6, pixels: Self.ramp(6, 4).pixels)!)
    }
}
