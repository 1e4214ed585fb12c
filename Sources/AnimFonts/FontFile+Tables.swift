import CFreeType
import CHarfBuzz

extension FontFile {
    /// A HarfBuzz face that reads each table through FreeType (`FT_Load_Sfnt_Table`), for fonts
    /// whose bytes are not an sfnt HarfBuzz can read in place: WOFF and WOFF2, which FreeType
    /// unpacks. A table FreeType does not have is absent. The face refers to `face`, which must
    /// outlive it (``FontFile`` destroys its HarfBuzz font first).
    static func harfBuzzFace(readingTablesOf face: FT_Face) -> OpaquePointer? {
        hb_face_create_for_tables({ _, tag, user in
            guard let user, tag != 0 else { return nil }
            let face = user.assumingMemoryBound(to: FT_FaceRec.self)
            var length: FT_ULong = 0
            guard FT_Load_Sfnt_Table(face, FT_ULong(tag), 0, nil, &length) == 0, length > 0, length < UInt32.max else { return nil }
            let bytes = UnsafeMutablePointer<FT_Byte>.allocate(capacity: Int(length))
            guard FT_Load_Sfnt_Table(face, FT_ULong(tag), 0, bytes, &length) == 0 else {
                bytes.deallocate()
                return nil
            }
            return bytes.withMemoryRebound(to: CChar.self, capacity: Int(length)) { chars in
                hb_blob_create(chars, UInt32(length), HB_MEMORY_MODE_WRITABLE, UnsafeMutableRawPointer(bytes)) {
                    $0?.assumingMemoryBound(to: FT_Byte.self).deallocate()
                }
            }
        }, UnsafeMutableRawPointer(face), nil)
    }
}
