import AnimGeometry
import AnimLayers

/// CAReplicatorLayer in a presentation tree: instance 0 is the replicator's sublayers themselves;
/// instances 1… are copies of them appended to its sublayers, in instance order, so the compositor
/// draws them as ordinary layers. Copy k of a sublayer:
/// - shows its model layer with its animations evaluated `k · instanceDelay` earlier: the
///   instance's parent time is the replicator's local time minus that delay, and each layer of
///   the copy derives its own local time from it as usual;
/// - is transformed by `instanceTransform` k times, about the replicator's anchor point, folded
///   into its own transform (so 3D stays exact);
/// - has its rendering multiplied by the instance's colour (``LayerProperties/instanceTint``), as
///   the sublayers of instance 0 are when `instanceColor` is not white.
/// Replicators are expanded from the roots down, so a replicator inside another is copied
/// unexpanded and then expanded in each copy.
struct ReplicatorExpansion {
    /// The tree after the actions, before the animations: what copies start from.
    let modelTree: LayerTree
    let attached: [AttachedAnimations]
    /// For each node of the expanded tree, the model layer it shows.
    var origin: [Int]
    /// For each node of the expanded tree, its local time.
    var times: [Double]

    static func expand(_ tree: inout LayerTree, modelTree: LayerTree, attached: [AttachedAnimations], localTimes: [Double]) {
        guard tree.nodes.contains(where: { $0.properties.kind == .replicator }) else { return }
        var e = ReplicatorExpansion(modelTree: modelTree, attached: attached, origin: Array(tree.nodes.indices), times: localTimes)
        for root in tree.roots { e.visit(root, in: &tree) }
    }

    private mutating func visit(_ index: Int, in tree: inout LayerTree) {
        if tree.nodes[index].properties.kind == .replicator { expand(index, in: &tree) }
        for child in tree.nodes[index].children { visit(child, in: &tree) }
        if let mask = tree.nodes[index].mask { visit(mask, in: &tree) }
    }

    private mutating func expand(_ r: Int, in tree: inout LayerTree) {
        replicate(r, in: &tree)
        let props = tree.nodes[r].properties
        if props.replicator.preservesDepth && !props.masksToBounds && tree.nodes[r].mask == nil {
            keepDepth(r, in: &tree)
        }
    }

    private mutating func replicate(_ r: Int, in tree: inout LayerTree) {
        let props = tree.nodes[r].properties, rep = props.replicator
        let sources = tree.nodes[r].children
        guard rep.instanceCount > 0 else {
            tree.nodes[r].children = []
            return
        }
        for s in sources { tint(s, rep.color(ofInstance: 0), in: &tree) }
        guard rep.instanceCount > 1 else { return }
        let b = props.bounds
        let center = Point(x: b.origin.x + props.anchorPoint.x * b.size.width, y: b.origin.y + props.anchorPoint.y * b.size.height)
        var power = Transform3D.identity
        for k in 1..<rep.instanceCount {
            power = power.concatenating(rep.instanceTransform)
            let parentTime = times[r] - Double(k) * rep.instanceDelay
            for s in sources {
                guard tree.nodes.count < ReplicatorLimit.maxLayers else { return }
                let copy = copySubtree(s, parent: r, parentTime: parentTime, suffix: "#\(k)", in: &tree)
                tree.nodes[r].children.append(copy)
                place(copy, by: power, about: center, in: &tree)
                tint(copy, rep.color(ofInstance: k), in: &tree)
            }
        }
    }

    /// `preservesDepth`: the replicator becomes a CATransformLayer, so its instances are planes of
    /// one 3D rendering context (sorted by depth where they meet) instead of being flattened into
    /// its plane. Its own background, contents, border and shadow, which a transform layer does not
    /// draw, become a first sublayer of its bounds' size at depth 0 (CSS preserve-3d's own plane).
    private mutating func keepDepth(_ r: Int, in tree: inout LayerTree) {
        let props = tree.nodes[r].properties
        tree.nodes[r].properties.kind = .transform
        let ownDrawing = props.backgroundColor != nil || props.contents != nil || props.borderWidth > 0 || props.shadowOpacity > 0
        guard ownDrawing else { return }
        var own = props
        let b = props.bounds
        own.kind = .layer
        own.replicator = LayerReplicator()
        own.position = Point(x: b.origin.x + props.anchorPoint.x * b.size.width, y: b.origin.y + props.anchorPoint.y * b.size.height)
        own.zPosition = 0
        own.anchorPointZ = 0
        // A layer's own drawing does not go through its sublayerTransform: undo it (the plane's
        // position is the anchor point the sublayerTransform turns about).
        own.transform = props.sublayerTransform.inverse() ?? .identity
        own.sublayerTransform = .identity
        own.instanceTint = nil  // an outer replicator's tint is not applied to a context (docs/compositing.md)
        own.opacity = 1  // the transform layer hands its opacity to each plane
        own.timing = LayerTiming()
        let index = tree.nodes.count
        tree.nodes.append(LayerTree.Node(id: tree.nodes[r].id + "#own", properties: own, parent: r))
        origin.append(origin[r])
        times.append(times[r])
        tree.nodes[r].children.insert(index, at: 0)
    }

    /// A copy of `source`'s subtree (and masks) under `parent`, evaluated at `parentTime`.
    private mutating func copySubtree(_ source: Int, parent: Int, parentTime: Double, suffix: String, in tree: inout LayerTree) -> Int {
        let o = origin[source], node = tree.nodes[source]
        let base = modelTree.nodes[o].properties
        let local = base.timing.localTime(parentTime: parentTime)
        var props = base
        for animation in attached[o] { animation.apply(atParentTime: local, model: base, into: &props) }
        let index = tree.nodes.count
        tree.nodes.append(LayerTree.Node(id: node.id + suffix, properties: props, parent: parent))
        origin.append(o)
        times.append(local)
        for child in node.children {
            let c = copySubtree(child, parent: index, parentTime: local, suffix: suffix, in: &tree)
            tree.nodes[index].children.append(c)
        }
        if let mask = node.mask {
            tree.nodes[index].mask = copySubtree(mask, parent: index, parentTime: local, suffix: suffix, in: &tree)
        }
        return index
    }

    /// Moves a copy's root by `p` about `c` in the replicator's bounds space: its map
    /// T(−anchor)·transform·T(position) becomes that times T(−c)·p·T(c), folded into its transform.
    private func place(_ index: Int, by p: Transform3D, about c: Point, in tree: inout LayerTree) {
        var props = tree.nodes[index].properties
        let (x, y, z) = (props.position.x, props.position.y, props.zPosition)
        props.transform = props.transform
            .concatenating(.translation(x - c.x, y - c.y, z))
            .concatenating(p)
            .concatenating(.translation(c.x - x, c.y - y, -z))
        tree.nodes[index].properties = props
    }

    private func tint(_ index: Int, _ color: Color, in tree: inout LayerTree) {
        guard color != .white else { return }
        tree.nodes[index].properties.instanceTint = color
    }
}
