import AnimGeometry
import AnimLayers

/// The two renderings a transition shows: the snapshot from before its changes, and the live one.
enum TransitionSource: Equatable { case old, new }

/// Where the old snapshot and the new rendering are drawn during a transition that moves them as
/// rigid planes (moveIn, push, reveal, cube, oglFlip): an extra transform in the layer's bounds space,
/// applied before the layer's own transform, and a darkening. Poses are listed back to front.
/// core-animation-semantics.md §9; the choices for what the reference leaves open are in
/// docs/transitions.md.
struct TransitionPose: Equatable {
    var source: TransitionSource
    /// Bounds space → bounds space (CATransform3D order: applied first, then the layer's transform).
    var transform: Transform3D
    /// 0…1: the fraction of the colour turned to black (the turned face of a flip or a cube).
    var dim: Double = 0

    /// The poses of a rigid transition at progress `p`, or nil for the other types.
    static func poses(_ effect: TransitionEffect, progress p: Double, bounds: Rect) -> [TransitionPose]? {
        let side = effect.subtype ?? .fromLeft
        switch effect.type {
        case .moveIn:
            return [TransitionPose(source: .old, transform: .identity),
                    TransitionPose(source: .new, transform: slide(side, bounds, 1 - p))]
        case .push:
            return [TransitionPose(source: .old, transform: slide(side, bounds, -p)),
                    TransitionPose(source: .new, transform: slide(side, bounds, 1 - p))]
        case .reveal:
            return [TransitionPose(source: .new, transform: .identity),
                    TransitionPose(source: .old, transform: slide(side, bounds, -p))]
        case .oglFlip: return [flip(side, bounds, p)]
        case .cube: return cube(side, bounds, p)
        default: return nil
        }
    }

    /// The translation by `amount` × the bounds size from the side the new content enters from
    /// (UIKit's y-down: fromTop enters at the top edge and moves down).
    static func slide(_ side: TransitionSubtype, _ b: Rect, _ amount: Double) -> Transform3D {
        switch side {
        case .fromRight: .translation(b.width * amount, 0)
        case .fromLeft: .translation(-b.width * amount, 0)
        case .fromBottom: .translation(0, b.height * amount)
        case .fromTop: .translation(0, -b.height * amount)
        }
    }

    /// The axis a flip or cube turns about: y for the horizontal subtypes, x for the vertical ones,
    /// with the sign that moves the entering side toward the viewer (Apple: flipFromLeft moves the
    /// left side toward the front; a positive rotation about y moves x < 0 toward +z).
    static func turn(_ side: TransitionSubtype) -> (axis: (Double, Double, Double), sign: Double) {
        switch side {
        case .fromLeft: ((0, 1, 0), 1)
        case .fromRight: ((0, 1, 0), -1)
        case .fromTop: ((1, 0, 0), -1)
        case .fromBottom: ((1, 0, 0), 1)
        }
    }

    /// oglFlip: the view turns 180° about its centre axis; the old side shows for the first half, the
    /// new one (turned −180°, so it reads correctly at the end) for the second. The flip recedes so that
    /// its nearest edge stays in the layer's plane (the tallest edge keeps the view's height, as UIKit's
    /// flip does), with perspective at twice the view's larger side, and the turned face darkens.
    static func flip(_ side: TransitionSubtype, _ b: Rect, _ p: Double) -> TransitionPose {
        let (axis, sign) = turn(side)
        let theta = Double.pi * min(1, max(0, p))
        let showsOld = theta < Double.pi / 2
        let angle = sign * (showsOld ? theta : theta - Double.pi)
        let extent = axis.0 == 0 ? b.width : b.height
        let recede = extent / 2 * abs(sine(theta))
        let rotation = Transform3D.rotation(angle, axis: axis.0, axis.1, axis.2)
        let pose = aboutCentre(b, rotation.concatenating(.translation(0, 0, -recede)), eye: 2 * max(b.width, b.height))
        return TransitionPose(source: showsOld ? .old : .new, transform: pose, dim: flipDim * abs(sine(theta)))
    }

    /// How dark the turned face of a flip gets at 90° (approximate; UIKit's exact shading is unknown).
    static let flipDim = 0.3

    /// cube: the two contents are adjacent faces of a cube whose centre is half the view's extent
    /// behind it; the new face turns in from the subtype's side. Receding keeps the nearest edge in
    /// the layer's plane, as the flip does.
    static func cube(_ side: TransitionSubtype, _ b: Rect, _ p: Double) -> [TransitionPose] {
        let (axis, sign) = turn(side)
        let extent = axis.0 == 0 ? b.width : b.height
        let quarter = Double.pi / 2, q = min(1, max(0, p))
        let oldAngle = sign * quarter * q, newAngle = -sign * quarter * (1 - q)
        let recede = extent / 2 * (cosine(quarter * q) + sine(quarter * q) - 1)
        func face(_ source: TransitionSource, _ angle: Double) -> TransitionPose {
            let turn = Transform3D.translation(0, 0, extent / 2)
                .concatenating(.rotation(angle, axis: axis.0, axis.1, axis.2))
                .concatenating(.translation(0, 0, -extent / 2 - recede))
            return TransitionPose(source: source, transform: aboutCentre(b, turn, eye: 2 * max(b.width, b.height)),
                                  dim: flipDim * abs(sine(angle)))
        }
        // Seen from outside, the faces turned toward the eye never overlap, so their order does not
        // matter. A face turned away is the cube's inside, behind the front face: at the start the
        // entering face lies edge-on at the side, and under the perspective it projects inside
        // the old face (until about p = 0.12 with the eye at twice the extent). It is not drawn.
        return [face(.old, oldAngle), face(.new, newAngle)].filter { $0.facesTheEye(b) }
    }

    /// Whether the face keeps its winding once posed and projected: false for a face turned away
    /// from the eye (seen from behind) or wholly behind it. A plane faces the eye or not as a whole,
    /// so a unit square at the bounds' centre decides, for empty bounds too (a layer of zero width
    /// still draws its sublayers).
    func facesTheEye(_ b: Rect) -> Bool {
        let square = Rect(x: b.origin.x + b.width / 2 - 0.5, y: b.origin.y + b.height / 2 - 0.5, width: 1, height: 1)
        guard let posed = Projection.corners(of: square, transform.planeHomography),
              let flat = Projection.corners(of: square, Transform3D.identity.planeHomography) else { return false }
        return Projection.signedArea(posed) * Projection.signedArea(flat) > 0
    }

    /// `m` applied about the centre of the bounds, then perspective with the eye at `eye` points.
    static func aboutCentre(_ b: Rect, _ m: Transform3D, eye: Double) -> Transform3D {
        let cx = b.origin.x + b.width / 2, cy = b.origin.y + b.height / 2
        let perspective = eye > 0 ? Transform3D.perspective(distance: eye) : .identity
        return Transform3D.translation(-cx, -cy).concatenating(m).concatenating(perspective)
            .concatenating(.translation(cx, cy))
    }
}
