import AnimGeometry
import AnimLayers

/// How the sublayers of an ordinary layer are ordered. Core Animation sorts a layer's sublayers by
/// their depth after transformation and cuts those that intersect (reference §7.5: an Apple
/// engineer on cocoa-dev, July 2011; WebKit had to switch it off for CSS's flat elements). Only
/// siblings are sorted against each other: the layer's own background and contents stay below them,
/// and each sublayer's subtree is flattened into its plane first.
///
/// - Siblings in the layer's plane or parallel to it (no turn out of it, no perspective tilt) have
///   one depth each: they are drawn one after another, far to near (zPosition and any z
///   translation of their transforms; ties keep zPosition and array order). Without any 3D at all
///   this is the zPosition order.
/// - Siblings turned out of that plane, or a CATransformLayer among them, are the planes of one 3D
///   rendering context, composited pixel by pixel by depth (``drawPlanes(_:tree:into:)``), so a cube
///   built from six sublayers of a plain layer turned by its sublayerTransform shows its near faces.
/// - Siblings of which one is in a transition keep the zPosition order (the transition draws its
///   effect between snapshots, outside any sorting).
extension Compositor {
    enum SiblingOrder {
        /// Draw one after another in this order.
        case sequence([Int])
        /// Composite as the planes of one rendering context (given in zPosition order, for ties).
        case context([Int])
    }

    func siblingOrder(_ order: [Int], tree: LayerTree, placement: Placement) -> SiblingOrder {
        let drawn = order.filter { Self.draws(tree.nodes[$0].properties) }
        guard drawn.count > 1, !order.contains(where: { tree.transition(on: $0) != nil }) else { return .sequence(order) }
        // Nothing out of the plane anywhere: depth is zPosition, the order already given.
        if placement.chain.isAffine2D, placement.parent.sublayerTransform.isAffine2D,
           drawn.allSatisfy({ Self.liesInParentPlane(tree.nodes[$0].properties) }) {
            return .sequence(order)
        }
        var depths: [Double] = []
        for child in drawn {
            let layer = tree.nodes[child].properties
            let m = placement.matrix(of: layer)
            // A plane whose depth varies across it (turned out of the parent's plane, or tilted by
            // perspective), or a transform layer's planes: sorted pixel by pixel.
            guard layer.kind != .transform, m.m13 == 0, m.m23 == 0, m.m14 == 0, m.m24 == 0 else {
                return apart(drawn, tree: tree, placement: placement) ? .sequence(order) : .context(order)
            }
            depths.append(m.m44 > 0 ? m.m43 / m.m44 : -.infinity)
        }
        let sorted = drawn.indices.sorted { a, b in depths[a] != depths[b] ? depths[a] < depths[b] : a < b }
        return sorted == Array(drawn.indices) ? .sequence(order) : .sequence(sorted.map { drawn[$0] })
    }

    /// Whether the layers' drawings cannot overlap on the device, so their order does not matter and
    /// they are drawn one after another (the bytes and the cost of drawing them so): their subtrees'
    /// extents, mapped to device pixels and widened by 2 px, are pairwise apart. False whenever an
    /// extent is not known for certain (``extent(of:tree:)``).
    func apart(_ layers: [Int], tree: LayerTree, placement: Placement) -> Bool {
        var boxes: [DeviceBox] = []
        for index in layers {
            let layer = tree.nodes[index].properties
            guard let local = Self.extent(of: index, tree: tree),
                  let box = DeviceBox(local, through: placement.deviceMap(of: layer), widenedBy: 2) else { return false }
            if boxes.contains(where: { $0.overlaps(box) }) { return false }
            boxes.append(box)
        }
        return true
    }

    /// Where a layer and its subtree may draw, in its bounds space; nil when that is not known for
    /// certain here: a shape, text, replicator or transform layer, contents (a gravity may draw them
    /// past the bounds), a mask, a shadow path, a transition, a sublayer mapped out of the plane.
    static func extent(of index: Int, tree: LayerTree) -> DeviceBox? {
        let layer = tree.nodes[index].properties
        guard layer.kind == .layer || layer.kind == .gradient, layer.contents == nil, layer.shadowPath == nil,
              tree.nodes[index].mask == nil, tree.transition(on: index) == nil else { return nil }
        let b = layer.bounds
        var box = DeviceBox(minX: b.origin.x, minY: b.origin.y, maxX: b.origin.x + b.size.width, maxY: b.origin.y + b.size.height)
        if !layer.masksToBounds {
            for child in tree.nodes[index].children where draws(tree.nodes[child].properties) {
                let sub = tree.nodes[child].properties
                guard let inner = extent(of: child, tree: tree),
                      let mapped = DeviceBox(inner, through: LayerGeometry.toParent(sub, parent: layer).planeHomography, widenedBy: 0)
                else { return nil }
                box = box.union(mapped)
            }
        }
        if layer.shadowOpacity > 0 {
            // GaussianBlur's kernel reaches about 3.1σ + 1 px; the device box's 2 px cover the pixel.
            let blur = 3.2 * max(0, layer.shadowRadius.isFinite ? layer.shadowRadius : .infinity)
            let shadow = DeviceBox(minX: box.minX + layer.shadowOffset.width - blur, minY: box.minY + layer.shadowOffset.height - blur,
                                   maxX: box.maxX + layer.shadowOffset.width + blur, maxY: box.maxY + layer.shadowOffset.height + blur)
            box = box.union(shadow)
        }
        return box.isFinite ? box : nil
    }

    /// Whether a layer's plane is its superlayer's, up to zPosition (no 3D transform, no anchorPointZ,
    /// not a transform layer), so that zPosition alone sets its depth.
    static func liesInParentPlane(_ layer: LayerProperties) -> Bool {
        layer.kind != .transform && layer.transform.isAffine2D && layer.anchorPointZ == 0
    }

    /// Whether a layer draws anything at all (it is shown and not fully transparent).
    static func draws(_ layer: LayerProperties) -> Bool {
        let opacity = layer.opacity.isNaN ? 0 : layer.opacity
        return !layer.isHidden && opacity > 0
    }
}

/// An axis-aligned box in some plane (a layer's bounds space, or device pixels).
struct DeviceBox {
    var minX, minY, maxX, maxY: Double

    /// The box around `box`'s four corners mapped through `map`, widened by `margin`; nil when a
    /// corner maps to or behind the eye (w ≤ 0), where the image is not bounded by the corners.
    init?(_ box: DeviceBox, through map: Homography, widenedBy margin: Double) {
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [(box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY)] {
            let p = map.apply(Point(x: x, y: y))
            guard p.w > 0 else { return nil }
            xs.append(p.x / p.w)
            ys.append(p.y / p.w)
        }
        self.init(minX: xs.min()! - margin, minY: ys.min()! - margin, maxX: xs.max()! + margin, maxY: ys.max()! + margin)
        guard isFinite else { return nil }
    }

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
    }

    var isFinite: Bool { minX.isFinite && minY.isFinite && maxX.isFinite && maxY.isFinite }

    func union(_ o: DeviceBox) -> DeviceBox {
        DeviceBox(minX: min(minX, o.minX), minY: min(minY, o.minY), maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY))
    }

    func overlaps(_ o: DeviceBox) -> Bool {
        minX < o.maxX && o.minX < maxX && minY < o.maxY && o.minY < maxY
    }
}
