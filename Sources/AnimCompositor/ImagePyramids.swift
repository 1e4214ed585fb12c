import AnimRaster
import Synchronization

/// The mip pyramids of the scene's `contents` images, built the first time a frame minifies an
/// image and kept for the rest of the render (as Core Animation keeps a layer's backing store).
/// A pyramid depends only on its image, so which frame builds it cannot change a pixel; shared by
/// the threads rendering frames in parallel.
///
/// Each image is built once: a thread that asks while another is building it waits for that
/// build instead of making a second one (at the start of a parallel render every thread draws a
/// frame that needs the same pyramids at the same moment; building them twice cost the CPU and
/// the memory of a second pyramid for nothing).
final class ImagePyramids: Sendable {
    /// One image's pyramid, built under its own lock: the table's lock is held only to find the
    /// slot, never while building, so images build in parallel and waiting never nests locks.
    private final class Slot: Sendable {
        let chain = Mutex<MipChain?>(nil)
    }

    private let slots = Mutex<[String: Slot]>([:])

    /// The full pyramid of `image`, named `key` in the scene.
    func pyramid(_ key: String, of image: Bitmap) -> MipChain {
        pyramid(key, of: image, build: MipChain.full(of:))
    }

    /// The pyramid of `image` as `build` makes it, made once per key (tests count the builds).
    func pyramid(_ key: String, of image: Bitmap, build: (Bitmap) -> MipChain) -> MipChain {
        let slot = slots.withLock { table in
            if let slot = table[key] { return slot }
            let slot = Slot()
            table[key] = slot
            return slot
        }
        return slot.chain.withLock { chain in
            if let built = chain { return built }
            let built = build(image)
            chain = built
            return built
        }
    }
}
