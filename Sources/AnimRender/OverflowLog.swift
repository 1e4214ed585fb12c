import AnimCompositor
import Synchronization

/// The frames of one render drawn without some offscreen passes, as the threads drawing them
/// report them; looked up by frame index (never iterated).
final class OverflowLog: Sendable {
    private let frames = Mutex<[Int: OffscreenOverflow]>([:])

    func record(_ overflow: OffscreenOverflow, frame index: Int) {
        frames.withLock { $0[index] = overflow }
    }

    func overflow(ofFrame index: Int) -> OffscreenOverflow? {
        frames.withLock { $0[index] }
    }
}
