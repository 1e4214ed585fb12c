#!/usr/bin/env python3
"""Writes the transition scenes: one per CATransition type (a panel per subtype where the type has
them), the UIView transition options, and the seeds' transition demos.

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


def uiview_scene(options, about):
    prefixes = [o.replace("transition", "").lower() for o in options]
    layers, w, h = grid(prefixes)
    timeline = [{"at": START, "transition": {"view": p, "duration": LENGTH, "options": [o], "changes": swap(p)}}
                for p, o in zip(prefixes, options)]
    return scene(f"UIView.transition: {', '.join(options)}", about, w, h, layers, timeline)


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
    write(out / "uiview-flips.json", uiview_scene(flips, "UIView.transition(with:) with each flip option: the panel turns with perspective and shows its new contents on the back (1 s, easeInOut)."))
    write(out / "uiview-curls-dissolve.json", uiview_scene(["transitionCurlUp", "transitionCurlDown", "transitionCrossDissolve"],
          "UIView.transition(with:) with curlUp, curlDown and crossDissolve (1 s, easeInOut)."))


if __name__ == "__main__":
    main()
