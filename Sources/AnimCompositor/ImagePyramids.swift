import AnimRaster
import Synchronization

/// The mip pyramids of the scene's `contents` images, built the first time a frame minifies an
/// image and kept for the rest of the render (as Core Animation keeps a layer's backing store).
/// A pyramid depends only on its image, so which frame builds it cannot change a pixel; shared by
/// the threads rendering frames in parallel.
final class ImagePyramids: Sendable {
    private let built = Mutex<[String: MipChain]>([:])

    /// The full pyramid of `image`, named `key` in the scene.
    func pyramid(_ key: String, of image: Bitmap) -> MipChain {
        if let chain = built.withLock({ $0[key] }) { return chain }
        let chain = MipChain.full(of: image)
        built.withLock { $0[key] = chain }
        return chain
    }
}
