import AnimEngine
import AnimGeometry
import AnimLayers
import AnimTiming

/// View controllers (docs/view-controllers.md): `viewControllers` names root views, and the verbs
/// `present`, `dismiss`, `push` and `pop` are lowered here, in time order, to the timeline's own
/// actions (add and remove sublayers, the animator's `set`/`animate` steps, transitions, an
/// interactive drive), the way UIKit runs an animator inside a transition context.
extension SceneDecoder {
    static let controllerVerbs = ["present", "dismiss", "push", "pop"]

    /// State of the view-controller pass.
    struct ControllerState {
        /// In file order, a duplicate id's too (each is an error).
        private(set) var decls: [ViewControllerDecl] = []
        /// The index in `decls` of the first declaration of each id; only looked up, never iterated.
        private var first: [String: Int] = [:]
        var verbs: [(at: Double, verb: String, body: JSONReader)] = []
        var window: Int?
        var nextID = 0

        /// Adds a declaration; for an id already declared, the first one stays the one found.
        mutating func declare(_ decl: ViewControllerDecl) {
            if first[decl.id] == nil { first[decl.id] = decls.count }
            decls.append(decl)
        }

        /// The first declaration with `id`.
        func decl(_ id: String) -> ViewControllerDecl? {
            first[id].map { decls[$0] }
        }
    }

    /// `viewControllers`: `[{"id", "view", "viewControllers"?}]`; the last key makes a navigation
    /// controller with that initial stack.
    func decodeViewControllers(_ reader: JSONReader) {
        guard let list = attempt({ () throws(SceneError) in try reader.array() }) else { return }
        for item in list {
            guard let object = attempt({ () throws(SceneError) in try item.object() }) else { continue }
            report(object.unknownKeys(allowed: ["id", "view", "viewControllers"]))
            guard let idReader = attempt({ () throws(SceneError) in try object.required("id") }),
                  let id = attempt({ () throws(SceneError) in try idReader.string() }),
                  let view = attempt({ () throws(SceneError) in try resolveLayer(try object.required("view")) }) else { continue }
            if controller(id) != nil {
                errors.append(idReader.error("duplicate view controller id '\(id)'"))
            }
            let stackReaders = object.optional("viewControllers").flatMap { r in attempt { () throws(SceneError) in try r.array() } }
            var stack = stackReaders.map { _ in [String]() }
            for r in stackReaders ?? [] {
                guard let child = attempt({ () throws(SceneError) in try r.string() }) else { continue }
                // UIKit: "All view controllers in a navigation controller must be distinct".
                if child == id {
                    errors.append(r.error("'\(id)' cannot be on its own navigation stack"))
                } else if stack?.contains(child) == true {
                    errors.append(r.error("'\(child)' is on the stack twice; UIKit requires the view controllers of a navigation controller to be distinct"))
                } else {
                    stack?.append(child)
                }
            }
            controllers.declare(ViewControllerDecl(id: id, view: view, stack: stack, path: item.path))
        }
        for decl in controllers.decls { for child in decl.stack ?? [] where controller(child) == nil {
            errors.append(SceneError(file: file, path: decl.path, location: nil, message: "no view controller has the id '\(child)'", hint: nil))
        } }
        controllers.window = makeWindow()
    }

    /// The window: the layer with id `window` if the scene has one, or a new root layer covering the
    /// canvas that all root layers move into (it draws nothing, so the picture is unchanged).
    private func makeWindow() -> Int {
        if let index = layerIndex.index(of: "window", in: tree) { return index }
        return makeCanvasContainer(id: "window")
    }

    /// A new root layer covering the canvas that all root layers move into, in order; it draws
    /// nothing, so the picture is unchanged.
    func makeCanvasContainer(id: String) -> Int {
        var props = LayerProperties()
        props.bounds = Rect(x: 0, y: 0, width: canvasSize.width, height: canvasSize.height)
        props.position = Point(x: canvasSize.width / 2, y: canvasSize.height / 2)
        let roots = tree.roots
        let container = tree.append(id: id, properties: props, parent: nil)
        for root in roots { tree.insert(root, into: container, at: tree.nodes[container].children.count) }
        return container
    }

    func controller(_ id: String) -> ViewControllerDecl? { controllers.decl(id) }

    func resolveController(_ reader: JSONReader) throws(SceneError) -> ViewControllerDecl {
        let id = try reader.string()
        if let decl = controller(id) { return decl }
        let hint = EditDistance.bestMatch(for: id, among: controllers.decls.lazy.map(\.id), budget: &idHintBudget)
        throw reader.error("no view controller has the id '\(id)'", hint: hint.map { "did you mean '\($0)'?" } ?? "declare it in 'viewControllers'")
    }

    /// transitionFromViewController(_:to:duration:options:animations:completion:): the two child
    /// view controllers' views swap in the parent's container with the options' effect.
    func decodeTransitionFromViewController(_ body: JSONReader) -> Action? {
        decodeSwapTransition(body, verb: "transitionFromViewController") { r throws(SceneError) in try resolveController(r).view }
    }

    /// Lowers the collected present/dismiss/push/pop verbs in time order (ties in file order).
    func lowerControllerVerbs() {
        guard !controllers.verbs.isEmpty else { return }
        guard controllers.window != nil else {
            errors.append(controllers.verbs[0].body.error("view-controller verbs need the scene's 'viewControllers'"))
            return
        }
        var state = ControllerStacks(decls: controllers.decls)
        let ordered = controllers.verbs.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
        for (_, item) in ordered {
            lowerControllerVerb(item.verb, item.body, at: item.at, state: &state)
        }
    }
}

/// Who presents whom, and the navigation stacks, as the verbs are lowered in time order.
struct ControllerStacks {
    struct Presentation {
        var presented: String
        var presenter: String
        var style: BuiltInTransition
        var presentation: PresentationStyle
        /// A present whose errors are already reported: its dismiss is skipped without another.
        var failed = false

        static func failed(_ presented: String) -> Presentation {
            Presentation(presented: presented, presenter: "", style: .coverVertical, presentation: .fullScreen, failed: true)
        }
    }

    var presentations: [Presentation] = []
    var navigation: [(nav: String, stack: [String])]

    init(decls: [ViewControllerDecl]) {
        navigation = decls.compactMap { d in d.stack.map { (d.id, $0) } }
    }

    func stack(_ nav: String) -> [String]? { navigation.first { $0.nav == nav }?.stack }

    mutating func setStack(_ nav: String, _ stack: [String]) {
        if let i = navigation.firstIndex(where: { $0.nav == nav }) { navigation[i].stack = stack }
    }
}
