import AnimGeometry
import AnimLayers

/// The matrices that place a layer in its superlayer (core-animation-semantics.md §7.4).
enum LayerGeometry {
    /// The 4×4 map from a layer's bounds space into its superlayer's plane, in CA's row-vector
    /// order: remove the anchor, apply `transform`, move to `position`/`zPosition`, then apply the
    /// superlayer's `sublayerTransform` about the superlayer's anchor point.
    static func toParent(_ layer: LayerProperties, parent: LayerProperties) -> Transform3D {
        let b = layer.bounds
        let anchor = Transform3D.translation(-(b.origin.x + layer.anchorPoint.x * b.size.width),
                                             -(b.origin.y + layer.anchorPoint.y * b.size.height),
                                             -layer.anchorPointZ)
        var m = anchor.concatenating(layer.transform)
            .concatenating(.translation(layer.position.x, layer.position.y, layer.zPosition))
        if !parent.sublayerTransform.isIdentity {
            let pb = parent.bounds
            let ax = pb.origin.x + parent.anchorPoint.x * pb.size.width
            let ay = pb.origin.y + parent.anchorPoint.y * pb.size.height
            m = m.concatenating(.translation(-ax, -ay))
                .concatenating(parent.sublayerTransform)
                .concatenating(.translation(ax, ay))
        }
        return m
    }

    /// The homography from the layer's bounds space to device pixels, given its parent's.
    static func deviceMap(_ layer: LayerProperties, parent: LayerProperties, parentMap: Homography) -> Homography {
        toParent(layer, parent: parent).planeHomography.concatenating(parentMap)
    }
}
