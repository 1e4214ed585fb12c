import AnimGeometry
import AnimLayers

/// The numeric component space the paced and cubic keyframe modes work in: numbers, points, sizes,
/// rects, colours and value-function vectors as plain vectors. Colours use premultiplied components (r·a, g·a, b·a, a), as
/// the linear colour interpolation does, and are converted back at the end.
enum KeyframeComponents {
    /// The components of a value; nil for transforms, booleans, paths and lists (gradient stops).
    static func vector(_ v: AnimatableValue) -> [Double]? {
        switch v {
        case let .number(x): [x]
        case let .point(p): [p.x, p.y]
        case let .size(s): [s.width, s.height]
        case let .rect(r): [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case let .color(c): [c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha]
        case let .vector3(v): [v.x, v.y, v.z]
        case .transform, .bool, .path, .colors, .numbers: nil
        }
    }

    /// The components of every value; nil when one has none or the kinds differ.
    static func vectors(_ values: [AnimatableValue]) -> [[Double]]? {
        guard let kind = values.first?.kind, values.allSatisfy({ $0.kind == kind }) else { return nil }
        var out: [[Double]] = []
        out.reserveCapacity(values.count)
        for v in values {
            guard let c = vector(v) else { return nil }
            out.append(c)
        }
        return out
    }

    /// A value of `template`'s kind with components `c`. A colour whose alpha is not positive keeps
    /// its alpha with black components (it is invisible); a mismatched vector returns `template`.
    static func value(_ c: [Double], like template: AnimatableValue) -> AnimatableValue {
        switch (template, c.count) {
        case (.number, 1): return .number(c[0])
        case (.point, 2): return .point(Point(x: c[0], y: c[1]))
        case (.size, 2): return .size(Size(width: c[0], height: c[1]))
        case (.rect, 4): return .rect(Rect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case (.vector3, 3): return .vector3(DecomposedTransform.Vector3(x: c[0], y: c[1], z: c[2]))
        case (.color, 4):
            let a = c[3]
            guard a > 0 else { return .color(Color(red: 0, green: 0, blue: 0, alpha: a)) }
            return .color(Color(red: c[0] / a, green: c[1] / a, blue: c[2] / a, alpha: a))
        default: return template
        }
    }

    /// Euclidean distance (|Δ| for one component), scaled so large components do not overflow.
    static func distance(_ a: [Double], _ b: [Double]) -> Double {
        let deltas = zip(a, b).map { abs($1 - $0) }
        guard let largest = deltas.max(), largest > 0, largest.isFinite else { return deltas.max() ?? 0 }
        let sum = deltas.reduce(0) { $0 + ($1 / largest) * ($1 / largest) }
        return largest * sum.squareRoot()
    }
}
