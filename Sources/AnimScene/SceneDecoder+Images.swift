import AnimCodecs
import AnimRaster

extension SceneDecoder {
    /// Decodes every image the scene names, once each. A missing or undecodable file is an error
    /// located at the first `contents` key that names it.
    func loadImages() -> [String: Bitmap] {
        var out: [String: Bitmap] = [:]
        for (key, reader) in images {
            do {
                out[key] = try ImageDecoder.decode(contentsOf: key)
            } catch {
                errors.append(reader.error("cannot load the contents image: \(error.description)"))
            }
        }
        return out
    }
}
