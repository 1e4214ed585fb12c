import AnimEngine
import AnimGeometry
import AnimPhysics

/// The `dynamics` verb (UIKit Dynamics, docs/dynamics.md):
/// `{"referenceView": id, "removeAllBehaviors": bool, "behaviors": [{"gravity": {…}}, …]}`.
extension SceneDecoder {
    static let dynamicsKeys = ["referenceView", "removeAllBehaviors", "behaviors", "collisionBoundsType"]
    static let behaviorKinds = ["gravity", "collision", "itemBehavior", "attachment", "snap", "push"]

    func decodeDynamics(_ body: JSONReader) -> Action? {
        guard let object = attempt({ () throws(SceneError) in try body.object() }) else { return nil }
        report(object.unknownKeys(allowed: Self.dynamicsKeys))
        let errorCount = errors.count
        guard let view = attempt({ () throws(SceneError) in try resolveLayer(try object.required("referenceView")) }) else { return nil }
        let removeAll = object.optional("removeAllBehaviors").flatMap { r in attempt { () throws(SceneError) in try r.bool() } } ?? false
        var behaviors: [DynamicBehavior] = []
        if let r = object.optional("behaviors") {
            for item in attempt({ () throws(SceneError) in try r.array() }) ?? [] {
                if let b = attempt({ () throws(SceneError) in try decodeBehavior(item, view: view) }) { behaviors.append(b) }
            }
        } else if !removeAll {
            errors.append(body.error("a dynamics action needs 'behaviors' (or 'removeAllBehaviors': true)"))
        }
        let types = object.optional("collisionBoundsType").flatMap { r in attempt { () throws(SceneError) in try boundsTypes(r, view) } }
        guard errors.count == errorCount else { return nil }
        return .dynamics(DynamicsAction(referenceView: view, removeAllBehaviors: removeAll, behaviors: behaviors,
                                        collisionBoundsTypes: types ?? [:]))
    }

    /// One behaviour: an object with exactly one key naming its kind.
    private func decodeBehavior(_ r: JSONReader, view: Int) throws(SceneError) -> DynamicBehavior {
        let o = try r.object()
        guard o.keys.count == 1, let kind = o.keys.first, let body = o.reader(for: kind) else {
            throw r.error("a behaviour is an object with one key: \(Self.behaviorKinds.joined(separator: ", "))")
        }
        let b = try body.object()
        switch kind {
        case "gravity": return .gravity(try decodeGravity(b, view))
        case "collision": return .collision(try decodeCollision(b, view))
        case "itemBehavior": return .itemBehavior(try decodeItemBehavior(b, view))
        case "attachment": return .attachment(try decodeAttachment(b, view))
        case "snap": return .snap(try decodeSnap(b, view))
        case "push": return .push(try decodePush(b, view))
        default:
            let hint = EditDistance.bestMatch(for: kind, among: Self.behaviorKinds)
            throw o.errorAtKey(kind, "unknown behaviour '\(kind)'", hint: hint.map { "did you mean '\($0)'?" })
        }
    }

    private func decodeGravity(_ o: JSONObjectReader, _ view: Int) throws(SceneError) -> GravityBehavior {
        try checkKeys(o, ["items", "angle", "magnitude", "direction"])
        var g = GravityBehavior(items: try items(o, view))
        if let (angle, magnitude) = try direction(o) {
            (g.angle, g.magnitude) = (angle, magnitude)
        } else {
            g.angle = try number(o, "angle") ?? g.angle
            g.magnitude = try number(o, "magnitude") ?? g.magnitude
        }
        return g
    }

    private func decodeCollision(_ o: JSONObjectReader, _ view: Int) throws(SceneError) -> CollisionBehavior {
        try checkKeys(o, ["items", "mode", "translatesReferenceBoundsIntoBoundary", "insets", "boundaries"])
        var c = CollisionBehavior(items: try items(o, view))
        if let r = o.optional("mode") {
            let name = try r.string()
            guard let mode = CollisionBehavior.Mode(rawValue: name) else {
                throw r.error("unknown collision mode '\(name)'", hint: "use items, boundaries or everything")
            }
            c.mode = mode
        }
        c.translatesReferenceBoundsIntoBoundary = try o.optional("translatesReferenceBoundsIntoBoundary")?.bool() ?? false
        if let r = o.optional("insets") {
            let v = try r.numberList([4], what: "insets: [top, left, bottom, right]")
            c.insets = (v[0], v[1], v[2], v[3])
        }
        for item in try o.optional("boundaries")?.array() ?? [] { c.boundaries += try boundary(item) }
        return c
    }

    /// `{"from": point, "to": point}` (addBoundary(withIdentifier:from:to:)) or `{"path": path}`
    /// (addBoundary(withIdentifier:for:)), flattened to within 0.25 pt.
    private func boundary(_ r: JSONReader) throws(SceneError) -> [[Point]] {
        let o = try r.object()
        if let p = o.optional("path") {
            try checkKeys(o, ["path"])
            let lines = try p.bezierPath().flattened(tolerance: 0.25)
            if lines.isEmpty { throw p.error("a boundary path needs at least one line or curve") }
            return lines
        }
        try checkKeys(o, ["from", "to"])
        return [[try o.required("from").point(), try o.required("to").point()]]
    }

    private func decodeItemBehavior(_ o: JSONObjectReader, _ view: Int) throws(SceneError) -> ItemBehavior {
        try checkKeys(o, ["items", "elasticity", "friction", "density", "resistance", "angularResistance", "allowsRotation"])
        var b = ItemBehavior(items: try items(o, view))
        b.elasticity = try number(o, "elasticity", min: 0)
        b.friction = try number(o, "friction", min: 0)
        b.density = positive(o, "density")
        b.resistance = try number(o, "resistance", min: 0)
        b.angularResistance = try number(o, "angularResistance", min: 0)
        b.allowsRotation = try o.optional("allowsRotation")?.bool()
        return b
    }

    private func decodeAttachment(_ o: JSONObjectReader, _ view: Int) throws(SceneError) -> AttachmentBehavior {
        try checkKeys(o, ["item", "offset", "toAnchor", "toItem", "toOffset", "length", "damping", "frequency"])
        var a = AttachmentBehavior(item: try item(o.required("item"), view))
        a.offset = try o.optional("offset")?.point() ?? .zero
        switch (o.optional("toAnchor"), o.optional("toItem")) {
        case let (anchor?, nil): a.anchor = try anchor.point()
        case let (nil, other?):
            a.toItem = try item(other, view)
            if a.toItem == a.item { throw other.error("an item cannot be attached to itself") }
            a.toOffset = try o.optional("toOffset")?.point() ?? .zero
        default:
            throw o.reader.error("an attachment needs exactly one of 'toAnchor' (a point) and 'toItem' (an item id)")
        }
        if o.has("toOffset") && a.toItem == nil, let r = o.optional("toOffset") { throw r.error("'toOffset' goes with 'toItem'") }
        a.length = try number(o, "length", min: 0)
        a.damping = try number(o, "damping", min: 0) ?? 0
        a.frequency = try number(o, "frequency", min: 0) ?? 0
        return a
    }

    private func decodeSnap(_ o: JSONObjectReader, _ view: Int) throws(SceneError) -> SnapBehavior {
        try checkKeys(o, ["item", "to", "damping"])
        var s = SnapBehavior(item: try item(o.required("item"), view), point: try o.required("to").point())
        if let d = try number(o, "damping", min: 0) {
            if d > 1, let r = o.optional("damping") { throw r.error("damping must be between 0 and 1, found \(formatNumber(d))") }
            s.damping = d
        }
        return s
    }

    private func decodePush(_ o: JSONObjectReader, _ view: Int) throws(SceneError) -> PushBehavior {
        try checkKeys(o, ["items", "mode", "angle", "magnitude", "direction", "offset"])
        var p = PushBehavior(items: try items(o, view))
        if let r = o.optional("mode") {
            let name = try r.string()
            guard let mode = PushBehavior.Mode(rawValue: name) else {
                throw r.error("unknown push mode '\(name)'", hint: "use continuous or instantaneous")
            }
            p.mode = mode
        }
        if let (angle, magnitude) = try direction(o) {
            (p.angle, p.magnitude) = (angle, magnitude)
        } else {
            p.angle = try number(o, "angle") ?? 0
            p.magnitude = try number(o, "magnitude") ?? 0
        }
        p.offset = try o.optional("offset")?.point() ?? .zero
        return p
    }

    /// `{"itemId": "rectangle" | "ellipse"}`: UIDynamicItem.collisionBoundsType per item.
    private func boundsTypes(_ r: JSONReader, _ view: Int) throws(SceneError) -> [Int: CollisionBoundsType] {
        let o = try r.object()
        var out: [Int: CollisionBoundsType] = [:]
        for id in o.keys {
            guard let value = o.reader(for: id) else { continue }
            let index = try item(value, id: id, view)
            let name = try value.string()
            guard let type = CollisionBoundsType(rawValue: name) else {
                throw value.error("unknown collisionBoundsType '\(name)'", hint: "use rectangle or ellipse (path is not supported)")
            }
            out[index] = type
        }
        return out
    }

    // MARK: Helpers

    private func checkKeys(_ o: JSONObjectReader, _ allowed: [String]) throws(SceneError) {
        if let first = o.unknownKeys(allowed: allowed).first { throw first }
    }

    /// A finite number, at least `min` when given.
    private func number(_ o: JSONObjectReader, _ key: String, min: Double? = nil) throws(SceneError) -> Double? {
        guard let r = o.optional(key) else { return nil }
        let v = try r.number()
        if let min, v < min { throw r.error("\(key) must be \(formatNumber(min)) or more, found \(formatNumber(v))") }
        return v
    }

    /// `direction: [dx, dy]` (gravityDirection / pushDirection) as an angle and a magnitude; it
    /// excludes `angle` and `magnitude`.
    private func direction(_ o: JSONObjectReader) throws(SceneError) -> (Double, Double)? {
        guard let r = o.optional("direction") else { return nil }
        if o.has("angle") || o.has("magnitude") { throw r.error("give either 'direction' or 'angle' and 'magnitude', not both") }
        let d = try r.point()
        return (arcTangent2(d.y, d.x), (d.x * d.x + d.y * d.y).squareRoot())
    }

    /// A non-empty list of item ids.
    private func items(_ o: JSONObjectReader, _ view: Int) throws(SceneError) -> [Int] {
        let r = try o.required("items")
        let list = try r.array()
        if list.isEmpty { throw r.error("a behaviour needs at least one item") }
        var out: [Int] = []
        for element in list {
            let index = try item(element, view)
            if out.contains(index) { throw element.error("this item is listed twice") }
            out.append(index)
        }
        return out
    }

    /// A dynamic item: a direct sublayer of the reference view (its centre is in the reference
    /// view's coordinates, as UIKit requires of items it moves).
    private func item(_ r: JSONReader, id: String? = nil, _ view: Int) throws(SceneError) -> Int {
        let index: Int
        if let id { index = try resolveLayer(id: id, at: r) } else { index = try resolveLayer(r) }
        guard tree.nodes[index].parent == view else {
            let name = tree.nodes[view].id, id = tree.nodes[index].id
            throw r.error("'\(id)' is not a direct sublayer of the reference view '\(name)'",
                          hint: "dynamic items must be subviews of the reference view")
        }
        return index
    }

    /// The dynamics simulations run when the scene loads, every step of every item: a scene that
    /// would take more than `DynamicsSimulation.maxItemSteps` is refused at the action where the
    /// total passes it, rather than running for minutes.
    func checkDynamicsBudget(until end: Double) {
        let dynamics = zip(actions, actionPlaces).enumerated().compactMap { k, pair -> (order: Int, time: Double, action: DynamicsAction, place: ScenePlace)? in
            guard case let .dynamics(d) = pair.0.action else { return nil }
            return (k, pair.0.time, d, pair.1)
        }.sorted { ($0.time, $0.order) < ($1.time, $1.order) }
        let (total, over) = DynamicsSimulation.itemSteps(dynamics.map { ($0.time, $0.action) }, until: end)
        guard let over else { return }
        let place = dynamics[over].place
        errors.append(SceneError(file: file, path: place.path, location: place.location, message:
            "the dynamics simulations would run \(Int(min(total, 1e18))) item-steps (items × 1/120 s steps); at most \(DynamicsSimulation.maxItemSteps) are allowed",
            hint: "use fewer items, or end the scene (or the behaviours, with removeAllBehaviors) sooner"))
    }

    /// The timeline, with the dynamics simulations run (up to `end`), or nil with an error at the
    /// `dynamics` action that was running when their work passed a limit of `dynamicsBudget`: the
    /// item-step count (``checkDynamicsBudget(until:)``) sees neither sub-steps nor contacts.
    func simulateDynamics(until end: Double) -> Timeline? {
        do {
            return try Timeline(model: tree, actions: actions, dynamicsEnd: end, dynamicsBudget: dynamicsBudget)
        } catch {
            let place = actionPlaces[error.action]
            let (message, hint) = Self.describe(error)
            errors.append(SceneError(file: file, path: place.path, location: place.location, message: message, hint: hint))
            return nil
        }
    }

    /// The message and hint for a simulation stopped by its budget.
    static func describe(_ e: DynamicsWorkExceeded) -> (message: String, hint: String) {
        let started = "the dynamics simulation started at t = \(formatNumber(e.time)) s"
        switch e.cause.reason {
        case .total:
            return ("\(started) takes the scene past \(e.cause.limit) item-steps of work, counting sub-steps (a fast or small item "
                        + "takes up to 64 a 1/120 s step), contacts (10 each) and the behaviours each action rebuilds the world from; "
                        + "at most \(e.cause.limit) are allowed",
                    "use fewer, larger or slower items, or fewer behaviours, or end the scene (or the behaviours, with removeAllBehaviors) sooner")
        case .overlapsAtOnce:
            return ("\(started) has more than \(e.cause.limit) pairs of items overlapping at once, each a contact to solve; "
                        + "at most \(e.cause.limit) are allowed",
                    "start fewer items on one spot")
        }
    }
}
