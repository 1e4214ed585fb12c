import AnimRaster
import Testing

/// Writes to `Bitmap.pixels` from another module (this one, as from the compositor) change the
/// buffer in place, and every one of them still forgets `knownBackground`. With a `didSet` on
/// `pixels`, each such write copied the whole buffer first: a canvas-sized copy for every
/// offscreen the compositor gave back.
struct BitmapWriteTests {
    static func known(_ bitmap: Bitmap) -> KnownBackground {
        KnownBackground(color: .transparent, drawn: CanvasLines(byteCount: bitmap.pixels.count, lead: bitmap.pixelAddress & 63),
                        address: bitmap.pixelAddress)
    }

    @Test func writesFromAnotherModuleStayInPlace() throws {
        var bitmap = try #require(Bitmap(width: 64, height: 48))
        let address = bitmap.pixelAddress
        bitmap.knownBackground = Self.known(bitmap)
        bitmap.pixels.withUnsafeMutableBytes { $0[5] = 7 }
        #expect(bitmap.pixelAddress == address)
        #expect(bitmap.knownBackground == nil)

        bitmap.knownBackground = Self.known(bitmap)
        bitmap.pixels[9] = 3
        #expect(bitmap.pixelAddress == address)
        #expect(bitmap.knownBackground == nil)

        bitmap.knownBackground = Self.known(bitmap)
        bitmap.pixels.replaceSubrange(0..<4, with: [1, 2, 3, 4])
        #expect(bitmap.pixelAddress == address)
        #expect(bitmap.knownBackground == nil)
        #expect(Array(bitmap.pixels[0..<10]) == [1, 2, 3, 4, 0, 7, 0, 0, 0, 3])
    }

    @Test func aSharedBufferIsStillCopiedOnWrite() throws {
        var bitmap = try #require(Bitmap(width: 8, height: 8))
        let copy = bitmap
        bitmap.pixels.withUnsafeMutableBytes { $0[0] = 9 }
        #expect(bitmap.pixelAddress != copy.pixelAddress)
        #expect(copy.pixels[0] == 0 && bitmap.pixels[0] == 9)
    }

    @Test func assigningNewPixelsForgetsTheKnownBackground() throws {
        var bitmap = try #require(Bitmap(width: 4, height: 4))
        bitmap.knownBackground = Self.known(bitmap)
        bitmap.pixels = [UInt8](repeating: 0, count: 64)
        #expect(bitmap.knownBackground == nil)
    }
}
