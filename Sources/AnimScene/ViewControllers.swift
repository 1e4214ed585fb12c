import AnimEngine
import AnimGeometry
import AnimLayers
import AnimTiming

/// A view controller declared in a scene: its root view (a layer) and, for a navigation controller,
/// its initial stack of view controllers.
struct ViewControllerDecl {
    var id: String
    var view: Int
    var stack: [String]?
    var path: JSONPath
}

/// The built-in transition styles (UIModalTransitionStyle, and the navigation slide).
enum BuiltInTransition: String, CaseIterable {
    case coverVertical, crossDissolve, flipHorizontal, partialCurl
}

/// UIModalPresentationStyle: whether the presenting view leaves the window once covered.
enum PresentationStyle: String, CaseIterable {
    case fullScreen, overFullScreen, custom

    var removesPresenter: Bool { self == .fullScreen }
}

/// The four transitions between view controllers.
enum ControllerTransitionKind: String {
    case present, dismiss, push, pop

    var adds: Bool { self == .present || self == .push }
}

/// One view-controller transition as the lowering sees it: the views, the container and its bounds,
/// the transition duration, and when it starts.
struct TransitionContext {
    var kind: ControllerTransitionKind
    var from: Int
    var to: Int
    var container: Int
    var containerBounds: Rect
    var initialFrameFrom: Rect
    var duration: Double
    var start: Double
}

/// Built-in durations and shapes. UIKit does not publish them (core-animation-semantics.md §11.1 [U]);
/// these are the choices documented in docs/view-controllers.md.
enum BuiltInTiming {
    static let modal = 0.5
    static let navigation = 0.35
    static let flip = 0.75
    /// How far the partial curl turns the page (of the full curl's progress).
    static let partialCurl = 0.5
    /// The covered view moves this fraction of the width during a push or pop.
    static let parallax = 0.3
    /// The opacity of the black dimming view over the covered view at the end of a push (and the
    /// start of a pop).
    static let navigationDimming = 0.1
    /// The shadow strip along the moving view's left edge in a push or pop: UIKit's
    /// `_UIParallaxDimmingView` wraps that view with a `_UIVerticalEdgeShadowView` 9 pt wide, whose
    /// image is the blurred shadow of black just beyond its inner edge (decompiled UIKit, see
    /// docs/view-controllers.md). Its pixels, dumped at @3x, rise from 12/255 to 18/255 black
    /// toward the view; drawn here as the linear ramp between those alphas.
    static let edgeShadowWidth = 9.0
    static let edgeShadowAlpha = (outer: 12.0 / 255, inner: 18.0 / 255)
}
