extension Homography {
    /// The image of (x, y) after the perspective divide; nil when W is not positive (the point is
    /// at or behind the eye). Inlinable: the warps (page curl, ripple, suck) project every sample.
    @inlinable public func project(_ p: Point) -> Point? {
        let q = apply(p)
        guard q.w > 0 else { return nil }
        // An affine map's w is exactly 1 at every finite point, and x / 1 is x: the two divisions,
        // the slowest steps of a warp's sample, are skipped with the same result.
        if q.w == 1 { return Point(x: q.x, y: q.y) }
        return Point(x: q.x / q.w, y: q.y / q.w)
    }
}
