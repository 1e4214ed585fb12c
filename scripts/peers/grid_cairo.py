#!/usr/bin/python3
"""Peer benchmark: pycairo's image surface (ARGB32, default anti-aliasing) drawing the content of
Scenes/bench/grid-24-layers.json (24 rounded, bordered tiles at 1280×720, the same per-frame motion and
opacity), the counterpart of grid_skia.py. Prints ms/frame (best of R runs, each frame fully redrawn and
its pixels copied out). Used only by scripts/bench.sh for comparison, never by animrender.
Run it with /usr/bin/python3 (Debian's python3-cairo).

usage: grid_cairo.py SCENE FRAMES REPEATS [--scale S] [--png OUT.png --frame N]
  --scale multiplies the canvas like animrender's --scale.
  --png/--frame also write frame N to OUT.png (before timing) for a visual comparison with
  `animrender SCENE --frame N --png OUT.png`.

Drawn like grid_skia.py: each tile's rounded rect (arcs) filled with its colour × the frame's opacity, then
its border stroked inset by borderWidth / 2 (radius r − borderWidth / 2, so it lies inside the bounds) in
#1C1C1E × the same opacity. As in the skia peer, the opacity is applied to the fill and the border
separately (the fill shows through the translucent border); animrender's frames have the same colours
there."""
import json, math, sys
import cairo
from scene_motion import peer_args, ease_in_out, rounded_rect, time_cairo, tri

def rgb(argb):
    return ((argb >> 16) & 0xFF) / 255, ((argb >> 8) & 0xFF) / 255, (argb & 0xFF) / 255

def main():
    scene_path, frames, repeats, png, png_frame, scale = peer_args("grid_cairo.py")
    scene = json.load(open(scene_path))
    canvas = scene["canvas"]
    w, h, fps = int(canvas["width"]), int(canvas["height"]), canvas["fps"]
    colors = {"systemRed": 0xFFFF3B30, "systemOrange": 0xFFFF9500, "systemYellow": 0xFFFFCC00, "systemGreen": 0xFF34C759,
              "systemTeal": 0xFF5AC8FA, "systemBlue": 0xFF007AFF, "systemIndigo": 0xFF5856D6, "systemPurple": 0xFFAF52DE}
    tiles = []
    for layer in scene["layers"]:
        x, y, tw, th = layer["frame"]
        tiles.append((x, y, tw, th, layer["cornerRadius"], layer["borderWidth"], rgb(colors[layer["backgroundColor"]]),
                      layer["animations"][0]["duration"]))
    background, border = rgb(0xFFF2F2F7), rgb(0xFF1C1C1E)
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, round(w * scale), round(h * scale))
    ctx = cairo.Context(surface)  # anti-aliasing: CAIRO_ANTIALIAS_DEFAULT

    def draw(t):
        ctx.identity_matrix()
        ctx.scale(scale, scale)
        ctx.set_operator(cairo.OPERATOR_SOURCE)
        ctx.set_source_rgb(*background)
        ctx.paint()
        ctx.set_operator(cairo.OPERATOR_OVER)
        alpha = 1 - 0.4 * tri(t, 1.2)
        for (x, y, tw, th, r, bw, color, d) in tiles:
            dy = 24 * ease_in_out(tri(t, d))
            rounded_rect(ctx, x, y + dy, tw, th, r)
            ctx.set_source_rgba(*color, alpha)
            ctx.fill()
            rounded_rect(ctx, x + bw / 2, y + dy + bw / 2, tw - bw, th - bw, r - bw / 2)
            ctx.set_source_rgba(*border, alpha)
            ctx.set_line_width(bw)
            ctx.stroke()
        surface.flush()

    time_cairo(draw, surface, frames, repeats, fps, png, png_frame)

main()
