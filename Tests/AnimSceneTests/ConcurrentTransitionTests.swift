import AnimEngine
import AnimLayers
import AnimScene
import Testing

/// Transitions in flight at once: a transition's old tree keeps only those on its own layer's
/// subtree, and theirs keep none, so n at once cost about n trees rather than 2ⁿ (18 sibling fades
/// took 25 s and 8.8 GB for one frame before).
struct ConcurrentTransitionTests: SceneFixture {
    /// `n` layers, each with a fade starting 0.01 s after the one before: side by side, or each
    /// inside the next with the innermost starting first.
    static func scene(_ n: Int, nested: Bool) -> String {
        var layers: [String] = []
        var inner = ""
        for k in (0..<n).reversed() {
            let head = "{\"id\": \"l\(k)\", \"frame\": [1, 1, 40, 40], \"backgroundColor\": \"#FF000020\""
            let layer = head + (nested && !inner.isEmpty ? ", \"sublayers\": [\(inner)]}" : "}")
            if nested { inner = layer } else { layers.append(layer) }
        }
        if nested { layers = [inner] }
        let timeline = (0..<n).map { k in
            let id = nested ? n - 1 - k : k
            return "{\"at\": \(Double(k) / 100), \"caTransition\": {\"layer\": \"l\(id)\", \"duration\": 1, "
                + "\"changes\": {\"l\(id)\": {\"backgroundColor\": \"#00FF0020\"}}}}"
        }
        return "{\"canvas\": {\"width\": 50, \"height\": 50, \"duration\": 1}, \"layers\": [\(layers.joined(separator: ", "))], "
            + "\"timeline\": [\(timeline.joined(separator: ", "))]}"
    }

    @Test func siblingsSnapshotNoneOfEachOther() throws {
        let tree = try decodeScene(Self.scene(18, nested: false)).timeline.presentation(at: 0.5)
        #expect(tree.transitions.count == 18)
        #expect(tree.transitions.allSatisfy { $0.old.transitions.isEmpty })
    }

    /// The outermost layer's snapshot holds the 29 transitions inside it, and theirs hold none.
    @Test func nestedSnapshotsAreOneLevelDeep() throws {
        let tree = try decodeScene(Self.scene(30, nested: true)).timeline.presentation(at: 0.5)
        #expect(tree.transitions.count == 30)
        let outer = try #require(tree.transitions.first { tree.nodes[$0.layer].id == "l0" })
        #expect(outer.old.transitions.count == 29)
        #expect(outer.old.transitions.allSatisfy { $0.old.transitions.isEmpty })
    }
}
