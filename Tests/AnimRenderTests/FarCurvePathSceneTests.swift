import AnimRender
import AnimScene
import Testing

/// A path of 10,000 cubics whose control points lie 10⁷ pt away, used everywhere a scene takes a
/// path: each curve asked for 4096 chords (41 million points, 1.3 GB and 8 s for a fill; a
/// dynamics boundary of 40,000 such curves took 16 GB). The curves of a path now share at most
/// `ChordBudget.limit` chords, so every use renders in a second or so.
struct FarCurvePathSceneTests {
    static let path = "\"M 32 32 " + String(repeating: "C 1e7 -1e7 -1e7 1e7 32 32 ", count: 10_000) + "\""

    static let layers: [(use: String, json: String)] = [
        ("fill", "{\"id\": \"s\", \"type\": \"shape\", \"frame\": [0, 0, 64, 64], \"path\": \(path)}"),
        ("stroke", "{\"id\": \"s\", \"type\": \"shape\", \"frame\": [0, 0, 64, 64], \"path\": \(path), \"fillColor\": null, \"strokeColor\": \"black\", \"lineWidth\": 2}"),
        ("mask", "{\"id\": \"s\", \"frame\": [0, 0, 64, 64], \"backgroundColor\": \"red\", \"mask\": {\"id\": \"m\", \"type\": \"shape\", \"frame\": [0, 0, 64, 64], \"path\": \(path)}}"),
        ("shadowPath", "{\"id\": \"s\", \"frame\": [0, 0, 64, 64], \"backgroundColor\": \"red\", \"shadowOpacity\": 1, \"shadowPath\": \(path)}"),
        ("keyframe path", "{\"id\": \"s\", \"frame\": [0, 0, 8, 8], \"backgroundColor\": \"red\", \"animations\": [{\"type\": \"keyframe\", \"keyPath\": \"position\", \"path\": \(path), \"calculationMode\": \"paced\", \"duration\": 1}]}"),
    ]

    static let boundary = "{\"canvas\": {\"width\": 64, \"height\": 64, \"duration\": 0.05, \"fps\": 20}, \"layers\": [{\"id\": \"c\", \"frame\": [0, 0, 64, 64], \"sublayers\": [{\"id\": \"b\", \"frame\": [20, 0, 8, 8], \"backgroundColor\": \"red\"}]}], \"timeline\": [{\"at\": 0, \"dynamics\": {\"referenceView\": \"c\", \"behaviors\": [{\"gravity\": {\"items\": [\"b\"]}}, {\"collision\": {\"items\": [\"b\"], \"boundaries\": [{\"path\": \(path)}]}}]}}]}"

    func render(_ json: String, _ name: String) throws {
        let scene = try SceneLoader.decode(Array(json.utf8), file: "\(name).json")
        let frame = Renderer(scene: scene).renderFrame(0)
        #expect(frame.width == 64 && frame.height == 64)
    }

    @Test(arguments: layers.map(\.use))
    func everyUseOfAFarCurvedPathRenders(_ use: String) throws {
        let layer = Self.layers.first { $0.use == use }!.json
        try render("{\"canvas\": {\"width\": 64, \"height\": 64, \"duration\": 0.05, \"fps\": 20}, \"layers\": [\(layer)]}", use)
    }

    @Test func aFarCurvedBoundaryPathRenders() throws {
        try render(Self.boundary, "boundary")
    }
}
