#!/usr/bin/env python3
"""Writes the docs plot scenes: each dot is a layer whose animation is frozen (speed 0) at a
timeOffset, so animrender's own engine computes every plotted value.

    python3 scripts/make-plot-scenes.py   # rewrites Scenes/docs/plot-*.json
"""
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
CURVES = [("linear", "#8E8E93"), ("easeIn", "#FF3B30"), ("easeOut", "#FF9500"),
          ("easeInEaseOut", "#34C759"), ("default", "#007AFF")]
SPRINGS = [(5, "#FF3B30"), (10, "#FF9500"), (20, "#34C759")]


def axes(prefix, x, y, w, h):
    """A panel: light background, x axis at the bottom, y axis on the left, a line at value 1."""
    return [
        {"id": f"{prefix}-panel", "frame": [x, y, w, h], "backgroundColor": "#F7F7F9"},
        {"id": f"{prefix}-x-axis", "frame": [x, y + h, w, 1], "backgroundColor": "#3A3A3C"},
        {"id": f"{prefix}-y-axis", "frame": [x - 1, y, 1, h + 1], "backgroundColor": "#3A3A3C"},
    ]


def dot(ident, x, y0, y1, color, animation):
    """A dot at x whose position.y goes from y0 (value 0) to y1 (value 1), frozen by `animation`."""
    anim = {"type": "basic", "keyPath": "position.y", "fromValue": y0, "toValue": y1, "speed": 0}
    anim.update(animation)
    return {"id": ident, "position": [x, y0], "bounds": [0, 0, 5, 5], "backgroundColor": color,
            "cornerRadius": 2.5, "animations": [anim]}


def timing_curves():
    layers, size, gap, top, samples = [], 140, 30, 20, 57
    for i, (name, color) in enumerate(CURVES):
        x0 = gap + i * (size + gap)
        layers += axes(name, x0, top, size, size)
        layers.append({"id": f"{name}-one", "frame": [x0, top, size, 1], "backgroundColor": "#D1D1D6"})
        for k in range(samples):
            u = k / (samples - 1)
            layers.append(dot(f"{name}-{k}", x0 + u * size, top + size, top, color,
                              {"duration": 1, "timeOffset": u, "timingFunction": name}))
    return {"title": "The five named timing functions, plotted by animrender",
            "description": "Each panel plots progress (up) against time (right) for linear, easeIn, easeOut, easeInEaseOut and default. Every dot is a layer with a position.y animation frozen at speed 0 with timeOffset = its time, so the engine itself computes the curve.",
            "canvas": {"width": gap + len(CURVES) * (size + gap), "height": size + 2 * top, "scale": 2,
                       "background": "white", "fps": 50, "duration": 0.02},
            "layers": layers, "goldenFrames": [0]}


def spring_curves():
    layers, width, height, left, top, span, samples = [], 520, 180, 30, 30, 3.0, 121
    unit = height / 1.6  # value range 0 … 1.6
    base = top + height
    layers += axes("spring", left, top, width, height)
    layers.append({"id": "spring-one", "frame": [left, base - unit, width, 1], "backgroundColor": "#D1D1D6"})
    for damping, color in SPRINGS:
        for k in range(samples):
            t = span * k / (samples - 1)
            layers.append(dot(f"d{damping}-{k}", left + width * t / span, base, base - unit, color,
                              {"type": "spring", "duration": span, "timeOffset": t, "damping": damping}))
    return {"title": "CASpringAnimation progress over 3 s, plotted by animrender",
            "description": "mass 1, stiffness 100, damping 5 (red), 10 (orange) and 20 (green, critically damped). The gray line is the target (progress 1). Every dot is a frozen spring animation.",
            "canvas": {"width": width + 2 * left, "height": height + 2 * top, "scale": 2,
                       "background": "white", "fps": 50, "duration": 0.02},
            "layers": layers, "goldenFrames": [0]}


def main():
    for name, scene in [("plot-timing-functions", timing_curves()), ("plot-springs", spring_curves())]:
        path = ROOT / "Scenes" / "docs" / f"{name}.json"
        path.write_text(json.dumps(scene, indent=1) + "\n")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
