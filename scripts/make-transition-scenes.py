#!/usr/bin/env python3
"""Writes the transition scenes: one per CATransition type (a panel per subtype where the type has
them), the UIView transition options, and the seeds' transition demos (flip between child views,
cross-dissolve swap, CATransition reveal).

    python3 scripts/make-transition-scenes.py   # rewrites Scenes/transitions/*.json and three seeds
"""
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
SUBTYPES = ["fromLeft", "fromRight", "fromTop", "fromBottom"]
PANEL_W, PANEL_H, GAP = 140, 100, 20
FPS, START, LENGTH = 20, 0.25, 1.0


def face(prefix, w, h, old):
    """The two faces of a panel: 'A' (blue, a disc and two bars) and 'B' (orange, a square and a bar)."""
    if old:
        return [{"id": f"{prefix}-a", "frame": [0, 0, w, h], "backgroundColor": "#007AFF", "sublayers": [
            {"id": f"{prefix}-a-disc", "frame": [14, 14, 36, 36], "backgroundColor": "white", "cornerRadius": 18},
            {"id": f"{prefix}-a-bar1", "frame": [60, 20, w - 74, 10], "backgroundColor": "#BFDFFF", "cornerRadius": 5},
            {"id": f"{prefix}-a-bar2", "frame": [60, 36, (w - 74) * 0.6, 10], "backgroundColor": "#BFDFFF", "cornerRadius": 5},
            {"id": f"{prefix}-a-foot", "frame": [14, h - 28, w - 28, 14], "backgroundColor": "#0051A8", "cornerRadius": 4}]}]
    return [{"id": f"{prefix}-b", "frame": [0, 0, w, h], "backgroundColor": "#FF9500", "hidden": True, "sublayers": [
        {"id": f"{prefix}-b-square", "frame": [w - 52, h - 52, 38, 38], "backgroundColor": "white", "cornerRadius": 6},
        {"id": f"{prefix}-b-bar", "frame": [14, 14, w - 28, 14], "backgroundColor": "#FFD60A", "cornerRadius": 7},
        {"id": f"{prefix}-b-dot", "frame": [14, h - 30, 16, 16], "backgroundColor": "#A05A00", "cornerRadius": 8}]}]


def panel(prefix, x, y, w=PANEL_W, h=PANEL_H):
    return {"id": prefix, "frame": [x, y, w, h], "backgroundColor": "#1C1C1E", "cornerRadius": 10,
            "masksToBounds": True, "sublayers": face(prefix, w, h, True) + face(prefix, w, h, False)}


def swap(prefix):
    return {f"{prefix}-a": {"hidden": True}, f"{prefix}-b": {"hidden": False}}


def scene(title, description, width, height, layers, timeline, duration=START + LENGTH + 0.25):
    frames = round(duration * FPS)
    at = lambda p: round((START + p * LENGTH) * FPS)
    return {"title": title, "description": description,
            "canvas": {"width": width, "height": height, "background": "#F2F2F7", "fps": FPS, "duration": duration},
            "layers": layers, "timeline": timeline,
            "goldenFrames": sorted({0, at(0.25), at(0.5), at(0.75), frames - 1})}


def grid(prefixes):
    cols = 2 if len(prefixes) > 1 else 1
    rows = (len(prefixes) + cols - 1) // cols
    layers = [panel(p, GAP + (i % cols) * (PANEL_W + GAP), GAP + (i // cols) * (PANEL_H + GAP)) for i, p in enumerate(prefixes)]
    return layers, GAP + cols * (PANEL_W + GAP), GAP + rows * (PANEL_H + GAP)


def ca_scene(type_, subtyped, about):
    prefixes = SUBTYPES if subtyped else ["panel"]
    layers, w, h = grid(prefixes)
    timeline = [{"at": START, "caTransition": {"layer": p, "type": type_, **({"subtype": p} if subtyped else {}),
                                              "duration": LENGTH, "changes": swap(p)}} for p in prefixes]
    where = "one panel per subtype: " + ", ".join(SUBTYPES) if subtyped else "no subtype"
    return scene(f"CATransition {type_}", f"{about} ({where}; 1 s, linear).", w, h, layers, timeline)


def uiview_scene(title, options, about):
    prefixes = [o.replace("transition", "").lower() for o in options]
    layers, w, h = grid(prefixes)
    timeline = [{"at": START, "transition": {"view": p, "duration": LENGTH, "options": [o], "changes": swap(p)}}
                for p, o in zip(prefixes, options)]
    return scene(title, about, w, h, layers, timeline)


CA_TYPES = [
    ("fade", False, "The old rendering dissolves into the new one"),
    ("moveIn", True, "The new rendering slides in over the old one"),
    ("push", True, "The new rendering pushes the old one out"),
    ("reveal", True, "The old rendering slides away, revealing the new one"),
    ("cube", True, "Old and new are faces of a turning cube"),
    ("oglFlip", True, "The layer flips over to show the new rendering on its back"),
    ("pageCurl", True, "The old page curls away from a corner"),
    ("pageUnCurl", True, "The new page uncurls over the old one"),
    ("rippleEffect", False, "Ripples run over the layer as the renderings dissolve"),
    ("suckEffect", False, "The old rendering is sucked into the bottom-left corner"),
    ("cameraIris", False, "A shutter closes over the old rendering and opens onto the new"),
    ("cameraIrisHollowOpen", False, "A shutter opens onto the new rendering"),
    ("cameraIrisHollowClose", False, "A shutter closes over the old rendering"),
]


def kebab(name):
    return "".join("-" + c.lower() if c.isupper() else c for c in name)


def write(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n")


def main():
    out = ROOT / "Scenes" / "transitions"
    for type_, subtyped, about in CA_TYPES:
        write(out / f"ca-{kebab(type_)}.json", ca_scene(type_, subtyped, about))
    flips = ["transitionFlipFromLeft", "transitionFlipFromRight", "transitionFlipFromTop", "transitionFlipFromBottom"]
    write(out / "uiview-flips.json", uiview_scene("UIView.transition: flip from left, right, top and bottom", flips, "UIView.transition(with:) with each flip option: the panel turns with perspective and shows its new contents on the back (1 s, easeInOut)."))
    write(out / "uiview-curls-dissolve.json", uiview_scene("UIView.transition: curl up, curl down, cross-dissolve", ["transitionCurlUp", "transitionCurlDown", "transitionCrossDissolve"],
          "UIView.transition(with:) with curlUp, curlDown and crossDissolve (1 s, easeInOut)."))
    seeds()


def child_view(ident, color, accent, detached=False):
    """A child view controller's view: a coloured page with a title bar and three rows."""
    rows = [{"id": f"{ident}-row{i}", "frame": [16, 64 + i * 34, 148 - i * 24, 18], "backgroundColor": accent,
             "cornerRadius": 9} for i in range(3)]
    view = {"id": ident, "frame": [0, 0, 180, 180], "backgroundColor": color, "sublayers": [
        {"id": f"{ident}-bar", "frame": [0, 0, 180, 44], "backgroundColor": accent, "opacity": 0.6}] + rows}
    if detached:
        view["detached"] = True
    return view


def seeds():
    out = ROOT / "Scenes" / "seeds"
    container = {"id": "container", "frame": [30, 30, 180, 180], "sublayers": [
        child_view("first", "#007AFF", "#BFDFFF"), child_view("second", "#FF9500", "#FFE0B2", detached=True)]}
    flip = {"title": "Flip between two child views (transitionFlipFromLeft, 0.3 s)",
            "description": "transition(from: first.view, to: second.view, duration: 0.3, options: .transitionFlipFromLeft), "
                           "then back with .transitionFlipFromRight: the container flips with perspective and the new child is on its back.",
            "canvas": {"width": 240, "height": 240, "background": "#F2F2F7", "fps": 30, "duration": 1.4},
            "layers": [container],
            "timeline": [
                {"at": 0.2, "transitionFromView": {"from": "first", "to": "second", "duration": 0.3, "options": ["transitionFlipFromLeft"]}},
                {"at": 0.9, "transitionFromView": {"from": "second", "to": "first", "duration": 0.3, "options": ["transitionFlipFromRight"]}}],
            "goldenFrames": [0, 9, 11, 13, 15, 24, 31, 35, 41]}
    write(out / "flip-child-views.json", flip)
    swap_box = {"id": "box", "frame": [30, 30, 180, 180], "sublayers": [
        child_view("first", "#34C759", "#C8F2D2"), {**child_view("second", "#AF52DE", "#EBD3F7"), "hidden": True}]}
    dissolve = {"title": "Cross-dissolve the contents of a container (0.5 s)",
                "description": "UIView.transition(with: box, duration: 0.5, options: .transitionCrossDissolve) { first.isHidden = true; second.isHidden = false }.",
                "canvas": {"width": 240, "height": 240, "background": "#F2F2F7", "fps": 30, "duration": 1.0},
                "layers": [swap_box],
                "timeline": [{"at": 0.2, "transition": {"view": "box", "duration": 0.5, "options": ["transitionCrossDissolve"],
                                                        "changes": {"first": {"hidden": True}, "second": {"hidden": False}}}}],
                "goldenFrames": [0, 9, 13, 16, 21, 29]}
    write(out / "cross-dissolve-swap.json", dissolve)
    photo = {"id": "photo", "frame": [20, 40, 200, 150], "contents": "../images/landscape.png", "contentsGravity": "resizeAspectFill",
             "masksToBounds": True, "cornerRadius": 12, "backgroundColor": "#1C1C1E"}
    reveal = {"title": "CATransition reveal from the left (0.5 s)",
              "description": "let t = CATransition(); t.type = .reveal; t.subtype = .fromLeft; t.duration = 0.5; "
                             "photo.layer.add(t, forKey: nil); photo.image = star: the old picture slides away to the right, revealing the new one.",
              "canvas": {"width": 240, "height": 230, "background": "#F2F2F7", "fps": 30, "duration": 1.0},
              "layers": [photo],
              "timeline": [{"at": 0.2, "caTransition": {"layer": "photo", "type": "reveal", "subtype": "fromLeft", "duration": 0.5,
                                                        "changes": {"photo": {"contents": "../images/star.png", "contentsGravity": "resizeAspect",
                                                                              "backgroundColor": "#FFFFFF"}}}}],
              "goldenFrames": [0, 9, 13, 16, 21, 29]}
    write(out / "catransition-reveal.json", reveal)


if __name__ == "__main__":
    main()
