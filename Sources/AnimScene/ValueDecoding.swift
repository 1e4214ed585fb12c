import AnimGeometry

/// The scene format's value forms (SCENE_FORMAT.md "Values").
extension JSONReader {
    static let pointForm = "a point: [x, y] or {\"x\": …, \"y\": …}"
    static let sizeForm = "a size: [width, height] or {\"width\": …, \"height\": …}"
    static let rectForm = "a rect: [x, y, width, height] or {\"x\": …, \"y\": …, \"width\": …, \"height\": …}"

    /// `[x, y]` or `{"x": …, "y": …}`.
    public func point() throws(SceneError) -> Point {
        let v = try fixedNumbers(["x", "y"], form: Self.pointForm)
        return Point(x: v[0], y: v[1])
    }

    /// `[width, height]` or `{"width": …, "height": …}`.
    public func size() throws(SceneError) -> Size {
        let v = try fixedNumbers(["width", "height"], form: Self.sizeForm)
        return Size(width: v[0], height: v[1])
    }

    /// `[x, y, width, height]` or `{"x": …, "y": …, "width": …, "height": …}`.
    public func rect() throws(SceneError) -> Rect {
        let v = try fixedNumbers(["x", "y", "width", "height"], form: Self.rectForm)
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// A list of exactly `names.count` numbers, or an object with exactly those keys.
    func fixedNumbers(_ names: [String], form: String) throws(SceneError) -> [Double] {
        switch node.value {
        case let .array(items):
            guard items.count == names.count else { throw error("expected \(form), found \(Self.describe(items))") }
            return try array().map { (r) throws(SceneError) in try r.number() }
        case .object:
            let o = try object()
            if let first = o.unknownKeys(allowed: names).first { throw first }
            return try names.map { (k) throws(SceneError) in try o.required(k).number() }
        default:
            throw expected(form)
        }
    }

    /// "an array of 3 numbers", "an array of 1 element", "an empty array".
    static func describe(_ items: [JSONNode]) -> String {
        if items.isEmpty { return "an empty array" }
        let allNumbers = items.allSatisfy { if case .number = $0.value { return true } else { return false } }
        let noun = allNumbers ? "number" : "element"
        return "an array of \(items.count) \(noun)\(items.count == 1 ? "" : "s")"
    }

    // MARK: Colors

    /// UIKit's named colours with their exact component values, and the iOS light-mode system
    /// colours, in a fixed order (for deterministic hints).
    public static let namedColors: [(name: String, color: Color)] = [
        ("black", Color(red: 0, green: 0, blue: 0)),
        ("darkGray", Color(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3)),
        ("lightGray", Color(red: 2.0 / 3, green: 2.0 / 3, blue: 2.0 / 3)),
        ("white", Color(red: 1, green: 1, blue: 1)),
        ("gray", Color(red: 0.5, green: 0.5, blue: 0.5)),
        ("red", Color(red: 1, green: 0, blue: 0)),
        ("green", Color(red: 0, green: 1, blue: 0)),
        ("blue", Color(red: 0, green: 0, blue: 1)),
        ("cyan", Color(red: 0, green: 1, blue: 1)),
        ("yellow", Color(red: 1, green: 1, blue: 0)),
        ("magenta", Color(red: 1, green: 0, blue: 1)),
        ("orange", Color(red: 1, green: 0.5, blue: 0)),
        ("purple", Color(red: 0.5, green: 0, blue: 0.5)),
        ("brown", Color(red: 0.6, green: 0.4, blue: 0.2)),
        ("clear", Color(red: 0, green: 0, blue: 0, alpha: 0)),
        ("systemRed", rgb8(0xFF, 0x3B, 0x30)),
        ("systemGreen", rgb8(0x34, 0xC7, 0x59)),
        ("systemBlue", rgb8(0x00, 0x7A, 0xFF)),
        ("systemOrange", rgb8(0xFF, 0x95, 0x00)),
        ("systemYellow", rgb8(0xFF, 0xCC, 0x00)),
        ("systemPink", rgb8(0xFF, 0x2D, 0x55)),
        ("systemPurple", rgb8(0xAF, 0x52, 0xDE)),
        ("systemTeal", rgb8(0x5A, 0xC8, 0xFA)),
        ("systemIndigo", rgb8(0x58, 0x56, 0xD6)),
        ("systemGray", rgb8(0x8E, 0x8E, 0x93)),
    ]

    static func rgb8(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) -> Color {
        Color(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: Double(a) / 255)
    }

    static let colorForm = "a color: \"#RGB\", \"#RGBA\", \"#RRGGBB\", \"#RRGGBBAA\", a UIKit color name or {\"r\": …, \"g\": …, \"b\": …, \"a\": …}"

    /// `"#RRGGBB"`, `"#RRGGBBAA"`, `"#RGB"`, `"#RGBA"` (hex digits in either case), a UIKit colour
    /// name (`"red"`, `"lightGray"`, `"systemBlue"`, …), or `{"r", "g", "b", "a"}` with components in
    /// 0…1 (`a` defaults to 1).
    public func color() throws(SceneError) -> Color {
        switch node.value {
        case let .string(s):
            if s.hasPrefix("#") { return try hexColor(s) }
            if let named = Self.namedColors.first(where: { $0.name == s }) { return named.color }
            let match = EditDistance.bestMatch(for: s, among: Self.namedColors.map(\.name))
            throw error("unknown color name '\(s)'",
                        hint: match.map { "did you mean '\($0)'?" } ?? "use \"#RGB\", \"#RGBA\", \"#RRGGBB\", \"#RRGGBBAA\" or a UIKit name such as 'red' or 'lightGray'")
        case .object:
            let o = try object()
            let long = ["red": "r", "green": "g", "blue": "b", "alpha": "a"]
            for member in o.members where !["r", "g", "b", "a"].contains(member.key) {
                if let short = long[member.key] {
                    throw o.errorAtKey(member.key, "unknown key '\(member.key)'", hint: "did you mean '\(short)'?")
                }
                throw o.unknownKeyError(member, allowed: ["r", "g", "b", "a"], noun: "key")
            }
            return try componentColor(o)
        default:
            throw expected(Self.colorForm)
        }
    }

    /// `{"r", "g", "b", "a"}`, alpha 1 when left out. Every component out of 0…1 is named in one
    /// error, located at the first.
    private func componentColor(_ o: JSONObjectReader) throws(SceneError) -> Color {
        var values: [Double] = []
        var outOfRange: [(key: String, reader: JSONReader, value: Double)] = []
        for key in ["r", "g", "b", "a"] {
            if key == "a", !o.has(key) { values.append(1); continue }
            let r = try o.required(key)
            let v = try r.number()
            if !(v >= 0 && v <= 1) { outOfRange.append((key, r, v)) }
            values.append(v)
        }
        guard let first = outOfRange.first else { return Color(red: values[0], green: values[1], blue: values[2], alpha: values[3]) }
        let eightBit = outOfRange.allSatisfy { $0.value > 1 && $0.value <= 255 && $0.value == $0.value.rounded() }
        let named = outOfRange.map { "'\($0.key)'" }.joined(separator: ", "), found = outOfRange.map { formatNumber($0.value) }.joined(separator: ", ")
        let message = outOfRange.count == 1 ? "color component \(named) must be between 0 and 1, found \(found)"
            : "color components \(named) must be between 0 and 1, found \(found)"
        throw first.reader.error(message, hint: eightBit ? "components are fractions of 1: divide 8-bit values by 255" : nil)
    }

    private func hexColor(_ s: String) throws(SceneError) -> Color {
        let digits = Array(s.unicodeScalars.dropFirst())
        var values: [Int] = []
        for d in digits {
            guard d.isASCII, let v = Int(String(d), radix: 16) else {
                throw error("invalid hex digit '\(d)' in color '\(s)'")
            }
            values.append(v)
        }
        switch values.count {
        case 3, 4:
            let c = values.map { $0 * 17 }
            return Self.rgb8(c[0], c[1], c[2], c.count == 4 ? c[3] : 255)
        case 6, 8:
            let c = stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
            return Self.rgb8(c[0], c[1], c[2], c.count == 4 ? c[3] : 255)
        default:
            throw error("expected a color \"#RGB\", \"#RGBA\", \"#RRGGBB\" or \"#RRGGBBAA\", found '\(s)' (\(values.count) hex digit\(values.count == 1 ? "" : "s"))")
        }
    }

    // MARK: Transforms

    static let transformForm = "a transform: \"identity\", a list of operations such as [{\"translate\": [x, y]}, {\"rotate\": a}], or {\"matrix\": [16 numbers]}"
    static let transformOperations = ["translate", "scale", "rotate", "perspective", "matrix"]

    /// `"identity"`; `{"matrix": [m11, …, m44]}`; or a list of operations applied in order, each
    /// one of `{"translate": [x, y] | [x, y, z]}`, `{"scale": s | [sx, sy] | [sx, sy, sz]}` (a single
    /// number scales x, y and z alike, like `transform.scale`; two numbers leave z at 1),
    /// `{"rotate": radians, "axis": [x, y, z]}` (axis defaults to [0, 0, 1]), `{"perspective": d}`
    /// (d > 0: m34 = −1/d) or `{"matrix": […]}`. A single operation object may stand for a list of one.
    ///
    /// The list composes like successive CATransform3DTranslate/Rotate/Scale calls starting from the
    /// identity (like a CSS transform list): each operation acts in the coordinate system the
    /// earlier ones produced, so `[translate, rotate]` rotates about the translated origin.
    public func transform() throws(SceneError) -> Transform3D {
        switch node.value {
        case let .string(s):
            if s == "identity" { return .identity }
            let match = EditDistance.bestMatch(for: s, among: ["identity"])
            throw error("expected \(Self.transformForm), found the string '\(s)'", hint: match.map { "did you mean '\($0)'?" })
        case .object:
            return try applyOperation(to: .identity)
        case .array:
            var t = Transform3D.identity
            for op in try array() { t = try op.applyOperation(to: t) }
            return t
        default:
            throw expected(Self.transformForm)
        }
    }

    /// Applies the transform operation this node holds to `t` (the operation acts first).
    func applyOperation(to t: Transform3D) throws(SceneError) -> Transform3D {
        guard case .object = node.value else {
            throw expected("a transform operation: {\"translate\": …}, {\"scale\": …}, {\"rotate\": …}, {\"perspective\": …} or {\"matrix\": …}")
        }
        let o = try object()
        let ops = Self.transformOperations
        for member in o.members where !ops.contains(member.key) && member.key != "axis" {
            let match = EditDistance.bestMatch(for: member.key, among: ops + ["axis"])
            throw o.errorAtKey(member.key, "unknown transform operation '\(member.key)'",
                               hint: match.map { "did you mean '\($0)'?" } ?? "the operations are translate, scale, rotate (with axis), perspective and matrix")
        }
        let present = o.keys.filter { ops.contains($0) }
        guard let op = present.first else {
            throw error("a transform operation needs one of translate, scale, rotate, perspective or matrix")
        }
        guard present.count == 1 else {
            throw o.errorAtKey(present[1], "a transform operation has exactly one of translate, scale, rotate, perspective or matrix; found \(present.map { "'\($0)'" }.joined(separator: " and "))",
                               hint: "write each operation as its own object in a list: [{\"\(present[0])\": …}, {\"\(present[1])\": …}]")
        }
        if op != "rotate", o.has("axis") {
            throw o.errorAtKey("axis", "'axis' goes only with 'rotate'")
        }
        let r = o.reader(for: op)!
        switch op {
        case "translate":
            let v = try r.numberList([2, 3], what: "[x, y] or [x, y, z] for translate")
            return t.translatedBy(v[0], v[1], v.count == 3 ? v[2] : 0)
        case "scale":
            if case let .number(s) = r.value, s.isFinite { return t.scaledBy(s, s, s) }
            let v = try r.numberList([2, 3], what: "a number, [sx, sy] or [sx, sy, sz] for scale")
            return t.scaledBy(v[0], v[1], v.count == 3 ? v[2] : 1)
        case "rotate":
            let angle = try r.number()
            var axis = [0.0, 0, 1]
            if let a = o.reader(for: "axis") {
                axis = try a.numberList([3], what: "[x, y, z] for axis")
                if axis == [0, 0, 0] { throw a.error("the rotation axis must not be [0, 0, 0]") }
            }
            return t.rotatedBy(angle, axis: axis[0], axis[1], axis[2])
        case "perspective":
            let d = try r.number()
            guard d > 0 else { throw r.error("the perspective distance must be greater than 0, found \(formatNumber(d))") }
            return Transform3D.perspective(distance: d).concatenating(t)
        default:
            let v = try r.numberList([16], what: "16 numbers (m11, m12, …, m44) for matrix")
            return Transform3D(elements: v)!.concatenating(t)
        }
    }

    /// An array of numbers whose length is one of `counts`.
    func numberList(_ counts: [Int], what: String) throws(SceneError) -> [Double] {
        guard case let .array(items) = node.value else { throw expected(what) }
        guard counts.contains(items.count) else { throw error("expected \(what), found \(Self.describe(items))") }
        return try array().map { (r) throws(SceneError) in try r.number() }
    }
}
