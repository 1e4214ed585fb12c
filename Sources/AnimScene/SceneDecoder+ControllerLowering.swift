import AnimEngine
import AnimGeometry
import AnimLayers
import AnimTiming

/// present / dismiss / push / pop, each lowered to the actions UIKit would cause.
extension SceneDecoder {
    static let controllerCommonKeys = ["animated", "animator", "interactive", "completion"]

    func lowerControllerVerb(_ verb: String, _ body: JSONReader, at t: Double, state: inout ControllerStacks) {
        guard let object = attempt({ () throws(SceneError) in try body.object() }) else { return }
        switch verb {
        case "present": lowerPresent(object, at: t, state: &state)
        case "dismiss": lowerDismiss(object, at: t, state: &state)
        case "push": lowerPush(object, at: t, state: &state)
        default: lowerPop(object, at: t, state: &state)
        }
    }

    private func lowerPresent(_ object: JSONObjectReader, at t: Double, state: inout ControllerStacks) {
        report(object.unknownKeys(allowed: ["viewController", "from", "modalTransitionStyle", "modalPresentationStyle"] + Self.controllerCommonKeys))
        let errorCount = errors.count
        let named = object.optional("viewController").flatMap { r in (try? r.string()) } ?? ""
        var to = attempt { () throws(SceneError) in try resolveController(try object.required("viewController")) }
        if let active = to, let error = alreadyActiveError(active, object, state) {
            errors.append(error)
            to = nil
        }
        let presenter = presentingController(object, state)
        guard let to, let presenter, let window = controllers.window else {
            // Recorded all the same, so that its dismiss does not add an error of its own.
            state.presentations.append(.failed(to?.id ?? named))
            return
        }
        let style = object.optional("modalTransitionStyle").flatMap { decodeName($0, BuiltInTransition.self, what: "modal transition style") } ?? .coverVertical
        let presentation = object.optional("modalPresentationStyle").flatMap { decodeName($0, PresentationStyle.self, what: "modal presentation style") } ?? .fullScreen
        let context = makeContext(.present, from: presenter.view, to: to.view, container: window, style: style, at: t)
        let plan = ControllerPlan(context: context, style: style, removesFrom: presentation.removesPresenter, addsTo: true)
        if lower(plan, object) && errors.count == errorCount {
            state.presentations.append(.init(presented: to.id, presenter: presenter.id, style: style, presentation: presentation))
        } else if errors.count > errorCount {
            state.presentations.append(.failed(to.id))
        }
    }

    /// UIKit refuses to present a view controller that is already active ("Application tried to
    /// present modally an active controller"): one presented and not dismissed yet, one on a
    /// navigation stack, or one whose view is on screen when the scene starts (the root view
    /// controller, a child's view inside it). The error is located at the `present`.
    private func alreadyActiveError(_ vc: ViewControllerDecl, _ object: JSONObjectReader, _ state: ControllerStacks) -> SceneError? {
        if state.presentations.contains(where: { !$0.failed && $0.presented == vc.id }) {
            return object.reader.error("'\(vc.id)' is already presented at that time; UIKit refuses to present it again",
                                       hint: "dismiss it first")
        }
        if let nav = state.navigation.first(where: { $0.stack.contains(vc.id) }) {
            return object.reader.error("'\(vc.id)' is on the navigation stack of '\(nav.nav)' at that time; UIKit refuses to present "
                                           + "a view controller that has a parent", hint: "pop it first")
        }
        guard isInWindowAtStart(vc.view) else { return nil }
        let view = tree.nodes[vc.view].id
        let declaredAt = declaration(of: view)
        return object.reader.error("the view of '\(vc.id)', '\(view)', is already on screen (in the window when the scene starts); "
                                       + "UIKit refuses to present a view controller that is already active",
                                   hint: "mark layer '\(view)'\(declaredAt) \"detached\": true, so that the present adds it")
    }

    /// Whether `layer` is in the window's tree before any action runs: each layer up to the window
    /// is among its superlayer's sublayers (a `detached` layer keeps its superlayer for its time
    /// but is not among them, and neither is a mask).
    private func isInWindowAtStart(_ layer: Int) -> Bool {
        guard let window = controllers.window else { return false }
        var cursor = layer
        while cursor != window {
            guard let parent = tree.nodes[cursor].parent, tree.nodes[parent].children.contains(cursor) else { return false }
            cursor = parent
        }
        return true
    }

    /// `from`; without it the top presented view controller, or the root view controller when
    /// nothing is presented. Nil when there is none (with an error, unless an earlier present
    /// failed and already said why).
    private func presentingController(_ object: JSONObjectReader, _ state: ControllerStacks) -> ViewControllerDecl? {
        if let r = object.optional("from") { return attempt { () throws(SceneError) in try resolveController(r) } }
        if let top = state.presentations.last { return top.failed ? nil : controller(top.presented) }
        return rootViewController(object)
    }

    /// UIWindow.rootViewController: the one view controller whose view is directly in the window
    /// when the scene starts (not one in a navigation stack, whose view is inside the navigation
    /// view, and not a `detached` one, which is not shown yet). None or several is an error asking
    /// for `from`.
    private func rootViewController(_ object: JSONObjectReader) -> ViewControllerDecl? {
        let window = controllers.window
        let stacked = Set(controllers.decls.flatMap { $0.stack ?? [] })  // membership only
        let roots = controllers.decls.filter {
            tree.nodes[$0.view].parent == window && isInWindowAtStart($0.view) && !stacked.contains($0.id)
        }
        if roots.count == 1 { return roots[0] }
        let message = roots.isEmpty
            ? "no view controller's view is in the window when the scene starts, so there is no root view controller to present from"
            : "the root view controller is ambiguous: the views of \(roots.map { "'\($0.id)'" }.joined(separator: ", ")) are all in the window"
        errors.append(object.reader.error(message, hint: "name the presenting view controller with 'from'"))
        return nil
    }

    private func lowerDismiss(_ object: JSONObjectReader, at t: Double, state: inout ControllerStacks) {
        report(object.unknownKeys(allowed: ["viewController"] + Self.controllerCommonKeys))
        var named: ViewControllerDecl?
        if let r = object.optional("viewController") {
            guard let decl = attempt({ () throws(SceneError) in try resolveController(r) }) else { return }
            named = decl
        }
        guard let index = state.presentations.lastIndex(where: { named == nil || $0.presented == named?.id }) else {
            // After a present that failed, "not presented" would only repeat its error.
            if !state.presentations.contains(where: \.failed) {
                errors.append(object.reader.error(named.map { "'\($0.id)' is not presented at that time" } ?? "nothing is presented at that time"))
            }
            return
        }
        let record = state.presentations[index]
        guard !record.failed, let from = controller(record.presented), let to = controller(record.presenter),
              let window = controllers.window else {
            state.presentations.remove(at: index)
            return
        }
        let context = makeContext(.dismiss, from: from.view, to: to.view, container: window, style: record.style, at: t)
        let plan = ControllerPlan(context: context, style: record.style, removesFrom: true, addsTo: record.presentation.removesPresenter)
        if lower(plan, object) { state.presentations.remove(at: index) }
    }

    private func lowerPush(_ object: JSONObjectReader, at t: Double, state: inout ControllerStacks) {
        report(object.unknownKeys(allowed: ["navigationController", "viewController"] + Self.controllerCommonKeys))
        guard let nav = navigationController(object, state), let stack = state.stack(nav.id) else { return }
        let errorCount = errors.count
        let named = object.optional("viewController").flatMap { r in (try? r.string()) } ?? ""
        guard let to = attempt({ () throws(SceneError) in try resolveController(try object.required("viewController")) }),
              let top = stack.last.flatMap(controller) else {
            state.setStack(nav.id, stack + [named])  // so that its pop adds no error of its own
            return
        }
        if to.id == nav.id || stack.contains(to.id), let r = object.optional("viewController") {
            // UIKit: "Pushing the same view controller instance more than once is not supported".
            let which = to.id == nav.id ? "a navigation controller cannot be pushed onto itself"
                : "'\(to.id)' is already on the stack of '\(nav.id)' at that time; UIKit refuses to push it again"
            errors.append(r.error(which))
            state.setStack(nav.id, stack + [named])
            return
        }
        let context = makeContext(.push, from: top.view, to: to.view, container: nav.view, style: nil, at: t)
        if lower(ControllerPlan(context: context, style: nil, removesFrom: true, addsTo: true), object) || errors.count > errorCount {
            state.setStack(nav.id, stack + [to.id])
        }
    }

    private func lowerPop(_ object: JSONObjectReader, at t: Double, state: inout ControllerStacks) {
        report(object.unknownKeys(allowed: ["navigationController"] + Self.controllerCommonKeys))
        guard let nav = navigationController(object, state), let stack = state.stack(nav.id) else { return }
        guard stack.count >= 2 else {
            errors.append(object.reader.error("'\(nav.id)' has only its root view controller at that time; nothing to pop"))
            return
        }
        // An unknown id on the stack comes from a push whose error is already reported.
        guard let from = controller(stack[stack.count - 1]), let to = controller(stack[stack.count - 2]) else {
            state.setStack(nav.id, Array(stack.dropLast()))
            return
        }
        let context = makeContext(.pop, from: from.view, to: to.view, container: nav.view, style: nil, at: t)
        if lower(ControllerPlan(context: context, style: nil, removesFrom: true, addsTo: true), object) {
            state.setStack(nav.id, Array(stack.dropLast()))
        }
    }

    private func navigationController(_ object: JSONObjectReader, _ state: ControllerStacks) -> ViewControllerDecl? {
        guard let r = attempt({ () throws(SceneError) in try object.required("navigationController") }),
              let nav = attempt({ () throws(SceneError) in try resolveController(r) }) else { return nil }
        guard state.stack(nav.id) != nil else {
            errors.append(r.error("'\(nav.id)' is not a navigation controller", hint: "give it 'viewControllers' (its stack) in 'viewControllers'"))
            return nil
        }
        return nav
    }

    private func makeContext(_ kind: ControllerTransitionKind, from: Int, to: Int, container: Int,
                             style: BuiltInTransition?, at t: Double) -> TransitionContext {
        let bounds = tree.nodes[container].properties.bounds
        let duration: Double = switch style {
        case nil: BuiltInTiming.navigation
        case .flipHorizontal?: BuiltInTiming.flip
        default: BuiltInTiming.modal
        }
        return TransitionContext(kind: kind, from: from, to: to, container: container, containerBounds: bounds,
                                 initialFrameFrom: tree.nodes[from].properties.frame, duration: duration, start: t)
    }
}
