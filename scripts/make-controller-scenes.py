#!/usr/bin/env python3
"""Writes the view-controller scenes: the seeds' custom animators (bounce present, dimming present,
shrink dismiss, navigation shrink, rotation present, spring slide), the built-in modal styles,
navigation push/pop, interactive transitions finishing and cancelling (a dismiss and a swipe-back pop), and a child swap.

    python3 scripts/make-controller-scenes.py   # rewrites Scenes/controllers/*.json and Scenes/seeds/*-animator.json
"""
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
W, H, FPS = 240, 400, 25


def screen(ident, color, title, button=None, detached=False, button_top=H - 90, bar=True):
    """A view controller's root view: a full-screen page with a title bar (unless it is a navigation
    controller's child, whose bar is the navigation controller's) and perhaps a button."""
    subs = [{"id": f"{ident}-bar", "frame": [0, 0, W, 64], "backgroundColor": "#FFFFFF", "opacity": 0.35},
            {"id": f"{ident}-title", "type": "text", "string": title, "fontSize": 22, "alignmentMode": "center",
             "foregroundColor": "white", "frame": [0, 28, W, 30]}] if bar else []
    for i in range(3):
        subs.append({"id": f"{ident}-row{i}", "frame": [20, 96 + i * 44, W - 40 - i * 30, 28], "backgroundColor": "#FFFFFF",
                     "opacity": 0.5, "cornerRadius": 8})
    if button:
        subs.append({"id": f"{ident}-button", "frame": [50, button_top, W - 100, 44], "backgroundColor": "#FFFFFF", "cornerRadius": 22,
                     "sublayers": [{"id": f"{ident}-button-title", "type": "text", "string": button, "fontSize": 18,
                                    "alignmentMode": "center", "foregroundColor": color, "frame": [0, 11, W - 100, 24]}]})
    view = {"id": ident, "frame": [0, 0, W, H], "backgroundColor": color, "sublayers": subs}
    if detached:
        view["detached"] = True
    return view


def scene(title, description, layers, controllers, timeline, duration, golden):
    return {"title": title, "description": description,
            "canvas": {"width": W, "height": H, "background": "#000000", "fps": FPS, "duration": duration},
            "layers": layers, "viewControllers": controllers, "timeline": timeline, "goldenFrames": golden}


def two_screens(button="Click me", second_button_top=H - 90):
    layers = [screen("first", "#007AFF", "First", button),
              screen("second", "#FF9500", "Second", "Dismiss me", detached=True, button_top=second_button_top)]
    return layers, [{"id": "firstVC", "view": "first"}, {"id": "secondVC", "view": "second"}]


def frames(*times):
    return sorted({round(t * FPS) for t in times})


def write(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def bounce_present():
    layers, vcs = two_screens()
    animator = {"transitionDuration": 0.8, "animateTransition": [
        {"set": {"$to": {"frame": [0, "$containerHeight", "$containerWidth", "$containerHeight"]}}},
        {"animate": {"duration": "$duration", "options": "curveLinear", "spring": {"damping": 0.6, "initialVelocity": 0},
                     "changes": {"$to": {"frame": "$finalFrame.to"}}}}]}
    return scene("BouncePresentAnimation: the new screen springs up from below",
                 "A custom animator (transitionDuration 0.8): toView starts one screen lower and springs to its final frame "
                 "with usingSpringWithDamping 0.6, initialSpringVelocity 0.",
                 layers, vcs, [{"at": 0.2, "present": {"viewController": "secondVC", "from": "firstVC", "animator": animator}}],
                 1.4, frames(0, 0.3, 0.45, 0.6, 0.8, 1.0, 1.36))


def dimming_present():
    # The presented view rests 120 pt down, its lowest 120 pt below the screen: its button sits
    # under the rows, where it can be seen.
    layers, vcs = two_screens(second_button_top=226)
    animator = {"transitionDuration": 5, "animateTransition": [
        {"set": {"$to": {"frame": [0, "$containerHeight", "$containerWidth", "$containerHeight"]}}},
        {"animate": {"duration": "$duration", "options": "curveLinear", "spring": {"damping": 0.5, "initialVelocity": 0},
                     "changes": {"$to": {"frame": [0, 120, "$containerWidth", "$containerHeight"]}, "$from": {"alpha": 0.5}}}}]}
    return scene("Present over a dimming view (spring 0.5, 5 s)",
                 "modalPresentationStyle custom: the presenting view stays and dims to alpha 0.5 while the new one springs up "
                 "to 120 points from the top (damping 0.5 over 5 s).",
                 layers, vcs, [{"at": 0.2, "present": {"viewController": "secondVC", "from": "firstVC", "modalPresentationStyle": "custom",
                                                       "animator": animator}}],
                 5.4, frames(0, 0.5, 1, 1.5, 2.5, 5.36))


def shrink_dismiss():
    layers, vcs = two_screens()
    animator = {"transitionDuration": 1, "animateTransition": [
        {"set": {"$to": {"alpha": 0.5}}},
        {"animate": {"duration": "$duration", "changes": {
            "$from": {"transform": [{"scale": [0.001, 0.001, 1]}]}, "$to": {"alpha": 1}}}}]}
    return scene("CustomDismissAnimationController: shrink to the centre (1 s)",
                 "secondVC is presented at once, then dismissed with a custom animator: the presented view shrinks to its "
                 "centre while the presenting view fades from 0.5 to 1.",
                 layers, vcs, [{"at": 0, "present": {"viewController": "secondVC", "from": "firstVC", "animated": False}},
                               {"at": 0.2, "dismiss": {"viewController": "secondVC", "animator": animator}}],
                 1.4, frames(0, 0.3, 0.5, 0.7, 0.9, 1.2, 1.36))


def navigation_bar(showing_detail=False):
    """UINavigationController's bar: above its children's views (a layer after the navigation view),
    so pushes and pops move the views under it while the bar stays; its titles cross-fade."""
    def title(ident, text, alpha, frame=(0, 28, W, 30), size=22):
        return {"id": ident, "type": "text", "string": text, "fontSize": size, "alignmentMode": "center" if size == 22 else "left",
                "foregroundColor": "white", "frame": list(frame), "alpha": alpha}
    return {"id": "navbar", "frame": [0, 0, W, 64], "backgroundColor": "#FFFFFF59", "sublayers": [
        title("navbar-title-list", "List", 0 if showing_detail else 1), title("navbar-title-detail", "Detail", 1 if showing_detail else 0),
        title("navbar-back", "‹ List", 1 if showing_detail else 0, frame=(10, 30, 90, 26), size=18)]}


def bar_fade(at, duration, to_detail):
    """The bar's titles cross-fading over a push (to the detail) or a pop, alongside the transition."""
    shown, hidden = (1, 0) if to_detail else (0, 1)
    return {"at": at, "animate": {"duration": duration, "options": "curveEaseInOut", "changes": {
        "navbar-title-list": {"alpha": hidden}, "navbar-title-detail": {"alpha": shown}, "navbar-back": {"alpha": shown}}}}


def navigation_shrink():
    layers = [{"id": "nav", "frame": [0, 0, W, H], "backgroundColor": "#1C1C1E", "sublayers": [
        screen("list", "#34C759", "List", "Open", bar=False), screen("detail", "#AF52DE", "Detail", "Back", detached=True, bar=False)]},
        navigation_bar()]
    vcs = [{"id": "navigation", "view": "nav", "viewControllers": ["listVC"]},
           {"id": "listVC", "view": "list"}, {"id": "detailVC", "view": "detail"}]
    pop = {"transitionDuration": 2, "animateTransition": [
        {"set": {"$to": {"alpha": 0.5}}},
        {"animate": {"duration": "$duration", "changes": {"$from": {"transform": [{"scale": [0.001, 0.001, 1]}]}, "$to": {"alpha": 1}}}}]}
    return scene("Navigation: push, then pop with the shrinking animator (2 s)",
                 "UINavigationController push with the built-in slide and parallax (0.35 s), then pop with the seed's "
                 "shrink-to-centre animator over 2 s. The navigation bar stays above the moving views; its titles "
                 "cross-fade alongside each transition.",
                 layers, vcs, [{"at": 0.2, "push": {"navigationController": "navigation", "viewController": "detailVC"}},
                               bar_fade(0.2, 0.35, True),
                               {"at": 1.0, "pop": {"navigationController": "navigation", "animator": pop}},
                               bar_fade(1.0, 2, False)],
                 3.2, frames(0, 0.3, 0.4, 0.6, 1.5, 2.0, 2.5, 3.16))


def rotation_present():
    layers, vcs = two_screens()
    animator = {"transitionDuration": 0.8, "animateTransition": [
        {"set": {"$to": {"transform": [{"rotate": -1.5707963267948966}, {"scale": [0.3, 0.3, 1]}], "alpha": 0}}},
        {"animate": {"duration": "$duration", "spring": {"damping": 0.7, "initialVelocity": 0},
                     "changes": {"$to": {"transform": "identity", "alpha": 1}}}}]}
    return scene("RotationPresentAnimation: the new screen turns in",
                 "toView starts turned −90° at 30% size and transparent, and springs to identity (damping 0.7, 0.8 s).",
                 layers, vcs, [{"at": 0.2, "present": {"viewController": "secondVC", "from": "firstVC", "animator": animator}}],
                 1.4, frames(0, 0.3, 0.45, 0.6, 0.8, 1.36))


def spring_slide():
    layers, vcs = two_screens()
    travel = 160

    def animator(direction):
        return {"transitionDuration": 0.9, "animateTransition": [
            {"set": {"$to": {"transform": [{"translate": [direction * travel, 0, 0]}], "alpha": 0}}},
            {"animate": {"duration": "$duration", "spring": {"damping": 0.55, "initialVelocity": 1.2},
                         "changes": {"$to": {"transform": "identity", "alpha": 1},
                                     "$from": {"transform": [{"translate": [-direction * travel, 0, 0]}], "alpha": 0}}}}]}
    return scene("Spring slide with travel transforms (damping 0.55, velocity 1.2)",
                 "present and dismiss with an animator that moves toView in by `travel` points and fromView out, "
                 "on a spring whose damping and initial velocity are parameters.",
                 layers, vcs, [{"at": 0.2, "present": {"viewController": "secondVC", "from": "firstVC", "modalPresentationStyle": "custom",
                                                       "animator": animator(1)}},
                               {"at": 1.4, "dismiss": {"viewController": "secondVC", "animator": animator(-1)}}],
                 2.6, frames(0, 0.35, 0.5, 0.8, 1.55, 1.7, 2.56))


def builtin_modal(style):
    layers, vcs = two_screens()
    return scene(f"Built-in modal transition: {style}",
                 f"present(animated: true) with modalTransitionStyle {style}, then dismiss.",
                 layers, vcs, [{"at": 0.2, "present": {"viewController": "secondVC", "from": "firstVC", "modalTransitionStyle": style}},
                               {"at": 1.4, "dismiss": {"viewController": "secondVC"}}],
                 2.6, frames(0, 0.35, 0.45, 0.6, 1.2, 1.6, 1.75, 2.56))


def interactive(ending):
    layers, vcs = two_screens()
    animator = {"transitionDuration": 1, "animateTransition": [
        {"animate": {"duration": "$duration", "options": "curveLinear",
                     "changes": {"$from": {"frame": [0, "$containerHeight", "$containerWidth", "$containerHeight"]}}}}]}
    percent = [[0, 0], [0.4, 0.2], [0.8, 0.5], [1.0, 0.55]] if ending == "finish" else [[0, 0], [0.5, 0.3], [0.9, 0.25]]
    end = {"at": 1.0 if ending == "finish" else 0.9, "completionSpeed": 1, "completionCurve": "easeInOut"}
    return scene(f"Percent-driven interactive dismiss: the pan {ending}es",
                 f"The presented view is dragged down: its dismiss animator (1 s, linear) follows the gesture's percent "
                 f"over time, then the scene calls {ending}() and the rest plays with completionCurve easeInOut.",
                 layers, vcs, [{"at": 0, "present": {"viewController": "secondVC", "from": "firstVC", "animated": False}},
                               {"at": 0.2, "dismiss": {"viewController": "secondVC", "animator": animator,
                                                       "interactive": {"percent": percent, ending: end}}}],
                 2.2, frames(0, 0.4, 0.7, 1.0, 1.2, 1.5, 1.8, 2.16))


def bar_follow(points, end_time, ending):
    """The bar's titles following an interactive pop: linear keyframes through the gesture's
    percents (at absolute times), then to the end (UIKit drives the bar with the same percents;
    the completion's easeOut is left linear here)."""
    start = points[0][0]
    span = end_time - start
    final = 1 if ending == "finish" else 0
    stops = points + [[end_time, final]]
    keyframes = []
    for (t0, _), (t1, p1) in zip(stops, stops[1:]):
        keyframes.append({"relativeStartTime": round((t0 - start) / span, 6), "relativeDuration": round((t1 - t0) / span, 6),
                          "changes": {"navbar-title-list": {"alpha": p1}, "navbar-title-detail": {"alpha": round(1 - p1, 6)},
                                      "navbar-back": {"alpha": round(1 - p1, 6)}}})
    return {"at": start, "animateKeyframes": {"duration": round(span, 6), "options": "curveLinear", "keyframes": keyframes}}


def swipe_back(ending):
    layers = [{"id": "nav", "frame": [0, 0, W, H], "backgroundColor": "#1C1C1E", "sublayers": [
        screen("list", "#34C759", "List", "Open", bar=False), screen("detail", "#AF52DE", "Detail", "Back", detached=True, bar=False)]},
        navigation_bar(showing_detail=True)]
    vcs = [{"id": "navigation", "view": "nav", "viewControllers": ["listVC"]},
           {"id": "listVC", "view": "list"}, {"id": "detailVC", "view": "detail"}]
    percent = [[0, 0], [0.3, 0.25], [0.6, 0.55], [0.7, 0.6]] if ending == "finish" else [[0, 0], [0.3, 0.2], [0.6, 0.35], [0.7, 0.3]]
    end = {"at": 0.7, "completionSpeed": 1, "completionCurve": "easeOut"}
    # The rest of the 0.35-s pop at completion speed 1: what is left of it to finish, or what was done to cancel.
    last = percent[-1][1]
    end_time = 0.2 + 0.7 + (1 - last if ending == "finish" else last) * 0.35
    return scene(f"Swipe back: an interactive pop that {ending}es",
                 f"A navigation stack of two; the edge-pan gesture drives UIKit's built-in pop (slide with 30 % parallax "
                 f"and the dimming of the covered view) through percents, then the scene calls {ending}(). The navigation "
                 f"bar stays above the views; its titles follow the same percents.",
                 layers, vcs, [{"at": 0, "push": {"navigationController": "navigation", "viewController": "detailVC", "animated": False}},
                               {"at": 0.2, "pop": {"navigationController": "navigation",
                                                   "interactive": {"percent": percent, ending: end}}},
                               bar_follow([[0.2 + t, p] for t, p in percent], end_time, ending)],
                 1.4, frames(0, 0.36, 0.6, 0.8, 0.9, 0.96, 1.1, 1.36))


def child_swap():
    container = {"id": "content", "frame": [20, 80, W - 40, H - 160], "backgroundColor": "#E5E5EA", "cornerRadius": 12,
                 "masksToBounds": True, "sublayers": [
                     {"id": "childA", "frame": [0, 0, W - 40, H - 160], "backgroundColor": "#5856D6", "sublayers": [
                         {"id": "childA-title", "type": "text", "string": "Child A", "fontSize": 24, "alignmentMode": "center",
                          "foregroundColor": "white", "frame": [0, 100, W - 40, 30]}]},
                     {"id": "childB", "frame": [0, 0, W - 40, H - 160], "backgroundColor": "#FF2D55", "detached": True, "sublayers": [
                         {"id": "childB-title", "type": "text", "string": "Child B", "fontSize": 24, "alignmentMode": "center",
                          "foregroundColor": "white", "frame": [0, 100, W - 40, 30]}]}]}
    parent = {"id": "parent", "frame": [0, 0, W, H], "backgroundColor": "#F2F2F7", "sublayers": [container]}
    vcs = [{"id": "parentVC", "view": "parent"}, {"id": "aVC", "view": "childA"}, {"id": "bVC", "view": "childB"}]
    return scene("transitionFromViewController between two children",
                 "The parent calls willMove(toParent: nil) on A and addChild(B), then transition(from: A, to: B, duration: 0.5, "
                 "options: .transitionFlipFromLeft); in the completion A.removeFromParent() and B.didMove(toParent:).",
                 [parent], vcs,
                 [{"at": 0.2, "transitionFromViewController": {"from": "aVC", "to": "bVC", "duration": 0.5, "options": ["transitionFlipFromLeft"]}},
                  {"at": 1.0, "transitionFromViewController": {"from": "bVC", "to": "aVC", "duration": 0.5, "options": ["transitionCrossDissolve"]}}],
                 1.8, frames(0, 0.3, 0.45, 0.6, 1.1, 1.25, 1.76))


def main():
    seeds = ROOT / "Scenes" / "seeds"
    write(seeds / "bounce-present.json", bounce_present())
    write(seeds / "dimming-present.json", dimming_present())
    write(seeds / "shrink-dismiss.json", shrink_dismiss())
    write(seeds / "navigation-shrink.json", navigation_shrink())
    write(seeds / "rotation-present.json", rotation_present())
    write(seeds / "spring-slide.json", spring_slide())
    out = ROOT / "Scenes" / "controllers"
    for style in ["coverVertical", "crossDissolve", "flipHorizontal", "partialCurl"]:
        write(out / f"modal-{style.lower().replace('vertical', '-vertical').replace('dissolve', '-dissolve').replace('horizontal', '-horizontal').replace('curl', '-curl')}.json", builtin_modal(style))
    write(out / "interactive-finish.json", interactive("finish"))
    write(out / "interactive-cancel.json", interactive("cancel"))
    write(out / "child-swap.json", child_swap())
    write(out / "swipe-back-finish.json", swipe_back("finish"))
    write(out / "swipe-back-cancel.json", swipe_back("cancel"))


if __name__ == "__main__":
    main()
