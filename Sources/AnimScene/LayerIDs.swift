import AnimLayers

/// The layer ids a scene declares, in file order, with the path where each was declared; looked
/// up by id in constant time, so that scenes with many layers load in linear time.
struct DeclaredLayers {
    /// The ids in the order they were declared (hints search them in this order).
    private(set) var ids: [String] = []
    /// Where each id was declared; only looked up, never iterated.
    private var paths: [String: JSONPath] = [:]

    /// Declares `id` at `path`. When it was declared before, nothing changes and the path of its
    /// first declaration is returned.
    mutating func declare(_ id: String, at path: JSONPath) -> JSONPath? {
        if let first = paths[id] { return first }
        ids.append(id)
        paths[id] = path
        return nil
    }

    /// Where `id` was declared, if it was.
    func path(of id: String) -> JSONPath? {
        paths[id]
    }
}

/// The decoder's layers by id: the first of `tree.nodes` with each id, as `LayerTree.index(of:)`
/// finds it, in constant time. Layers are only ever appended to the decoder's tree and keep their
/// ids, so each lookup first indexes the layers appended since the last one.
struct LayerIndex {
    /// Only looked up, never iterated.
    private var first: [String: Int] = [:]
    /// How many of the tree's nodes are indexed.
    private var indexed = 0

    mutating func index(of id: String, in tree: LayerTree) -> Int? {
        for i in indexed..<tree.nodes.count where first[tree.nodes[i].id] == nil {
            first[tree.nodes[i].id] = i
        }
        indexed = tree.nodes.count
        return first[id]
    }
}
