import AnimGeometry

/// The transition context as a custom animator's steps see it: `$from`, `$to` and `$container` name
/// the views (as layer ids, also as keys of `changes`/`set`), `$initialFrame.from`,
/// `$finalFrame.to` and `$containerBounds` are rectangles, `$containerWidth`, `$containerHeight` and
/// `$duration` numbers (a leading `-` negates them). They are replaced in the steps' JSON before the
/// steps are decoded like timeline actions, so every located error still points into the file.
struct TransitionPlaceholders {
    let ids: [String: String]
    let rects: [String: Rect]
    let numbers: [String: Double]

    init(from: String, to: String, container: String, initialFrameFrom: Rect, containerBounds: Rect, duration: Double) {
        ids = ["$from": from, "$to": to, "$container": container]
        rects = ["$initialFrame.from": initialFrameFrom, "$finalFrame.to": containerBounds, "$containerBounds": containerBounds]
        numbers = ["$containerWidth": containerBounds.width, "$containerHeight": containerBounds.height, "$duration": duration]
    }

    static let names = ["$from", "$to", "$container", "$initialFrame.from", "$finalFrame.to", "$containerBounds",
                        "$containerWidth", "$containerHeight", "$duration"]

    /// The node with every placeholder replaced; unknown `$` names are returned for an error.
    func substitute(_ node: JSONNode, unknown: inout [(String, SourceLocation)]) -> JSONNode {
        switch node.value {
        case let .string(s) where s.hasPrefix("$") || s.hasPrefix("-$"):
            guard let value = value(of: s, at: node.location) else {
                unknown.append((s, node.location))
                return node
            }
            return JSONNode(value: value, location: node.location)
        case let .array(items):
            return JSONNode(value: .array(items.map { substitute($0, unknown: &unknown) }), location: node.location)
        case let .object(members):
            let replaced = members.map { m in
                if m.key.hasPrefix("$") && ids[m.key] == nil && m.key != "$schema" { unknown.append((m.key, m.keyLocation)) }
                return JSONMember(key: ids[m.key] ?? m.key, keyLocation: m.keyLocation, value: substitute(m.value, unknown: &unknown))
            }
            return JSONNode(value: .object(replaced), location: node.location)
        default:
            return node
        }
    }

    private func value(of s: String, at location: SourceLocation) -> JSONValue? {
        if let id = ids[s] { return .string(id) }
        if let r = rects[s] {
            return .array([r.origin.x, r.origin.y, r.width, r.height].map { JSONNode(value: .number($0), location: location) })
        }
        let negated = s.hasPrefix("-")
        guard let n = numbers[negated ? String(s.dropFirst()) : s] else { return nil }
        return .number(negated ? -n : n)
    }
}
