import AnimGeometry

/// The scene format's `path` value (SCENE_FORMAT.md "Values"): SVG path data or a UIBezierPath factory.
extension JSONReader {
    static let pathForm = "a path: SVG path data such as \"M 0 0 L 10 10 Z\", or {\"rect\": …}, "
        + "{\"roundedRect\": …, \"cornerRadius\": r}, {\"ovalIn\": …} or "
        + "{\"arcCenter\": …, \"radius\": r, \"startAngle\": a, \"endAngle\": b, \"clockwise\": true}, "
        + "or a list of UIBezierPath calls such as [{\"move\": …}, {\"addLine\": …}, \"close\"]"

    /// The factory objects: the key naming each factory (first) and every key it allows.
    static let pathFactories: [(name: String, keys: [String])] = [
        ("rect", ["rect"]),
        ("roundedRect", ["roundedRect", "cornerRadius", "byRoundingCorners", "cornerRadii"]),
        ("ovalIn", ["ovalIn"]),
        ("arcCenter", ["arcCenter", "radius", "startAngle", "endAngle", "clockwise"]),
    ]

    /// A path: a string of SVG path data (`"M 20 100 Q 0 0 120 100 Z"`, see `SVGPathParser`), or
    /// one UIBezierPath factory object:
    /// - `{"rect": rect}`: UIBezierPath(rect:);
    /// - `{"roundedRect": rect, "cornerRadius": r}`: UIBezierPath(roundedRect:cornerRadius:), r ≥ 0;
    ///   `"cornerRadius": [topLeft, topRight, bottomRight, bottomLeft]` gives each corner its own radius;
    ///   `"byRoundingCorners": [names], "cornerRadii": [w, h]` is
    ///   UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:) (see `roundedRectPath`);
    /// - `{"ovalIn": rect}`: UIBezierPath(ovalIn:);
    /// - `{"arcCenter": point, "radius": r, "startAngle": a, "endAngle": b, "clockwise": bool}`:
    ///   UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:), angles in radians, r ≥ 0,
    ///   `clockwise` defaulting to true.
    ///
    /// - a list of UIBezierPath calls (`[{"move": …}, {"addLine": …}, "close"]`, see `builderPath`).
    ///
    /// Bad path data is reported at this node with the character where parsing stopped.
    ///
    /// (Named `bezierPath()` because `JSONReader.path` is the node's JSON path.)
    public func bezierPath() throws(SceneError) -> Path {
        switch node.value {
        case let .string(data):
            return try svgPath(data)
        case .object:
            return try factoryPath(try object())
        case .array:
            return try builderPath(try array())
        default:
            throw expected(Self.pathForm)
        }
    }

    /// Parses SVG path data, turning a syntax error into an error located at this node.
    func svgPath(_ data: String) throws(SceneError) -> Path {
        do throws(SVGPathError) {
            return try SVGPathParser.parse(data)
        } catch {
            let factory = EditDistance.bestMatch(for: data, among: Self.pathFactories.map(\.name))
            let hint = factory.map { "a UIBezierPath factory is an object, such as {\"\($0)\": …}" }
            throw self.error("invalid SVG path data: \(error.message)", hint: hint)
        }
    }

    /// The path of a factory object, after checking it has exactly one factory and only its keys.
    func factoryPath(_ o: JSONObjectReader) throws(SceneError) -> Path {
        let factory = try pathFactory(of: o)
        switch factory {
        case "rect":
            return Path.rect(try o.required("rect").rect())
        case "roundedRect":
            return try roundedRectPath(o)
        case "ovalIn":
            return Path.oval(in: try o.required("ovalIn").rect())
        default:
            return Path.arc(center: try o.required("arcCenter").point(),
                            radius: try o.required("radius").nonNegativeNumber("radius"),
                            startAngle: try o.required("startAngle").number(),
                            endAngle: try o.required("endAngle").number(),
                            clockwise: try o.optional("clockwise")?.bool() ?? true)
        }
    }

    /// The one factory key of a path object; errors for unknown keys, no factory, several
    /// factories, or a key belonging to another factory.
    func pathFactory(of o: JSONObjectReader) throws(SceneError) -> String {
        let factories = Self.pathFactories
        let allKeys = factories.flatMap(\.keys)
        let present = o.keys.filter { key in factories.contains { $0.name == key } }
        let allowed = present.first.flatMap { name in factories.first { $0.name == name }?.keys } ?? allKeys
        for member in o.members where !allKeys.contains(member.key) {
            throw o.unknownKeyError(member, allowed: allowed, noun: "key")
        }
        let names = factories.map { "'\($0.name)'" }
        guard let factory = present.first else {
            let owner = o.keys.first.flatMap { key in factories.first { $0.keys.contains(key) } }
            throw error("a path object needs one of \(names.dropLast().joined(separator: ", ")) or \(names[names.count - 1])",
                        hint: owner.map { "'\(o.keys[0])' goes with '\($0.name)'" })
        }
        guard present.count == 1 else {
            throw o.errorAtKey(present[1], "a path object has exactly one of \(names.joined(separator: ", ")); found '\(present[0])' and '\(present[1])'")
        }
        for key in o.keys where !allowed.contains(key) {
            let owner = factories.first { $0.keys.contains(key) }?.name ?? ""
            throw o.errorAtKey(key, "'\(key)' goes only with '\(owner)'")
        }
        return factory
    }

    /// A finite number ≥ 0, named `key` in the error.
    func nonNegativeNumber(_ key: String) throws(SceneError) -> Double {
        let v = try number()
        guard v >= 0 else { throw error("'\(key)' must not be negative, found \(formatNumber(v))") }
        return v
    }
}
