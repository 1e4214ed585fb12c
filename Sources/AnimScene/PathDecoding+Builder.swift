import AnimGeometry

/// The path value's third form: a list of UIBezierPath calls, so that Swift code building a path
/// translates line by line:
///
/// ```json
/// [{"move": [20, 100]}, {"addQuadCurve": [120, 100], "controlPoint": [0, 0]}, "close"]
/// ```
///
/// - `{"move": point}`: move(to:);
/// - `{"addLine": point}`: addLine(to:);
/// - `{"addQuadCurve": point, "controlPoint": point}`: addQuadCurve(to:controlPoint:);
/// - `{"addCurve": point, "controlPoint1": point, "controlPoint2": point}`: addCurve(to:controlPoint1:controlPoint2:);
/// - `{"addArc": center, "radius": r, "startAngle": a, "endAngle": b, "clockwise": bool}`:
///   addArc(withCenter:radius:startAngle:endAngle:clockwise:) (a line from the current point to the
///   arc's start, as UIKit; `clockwise` defaults to true);
/// - `{"append": path}`: append(_:), any path value (SVG data, a factory or another list);
/// - `"close"` (or `{"close": true}`): close().
///
/// A line or curve before any `move` is an error here (UIKit logs "no current point" and draws
/// nothing), located at the call.
extension JSONReader {
    /// The calls and the keys each allows (the call's own key first).
    static let builderCalls: [(name: String, keys: [String])] = [
        ("move", ["move"]),
        ("addLine", ["addLine"]),
        ("addQuadCurve", ["addQuadCurve", "controlPoint"]),
        ("addCurve", ["addCurve", "controlPoint1", "controlPoint2"]),
        ("addArc", ["addArc", "radius", "startAngle", "endAngle", "clockwise"]),
        ("append", ["append"]),
        ("close", ["close"]),
    ]

    /// Deeper `append` nesting than this is refused (a path is not a tree).
    static let maximumAppendDepth = 8

    func builderPath(_ calls: [JSONReader], depth: Int = 0) throws(SceneError) -> Path {
        var path = Path()
        for call in calls {
            if case let .string(name) = call.node.value {
                guard name == "close" else {
                    let hint = EditDistance.bestMatch(for: name, among: ["close"]).map { "did you mean '\($0)'?" }
                    throw call.error("a UIBezierPath call is an object such as {\"addLine\": [x, y]}, or \"close\"", hint: hint)
                }
                try call.requireCurrentPoint(path, "close")
                path.close()
                continue
            }
            try call.apply(try call.object(), to: &path, depth: depth)
        }
        return path
    }

    private func apply(_ o: JSONObjectReader, to path: inout Path, depth: Int) throws(SceneError) {
        let name = try builderCall(of: o)
        switch name {
        case "move":
            path.move(to: try o.required("move").point())
        case "addLine":
            try requireCurrentPoint(path, name)
            path.line(to: try o.required("addLine").point())
        case "addQuadCurve":
            try requireCurrentPoint(path, name)
            path.quad(to: try o.required("addQuadCurve").point(), control: try o.required("controlPoint").point())
        case "addCurve":
            try requireCurrentPoint(path, name)
            path.cubic(to: try o.required("addCurve").point(), control1: try o.required("controlPoint1").point(),
                       control2: try o.required("controlPoint2").point())
        case "addArc":
            path.addArc(center: try o.required("addArc").point(),
                        radius: try o.required("radius").nonNegativeNumber("radius"),
                        startAngle: try o.required("startAngle").number(), endAngle: try o.required("endAngle").number(),
                        clockwise: try o.optional("clockwise")?.bool() ?? true)
        case "append":
            let inner = try o.required("append")
            guard depth < Self.maximumAppendDepth else { throw inner.error("'append' is nested too deeply") }
            let appended: Path
            if case .array = inner.node.value {
                appended = try inner.builderPath(try inner.array(), depth: depth + 1)
            } else {
                appended = try inner.bezierPath()
            }
            path.elements += appended.elements
        default:
            try requireCurrentPoint(path, name)
            guard try o.required("close").bool() else { throw o.errorAtKey("close", "'close' takes true") }
            path.close()
        }
    }

    private func requireCurrentPoint(_ path: Path, _ call: String) throws(SceneError) {
        guard path.currentPoint == nil else { return }
        throw error("'\(call)' needs a current point: start the path with {\"move\": [x, y]}")
    }

    /// The one call key of an object, with errors for unknown keys, several calls or a key of another call.
    private func builderCall(of o: JSONObjectReader) throws(SceneError) -> String {
        let calls = Self.builderCalls
        let allKeys = calls.flatMap(\.keys)
        let present = o.keys.filter { key in calls.contains { $0.name == key } }
        let allowed = present.first.flatMap { name in calls.first { $0.name == name }?.keys } ?? allKeys
        for member in o.members where !allKeys.contains(member.key) {
            throw o.unknownKeyError(member, allowed: allowed, noun: "key")
        }
        let names = calls.map { "'\($0.name)'" }.joined(separator: ", ")
        guard let call = present.first else { throw error("a UIBezierPath call needs one of \(names)") }
        guard present.count == 1 else {
            throw o.errorAtKey(present[1], "a UIBezierPath call has one of \(names); found '\(present[0])' and '\(present[1])'")
        }
        for key in o.keys where !allowed.contains(key) {
            let owner = calls.first { $0.keys.contains(key) }?.name ?? ""
            throw o.errorAtKey(key, "'\(key)' goes only with '\(owner)'")
        }
        return call
    }
}
