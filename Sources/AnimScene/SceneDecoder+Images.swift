import AnimCodecs
import AnimRaster

extension SceneDecoder {
    /// Decodes every image the scene names, once each. A missing or undecodable file is an error
    /// located at the first `contents` key that names it, as is the image that takes the images'
    /// pixels together past `maxImagePixels` (then no more are decoded).
    func loadImages() -> [String: Bitmap] {
        var out: [String: Bitmap] = [:]
        var pixels = 0
        for (key, reader) in images.all {
            do {
                // The pixels left are checked on the image's header, before it is allocated.
                let image = try ImageDecoder.decode(contentsOf: key, maxPixels: max(0, maxImagePixels - pixels))
                pixels += image.width * image.height
                out[key] = image
            } catch let .imageOverBudget(_, width, height) {
                errors.append(reader.error("the contents images would hold \(pixels + width * height) pixels once decoded, with this one; "
                    + "a scene's images may hold at most \(maxImagePixels) together"))
                return [:]
            } catch {
                errors.append(reader.error("cannot load the contents image: \(error.description)"))
            }
        }
        return out
    }

    /// `path` with its "." segments and repeated slashes taken out, so that the spellings of one
    /// file name one image ("a/./b.png" and "a//b.png" are "a/b.png"; ".." is kept, since a link
    /// may lead elsewhere).
    static func imageKey(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : joined
    }
}
