/// Frame starts on a clock of whole units (APNG's milliseconds or 1/F s, WebP's milliseconds):
/// which frames are shown for at least one unit.
enum FrameStops {
    /// The positions of the frames to write, given each frame's start and then the end, `stops`, in
    /// whole units (ascending). A frame that starts in the same unit as the next frame or as the
    /// end (a `--to` less than half a millisecond after it) would get a delay of 0, which players
    /// take as "as fast as possible" or stretch: it is left out, and the frame before it is shown
    /// until that unit, so the total stays exact. A lone frame is always kept.
    static func kept(_ stops: [Int]) -> [Int] {
        let count = stops.count - 1
        let kept = (0..<max(0, count)).filter { stops[$0 + 1] > stops[$0] }
        return kept.isEmpty && count > 0 ? [count - 1] : kept
    }
}
