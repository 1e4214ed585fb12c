import AnimGeometry
import AnimScene
import Testing

struct ValueDecodingTests {
    // MARK: Point, size, rect

    @Test func geometryForms() {
        #expect(decode("[1, 2]") { (r) throws(SceneError) in try r.point() } == Point(x: 1, y: 2))
        #expect(decode("{\"y\": -4.5, \"x\": 3}") { (r) throws(SceneError) in try r.point() } == Point(x: 3, y: -4.5))
        #expect(decode("[320, 480]") { (r) throws(SceneError) in try r.size() } == Size(width: 320, height: 480))
        #expect(decode("{\"width\": 10, \"height\": 20}") { (r) throws(SceneError) in try r.size() } == Size(width: 10, height: 20))
        #expect(decode("[1, 2, 3, 4]") { (r) throws(SceneError) in try r.rect() } == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(decode("{\"x\": 1, \"y\": 2, \"width\": 3, \"height\": 4}") { (r) throws(SceneError) in try r.rect() }
            == Rect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func geometryErrors() {
        #expect(decodeError("\"10,20\"") { (r) throws(SceneError) in try r.point() }
            == "t.json:1:1: v: expected a point: [x, y] or {\"x\": …, \"y\": …}, found a string")
        #expect(decodeError("[1, 2, 3]") { (r) throws(SceneError) in try r.point() }
            == "t.json:1:1: v: expected a point: [x, y] or {\"x\": …, \"y\": …}, found an array of 3 numbers")
        #expect(decodeError("[1, \"2\"]") { (r) throws(SceneError) in try r.point() }
            == "t.json:1:5: v[1]: expected a number, found a string (hint: write the number without quotes)")
        #expect(decodeError("{\"x\": 1}") { (r) throws(SceneError) in try r.point() } == "t.json:1:1: v: missing required key 'y'")
        #expect(decodeError("{\"x\": 1, \"yy\": 2}") { (r) throws(SceneError) in try r.point() }
            == "t.json:1:10: v.yy: unknown key 'yy' (hint: did you mean 'y'?)")
        #expect(decodeError("[]") { (r) throws(SceneError) in try r.size() }
            == "t.json:1:1: v: expected a size: [width, height] or {\"width\": …, \"height\": …}, found an empty array")
        #expect(decodeError("{\"w\": 1, \"h\": 2}") { (r) throws(SceneError) in try r.size() }
            == "t.json:1:2: v.w: unknown key 'w' (hint: allowed keys: width, height)")
        #expect(decodeError("[0, 0, [1], 4]") { (r) throws(SceneError) in try r.rect() }
            == "t.json:1:8: v[2]: expected a number, found an array")
        #expect(decodeError("[0, null]") { (r) throws(SceneError) in try r.rect() }
            == "t.json:1:1: v: expected a rect: [x, y, width, height] or {\"x\": …, \"y\": …, \"width\": …, \"height\": …}, found an array of 2 elements")
    }

    // MARK: Colors

    @Test func colorForms() {
        func color(_ json: String) -> Color? { decode(json) { (r) throws(SceneError) in try r.color() } }
        #expect(color("\"#FF8000\"") == Color(red: 1, green: 128.0 / 255, blue: 0))
        #expect(color("\"#ff800040\"") == Color(red: 1, green: 128.0 / 255, blue: 0, alpha: 64.0 / 255))
        #expect(color("\"#F80\"") == Color(red: 1, green: 136.0 / 255, blue: 0))
        #expect(color("\"#0F08\"") == Color(red: 0, green: 1, blue: 0, alpha: 136.0 / 255))
        #expect(color("\"red\"") == Color(red: 1, green: 0, blue: 0))
        #expect(color("\"lightGray\"") == Color(red: 2.0 / 3, green: 2.0 / 3, blue: 2.0 / 3))
        #expect(color("\"darkGray\"") == Color(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3))
        #expect(color("\"orange\"") == Color(red: 1, green: 0.5, blue: 0))
        #expect(color("\"brown\"") == Color(red: 0.6, green: 0.4, blue: 0.2))
        #expect(color("\"clear\"") == Color(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(color("\"systemBlue\"") == Color(red: 0, green: 122.0 / 255, blue: 1))
        #expect(color("\"systemGray\"") == Color(red: 142.0 / 255, green: 142.0 / 255, blue: 147.0 / 255))
        #expect(color("{\"r\": 0.2, \"g\": 0.4, \"b\": 0.6}") == Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 1))
        #expect(color("{\"r\": 1, \"g\": 1, \"b\": 1, \"a\": 0}") == Color(red: 1, green: 1, blue: 1, alpha: 0))
    }

    @Test func colorErrors() {
        func error(_ json: String) -> String? { decodeError(json) { (r) throws(SceneError) in try r.color() } }
        #expect(error("\"rde\"") == "t.json:1:1: v: unknown color name 'rde' (hint: did you mean 'red'?)")
        #expect(error("\"lightgrey\"") == "t.json:1:1: v: unknown color name 'lightgrey' (hint: did you mean 'lightGray'?)")
        #expect(error("\"chartreuse\"")
            == "t.json:1:1: v: unknown color name 'chartreuse' (hint: use \"#RGB\", \"#RGBA\", \"#RRGGBB\", \"#RRGGBBAA\" or a UIKit name such as 'red' or 'lightGray')")
        #expect(error("\"#12345\"") == "t.json:1:1: v: expected a color \"#RGB\", \"#RGBA\", \"#RRGGBB\" or \"#RRGGBBAA\", found '#12345' (5 hex digits)")
        #expect(error("\"#\"") == "t.json:1:1: v: expected a color \"#RGB\", \"#RGBA\", \"#RRGGBB\" or \"#RRGGBBAA\", found '#' (0 hex digits)")
        #expect(error("\"#GG0000\"") == "t.json:1:1: v: invalid hex digit 'G' in color '#GG0000'")
        #expect(error("\"#+10000\"") == "t.json:1:1: v: invalid hex digit '+' in color '#+10000'")
        #expect(error("{\"r\": 2, \"g\": 0, \"b\": 0}")
            == "t.json:1:7: v.r: color component 'r' must be between 0 and 1, found 2 (hint: components are fractions of 1: divide 8-bit values by 255)")
        #expect(error("{\"r\": 0, \"g\": -0.5, \"b\": 0}") == "t.json:1:15: v.g: color component 'g' must be between 0 and 1, found -0.5")
        #expect(error("{\"r\": 0, \"g\": 0, \"b\": 0, \"a\": 1.5}") == "t.json:1:31: v.a: color component 'a' must be between 0 and 1, found 1.5")
        #expect(error("{\"r\": 2, \"g\": -1, \"b\": 0, \"a\": 9}")
            == "t.json:1:7: v.r: color components 'r', 'g', 'a' must be between 0 and 1, found 2, -1, 9")
        #expect(error("{\"r\": 255, \"g\": 128, \"b\": 0}")
            == "t.json:1:7: v.r: color components 'r', 'g' must be between 0 and 1, found 255, 128 (hint: components are fractions of 1: divide 8-bit values by 255)")
        #expect(error("{\"r\": 0, \"g\": 0}") == "t.json:1:1: v: missing required key 'b'")
        #expect(error("{\"red\": 1, \"g\": 0, \"b\": 0}") == "t.json:1:2: v.red: unknown key 'red' (hint: did you mean 'r'?)")
        #expect(error("{\"r\": 1, \"g\": 0, \"b\": 0, \"x\": 0}") == "t.json:1:26: v.x: unknown key 'x' (hint: did you mean 'r'?)")
        #expect(error("12")
            == "t.json:1:1: v: expected a color: \"#RGB\", \"#RGBA\", \"#RRGGBB\", \"#RRGGBBAA\", a UIKit color name or {\"r\": …, \"g\": …, \"b\": …, \"a\": …}, found a number")
    }

    // MARK: Transforms

    func transform(_ json: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Transform3D? {
        decode(json, { (r) throws(SceneError) in try r.transform() }, sourceLocation: sourceLocation)
    }

    func close(_ a: Transform3D?, _ b: Transform3D) -> Bool {
        guard let a else { return false }
        return zip(a.elements, b.elements).allSatisfy { abs($0 - $1) < 1e-12 }
    }

    @Test func transformBasics() {
        #expect(transform("\"identity\"") == .identity)
        #expect(transform("[]") == .identity)
        let m = (1...16).map { Double($0) }
        #expect(transform("{\"matrix\": [\(m.map { "\(Int($0))" }.joined(separator: ", "))]}") == Transform3D(elements: m))
        #expect(transform("[{\"translate\": [10, 20]}]") == .translation(10, 20, 0))
        #expect(transform("[{\"translate\": [10, 20, 30]}]") == .translation(10, 20, 30))
        #expect(transform("[{\"scale\": 2}]") == .scale(2, 2, 2))
        #expect(transform("[{\"scale\": [2, 3]}]") == .scale(2, 3, 1))
        #expect(transform("[{\"scale\": [2, 3, 4]}]") == .scale(2, 3, 4))
        #expect(transform("{\"rotate\": 0.5}") == .rotation(0.5, axis: 0, 0, 1))
        #expect(transform("[{\"rotate\": 0.5, \"axis\": [1, 0, 0]}]") == .rotation(0.5, axis: 1, 0, 0))
        #expect(transform("[{\"perspective\": 500}]")?.m34 == -1.0 / 500)
    }

    @Test func transformListsComposeInLocalSpace() {
        // Rotate first in the translated space: (10, 0) → (0, 10) → (100, 10).
        let t = transform("[{\"translate\": [100, 0]}, {\"rotate\": \(Double.pi / 2)}]")
        let p = t?.apply(x: 10, y: 0, z: 0)
        #expect(p.map { abs($0.x - 100) < 1e-12 && abs($0.y - 10) < 1e-12 && $0.w == 1 } == true)
        // Like CATransform3DTranslate(CATransform3DScale(identity, 2, 2, 1), 10, 0, 0): the translation is scaled.
        let s = transform("[{\"scale\": [2, 2]}, {\"translate\": [10, 0]}]")
        #expect(s == Transform3D.identity.scaledBy(2, 2).translatedBy(10, 0))
        #expect(s?.apply(x: 0, y: 0, z: 0).x == 20)
        // Perspective then a rotation about y: the rotation acts first, then the perspective.
        let r = transform("[{\"perspective\": 500}, {\"rotate\": 0.5, \"axis\": [0, 1, 0]}]")
        #expect(close(r, Transform3D.rotation(0.5, axis: 0, 1, 0).concatenating(.perspective(distance: 500))))
        // A matrix element composes like the others.
        let mt = transform("[{\"translate\": [5, 0]}, {\"matrix\": [2,0,0,0, 0,2,0,0, 0,0,1,0, 0,0,0,1]}]")
        #expect(mt == Transform3D.scale(2, 2).concatenating(.translation(5, 0)))
    }

    @Test func transformErrors() {
        func error(_ json: String) -> String? { decodeError(json) { (r) throws(SceneError) in try r.transform() } }
        #expect(error("[{\"rotat\": 1}]") == "t.json:1:3: v[0].rotat: unknown transform operation 'rotat' (hint: did you mean 'rotate'?)")
        #expect(error("[{\"skew\": 1}]")
            == "t.json:1:3: v[0].skew: unknown transform operation 'skew' (hint: the operations are translate, scale, rotate (with axis), perspective and matrix)")
        #expect(error("[{\"translate\": [1, 2], \"rotate\": 1}]")
            == "t.json:1:24: v[0].rotate: a transform operation has exactly one of translate, scale, rotate, perspective or matrix; found 'translate' and 'rotate' (hint: write each operation as its own object in a list: [{\"translate\": …}, {\"rotate\": …}])")
        #expect(error("[{}]") == "t.json:1:2: v[0]: a transform operation needs one of translate, scale, rotate, perspective or matrix")
        #expect(error("[{\"translate\": [1, 2], \"axis\": [0, 0, 1]}]") == "t.json:1:24: v[0].axis: 'axis' goes only with 'rotate'")
        #expect(error("[{\"rotate\": 1, \"axis\": [0, 0, 0]}]") == "t.json:1:24: v[0].axis: the rotation axis must not be [0, 0, 0]")
        #expect(error("[{\"rotate\": 1, \"axis\": [0, 1]}]")
            == "t.json:1:24: v[0].axis: expected [x, y, z] for axis, found an array of 2 numbers")
        #expect(error("[{\"rotate\": \"90deg\"}]") == "t.json:1:13: v[0].rotate: expected a number, found a string")
        #expect(error("[{\"perspective\": 0}]") == "t.json:1:18: v[0].perspective: the perspective distance must be greater than 0, found 0")
        #expect(error("[{\"perspective\": -500}]")
            == "t.json:1:18: v[0].perspective: the perspective distance must be greater than 0, found -500")
        #expect(error("{\"matrix\": [1, 0, 0, 1, 0, 0, 0, 0, 1]}")
            == "t.json:1:12: v.matrix: expected 16 numbers (m11, m12, …, m44) for matrix, found an array of 9 numbers")
        #expect(error("[{\"translate\": 5}]") == "t.json:1:16: v[0].translate: expected [x, y] or [x, y, z] for translate, found a number")
        #expect(error("[{\"scale\": [1]}]")
            == "t.json:1:12: v[0].scale: expected a number, [sx, sy] or [sx, sy, sz] for scale, found an array of 1 number")
        #expect(error("[{\"translate\": [1, 2]}, 3]")
            == "t.json:1:25: v[1]: expected a transform operation: {\"translate\": …}, {\"scale\": …}, {\"rotate\": …}, {\"perspective\": …} or {\"matrix\": …}, found a number")
        #expect(error("\"identiy\"")
            == "t.json:1:1: v: expected a transform: \"identity\", a list of operations such as [{\"translate\": [x, y]}, {\"rotate\": a}], or {\"matrix\": [16 numbers]}, found the string 'identiy' (hint: did you mean 'identity'?)")
        #expect(error("1")
            == "t.json:1:1: v: expected a transform: \"identity\", a list of operations such as [{\"translate\": [x, y]}, {\"rotate\": a}], or {\"matrix\": [16 numbers]}, found a number")
    }
}
