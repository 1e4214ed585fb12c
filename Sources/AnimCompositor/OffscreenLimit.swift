/// How many canvas-sized offscreen surfaces one frame may hold at once, and what a frame that
/// needed more reports.
///
/// Group opacity, masksToBounds, masks, shadows, 3D planes and transitions each draw into a
/// surface of the canvas's size, held while what is nested inside is drawn, so memory grows with
/// the depth of such layers: 250 nested full-canvas groups at 2000×2000 pixels held 4 GB. A frame
/// may hold surfaces worth `budget` bytes (at least 8 surfaces): 258 at 1920×1080, 64 at
/// 3840×2160, 8 at the largest canvas (64 megapixels); 3D planes copied out of their surfaces and
/// a warp's snapshots draw from the same budget. Past that, the pass is skipped (the layer is drawn
/// straight into its parent: no group, clip, shadow or mask; a 3D plane goes under the planes
/// composited by depth; a transition shows its new state) and the frame reports an ``OffscreenOverflow``,
/// which the command line turns into an error rather than write the frame.
public enum OffscreenLimit {
    /// The bytes of surfaces one frame may hold (per thread drawing frames).
    public static let budget = 2 << 30

    /// The most surfaces a frame of `width` × `height` pixels may hold at once.
    public static func surfaces(width: Int, height: Int) -> Int {
        max(8, budget / max(1, width * height * 4))
    }
}

/// A frame that needed more offscreen surfaces at once than ``OffscreenLimit`` allows, and was
/// drawn without some of them.
public struct OffscreenOverflow: Error, Hashable, Sendable, CustomStringConvertible {
    /// The surfaces a frame may hold, and the canvas's size in pixels.
    public var limit: Int
    public var width: Int
    public var height: Int
    /// How many passes were skipped.
    public var skipped: Int

    public var description: String {
        "it needs more than \(limit) offscreen surfaces of \(width)×\(height) pixels at once (nested group opacity, "
            + "masksToBounds, masks, shadows and transitions, or the planes of a 3D context); one frame may hold "
            + "\(OffscreenLimit.budget >> 30) GiB of them. Flatten the layer tree, or render at a smaller --scale"
    }
}
