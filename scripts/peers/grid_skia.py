#!/usr/bin/env python3
"""Peer benchmark: skia-python's raster backend drawing the content of Scenes/bench/grid-24-layers.json
(24 rounded, bordered tiles at 1280×720, the same per-frame motion and opacity), anti-aliased.
Prints ms/frame (best of R runs). Used only by scripts/bench.sh for comparison, never by animrender."""
import json, math, sys, time
import skia
from scene_motion import ease_in_out, report, tri

def main():
    scene = json.load(open(sys.argv[1]))
    frames, repeats = int(sys.argv[2]), int(sys.argv[3])
    canvas = scene["canvas"]
    w, h, fps = int(canvas["width"]), int(canvas["height"]), canvas["fps"]
    colors = {"systemRed": 0xFFFF3B30, "systemOrange": 0xFFFF9500, "systemYellow": 0xFFFFCC00, "systemGreen": 0xFF34C759,
              "systemTeal": 0xFF5AC8FA, "systemBlue": 0xFF007AFF, "systemIndigo": 0xFF5856D6, "systemPurple": 0xFFAF52DE}
    tiles = []
    for i, layer in enumerate(scene["layers"]):
        x, y, tw, th = layer["frame"]
        tiles.append((x, y, tw, th, layer["cornerRadius"], layer["borderWidth"], colors[layer["backgroundColor"]],
                      layer["animations"][0]["duration"]))
    surface = skia.Surface(w, h)
    fill, stroke = skia.Paint(AntiAlias=True), skia.Paint(AntiAlias=True, Style=skia.Paint.kStroke_Style)
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        for f in range(frames):
            t = f / fps
            c = surface.getCanvas()
            c.clear(0xFFF2F2F7)
            alpha = 1 - 0.4 * tri(t, 1.2)
            for (x, y, tw, th, r, bw, color, d) in tiles:
                dy = 24 * ease_in_out(tri(t, d))
                rect = skia.Rect.MakeXYWH(x, y + dy, tw, th)
                fill.setColor(color); fill.setAlphaf(alpha)
                c.drawRoundRect(rect, r, r, fill)
                stroke.setColor(0xFF1C1C1E); stroke.setAlphaf(alpha); stroke.setStrokeWidth(bw)
                inset = rect.makeInset(bw / 2, bw / 2)
                c.drawRoundRect(inset, r - bw / 2, r - bw / 2, stroke)
            surface.flushAndSubmit()
            _ = surface.makeImageSnapshot().tobytes()[0]
        runs.append(time.perf_counter() - start)
    report("skia-python", runs, frames)

main()
