import AnimGeometry
import AnimLayers

/// Where a layer's superlayer puts it: the superlayer's properties, the plane its sublayers are
/// flattened into (mapped to device pixels), and the 3D map from the superlayer's space into that
/// plane's space. The 3D map is the identity under an ordinary layer, which flattens its
/// sublayers; under a CATransformLayer it carries the chain of transform layers, whose sublayers
/// keep their depth until they reach the plane of the nearest ordinary ancestor.
struct Placement {
    var parent: LayerProperties
    /// The flattening plane → device pixels.
    var plane: Homography
    /// The superlayer's space → the flattening plane's space, in 3D.
    var chain: Transform3D = .identity

    /// The layer's bounds space → the flattening plane's space, in 3D (depth kept).
    func matrix(of layer: LayerProperties) -> Transform3D {
        LayerGeometry.toParent(layer, parent: parent).concatenating(chain)
    }

    /// The layer's bounds space → device pixels.
    func deviceMap(of layer: LayerProperties) -> Homography {
        matrix(of: layer).planeHomography.concatenating(plane)
    }

    /// The placement of the sublayers of `layer`, drawn through `map`: an ordinary layer flattens
    /// them into its own plane; a transform layer passes its own 3D map on.
    func sublayers(of layer: LayerProperties, map: Homography) -> Placement {
        if layer.kind == .transform {
            return Placement(parent: layer, plane: plane, chain: matrix(of: layer))
        }
        return Placement(parent: layer, plane: map)
    }
}
