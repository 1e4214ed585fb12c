/// A layer tree stored flat, in tree (pre-order) order, so that layers can be addressed by index,
/// iterated deterministically and copied cheaply for each frame.
public struct LayerTree: Hashable, Sendable {
    /// One layer: its identifier, properties and children (indices into `nodes`, array order).
    public struct Node: Hashable, Sendable {
        public var id: String
        public var properties: LayerProperties
        public var children: [Int]
        /// The superlayer; for a mask layer, the layer it masks (whose time and space it shares).
        public var parent: Int?
        /// The layer's `mask` layer, which is not among `children`.
        public var mask: Int?

        public init(id: String, properties: LayerProperties, children: [Int] = [], parent: Int? = nil, mask: Int? = nil) {
            self.id = id
            self.properties = properties
            self.children = children
            self.parent = parent
            self.mask = mask
        }
    }

    public var nodes: [Node]
    /// The root layers, in array order: the sublayers of the canvas's root layer.
    public var roots: [Int]
    /// Transitions in progress (filled in presentation trees only), at most one per layer.
    public var transitions: [LayerTransition] = []

    public init(nodes: [Node] = [], roots: [Int] = []) {
        self.nodes = nodes
        self.roots = roots
    }

    /// The transition in progress on a layer, if any.
    public func transition(on layer: Int) -> LayerTransition? {
        transitions.isEmpty ? nil : transitions.first { $0.layer == layer }
    }

    /// Whether `layer` is `root` or one of its descendants (its sublayers', or masks', at any depth).
    public func isInSubtree(_ layer: Int, of root: Int) -> Bool {
        var cursor: Int? = layer
        while let c = cursor {
            if c == root { return true }
            cursor = nodes[c].parent
        }
        return false
    }

    /// The index of the first layer with this id (a linear search: the scene decoder, which resolves
    /// every reference, keeps its own index).
    public func index(of id: String) -> Int? {
        nodes.firstIndex { $0.id == id }
    }

    /// Appends a layer under `parent` (or as a root) and returns its index.
    @discardableResult
    public mutating func append(id: String, properties: LayerProperties, parent: Int?) -> Int {
        let index = nodes.count
        nodes.append(Node(id: id, properties: properties, parent: parent))
        if let parent {
            nodes[parent].children.append(index)
        } else {
            roots.append(index)
        }
        return index
    }

    /// Appends `owner`'s mask layer and returns its index. The mask is drawn in its owner's bounds
    /// space and runs on its owner's clock, but is not one of its sublayers.
    @discardableResult
    public mutating func appendMask(id: String, properties: LayerProperties, owner: Int) -> Int {
        let index = nodes.count
        nodes.append(Node(id: id, properties: properties, parent: owner))
        nodes[owner].mask = index
        return index
    }

    /// Adds a layer as a sublayer of `parent` at `position` in its sublayers (addSubview /
    /// insertSubview:atIndex:), detaching it from wherever it was first.
    /// A layer is never added inside its own subtree.
    public mutating func insert(_ index: Int, into parent: Int, at position: Int) {
        var cursor: Int? = parent
        while let c = cursor {
            if c == index { return }
            cursor = nodes[c].parent
        }
        removeFromSuperlayer(index)
        nodes[index].parent = parent
        let children = nodes[parent].children
        nodes[parent].children.insert(index, at: min(max(0, position), children.count))
    }

    /// Detaches a layer (and its subtree) from its superlayer; it is no longer drawn.
    public mutating func removeFromSuperlayer(_ index: Int) {
        if let parent = nodes[index].parent, nodes[parent].mask == index {
            nodes[parent].mask = nil
        } else if let parent = nodes[index].parent {
            nodes[parent].children.removeAll { $0 == index }
        } else {
            roots.removeAll { $0 == index }
        }
    }
}
