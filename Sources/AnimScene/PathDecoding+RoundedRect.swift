import AnimGeometry

/// The `roundedRect` path factory's three forms.
extension JSONReader {
    /// UIRectCorner names.
    static let rectCorners = ["topLeft", "topRight", "bottomLeft", "bottomRight", "allCorners"]

    /// `{"roundedRect": rect, "cornerRadius": r}` (UIBezierPath(roundedRect:cornerRadius:)),
    /// `{"roundedRect": rect, "cornerRadius": [topLeft, topRight, bottomRight, bottomLeft]}` (one
    /// radius per corner, clockwise from the top-left, fitted to the sides as CSS does), or
    /// `{"roundedRect": rect, "byRoundingCorners": [UIRectCorner names], "cornerRadii": [w, h]}`
    /// (UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:): the named corners get radius w,
    /// as UIKit uses only the width; `byRoundingCorners` defaults to all corners; a number is
    /// accepted for `cornerRadii`). Radii must not be negative.
    func roundedRectPath(_ o: JSONObjectReader) throws(SceneError) -> Path {
        let rect = try o.required("roundedRect").rect()
        if let radii = o.optional("cornerRadii") {
            if o.has("cornerRadius") { throw o.errorAtKey("cornerRadius", "'cornerRadius' and 'cornerRadii' cannot both be given") }
            let r: Double
            if radii.isNumber { r = try radii.nonNegativeNumber("cornerRadii") } else {
                r = try radii.size().width
                guard r >= 0 else { throw radii.error("'cornerRadii' must not be negative") }
            }
            let corners = try o.optional("byRoundingCorners").map { c throws(SceneError) in try c.rectCorners() }
                ?? Set(Self.rectCorners)
            func radius(_ name: String) -> Double { corners.contains(name) || corners.contains("allCorners") ? r : 0 }
            return Path.roundedRect(rect, cornerRadii: CornerRadii(topLeft: radius("topLeft"), topRight: radius("topRight"),
                                                                   bottomRight: radius("bottomRight"), bottomLeft: radius("bottomLeft")))
        }
        if o.has("byRoundingCorners") { throw o.errorAtKey("byRoundingCorners", "'byRoundingCorners' needs 'cornerRadii'") }
        let radius = try o.required("cornerRadius")
        guard !radius.isNumber else { return Path.roundedRect(rect, cornerRadius: try radius.nonNegativeNumber("cornerRadius")) }
        let list = try radius.array()
        guard list.count == 4 else {
            throw radius.error("'cornerRadius' is a number or four numbers [topLeft, topRight, bottomRight, bottomLeft]")
        }
        let r = try list.map { item throws(SceneError) in try item.nonNegativeNumber("cornerRadius") }
        return Path.roundedRect(rect, cornerRadii: CornerRadii(topLeft: r[0], topRight: r[1], bottomRight: r[2], bottomLeft: r[3]))
    }

    /// A list of UIRectCorner names (`topLeft`, `topRight`, `bottomLeft`, `bottomRight`, `allCorners`).
    func rectCorners() throws(SceneError) -> Set<String> {
        var out: Set<String> = []
        for item in try array() {
            let name = try item.string()
            guard Self.rectCorners.contains(name) else {
                let hint = EditDistance.bestMatch(for: name, among: Self.rectCorners)
                throw item.error("unknown corner '\(name)'", hint: hint.map { "did you mean '\($0)'?" } ?? "expected one of: " + Self.rectCorners.joined(separator: ", "))
            }
            out.insert(name)
        }
        return out
    }
}

extension JSONReader {
    /// True when the value is a number.
    var isNumber: Bool {
        if case .number = node.value { return true }
        return false
    }
}
