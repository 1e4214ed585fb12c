#!/usr/bin/env python3
"""Draws the shape layers of an animrender scene with pycairo, as a peer to compare against.

    shapes_cairo.py SCENE.json OUT.png

Reads the canvas (size, scale, background) and the top-level layers of type "shape" whose path is
SVG path data with absolute M L H V C S Q Z commands and whose colours are opaque ("#RRGGBB"), laid
out over the whole canvas (frame [0, 0, width, height], no transform): each is filled (fillColor,
fillRule) and then stroked (strokeColor, lineWidth, lineCap, lineJoin, miterLimit, lineDashPattern,
lineDashPhase) with CAShapeLayer's defaults, as animrender draws it. Anything else is refused.

Cairo draws with its default (grey, 256 × 15 sub-sample) anti-aliasing and a flattening tolerance
of 0.01 device pixel, so it stands for the exact curves. Needs pycairo: Debian's python3-cairo
(run with /usr/bin/python3) or `pip install pycairo`.
"""
import json, re, sys

try:
    import cairo
except ImportError:
    sys.exit("shapes_cairo.py: pycairo is missing: apt-get install python3-cairo (then use /usr/bin/python3) or pip install pycairo")

DEFAULTS = {"fillColor": "#000000", "fillRule": "nonZero", "strokeColor": None, "lineWidth": 1,
            "lineCap": "butt", "lineJoin": "miter", "miterLimit": 10, "lineDashPattern": None, "lineDashPhase": 0}
CAPS = {"butt": cairo.LINE_CAP_BUTT, "round": cairo.LINE_CAP_ROUND, "square": cairo.LINE_CAP_SQUARE}
JOINS = {"miter": cairo.LINE_JOIN_MITER, "round": cairo.LINE_JOIN_ROUND, "bevel": cairo.LINE_JOIN_BEVEL}
RULES = {"nonZero": cairo.FILL_RULE_WINDING, "evenOdd": cairo.FILL_RULE_EVEN_ODD}
NAMED = {"white": "#FFFFFF", "black": "#000000"}


def rgb(color):
    color = NAMED.get(color, color)
    if not re.fullmatch(r"#[0-9A-Fa-f]{6}", color or ""):
        sys.exit(f"shapes_cairo.py: only opaque #RRGGBB colours are supported, found {color!r}")
    return tuple(int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))


def trace(ctx, data):
    """Adds SVG path data (absolute M L H V C S Q Z) to the context's path."""
    tokens = re.findall(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", data)
    i, command, last_control = 0, None, None
    x = y = sx = sy = 0.0

    def numbers(n):
        nonlocal i
        values = [float(t) for t in tokens[i:i + n]]
        if len(values) != n or any(t.isalpha() for t in tokens[i:i + n]):
            sys.exit(f"shapes_cairo.py: bad path data near token {i}: {data!r}")
        i += n
        return values

    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command not in "MLHVCSQZ":
                sys.exit(f"shapes_cairo.py: only absolute M L H V C S Q Z are supported, found {command!r}")
        control = None
        if command == "M":
            x, y = numbers(2)
            sx, sy = x, y
            ctx.move_to(x, y)
            command = "L"
        elif command == "L":
            x, y = numbers(2)
            ctx.line_to(x, y)
        elif command == "H":
            (x,) = numbers(1)
            ctx.line_to(x, y)
        elif command == "V":
            (y,) = numbers(1)
            ctx.line_to(x, y)
        elif command == "C":
            x1, y1, x2, y2, x, y = numbers(6)
            ctx.curve_to(x1, y1, x2, y2, x, y)
            control = (x2, y2)
        elif command == "S":
            x1, y1 = (2 * x - last_control[0], 2 * y - last_control[1]) if last_control else (x, y)
            x2, y2, x, y = numbers(4)
            ctx.curve_to(x1, y1, x2, y2, x, y)
            control = (x2, y2)
        elif command == "Q":
            qx, qy, nx, ny = numbers(4)
            # The quadratic as the cubic with the same curve: controls 2/3 of the way to the quad's.
            ctx.curve_to(x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), nx + 2 / 3 * (qx - nx), ny + 2 / 3 * (qy - ny), nx, ny)
            x, y = nx, ny
        elif command == "Z":
            ctx.close_path()
            x, y = sx, sy
        last_control = control


def draw(scene_path, out_path):
    scene = json.load(open(scene_path))
    canvas = scene["canvas"]
    w, h, scale = canvas["width"], canvas["height"], canvas.get("scale", 1)
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, round(w * scale), round(h * scale))
    ctx = cairo.Context(surface)
    ctx.set_antialias(cairo.ANTIALIAS_DEFAULT)
    ctx.set_tolerance(0.01)
    ctx.set_source_rgb(*rgb(canvas.get("background", "#FFFFFF")))
    ctx.paint()
    ctx.scale(scale, scale)
    for layer in scene["layers"]:
        if layer.get("type") != "shape":
            sys.exit(f"shapes_cairo.py: layer {layer.get('id')!r} is not a shape layer")
        if layer.get("frame") != [0, 0, w, h] or "transform" in layer or "animations" in layer:
            sys.exit(f"shapes_cairo.py: layer {layer.get('id')!r} must have frame [0, 0, {w}, {h}], no transform and no animations")
        p = dict(DEFAULTS, **layer)
        ctx.new_path()
        trace(ctx, p["path"])
        if p["fillColor"] is not None:
            ctx.set_source_rgb(*rgb(p["fillColor"]))
            ctx.set_fill_rule(RULES[p["fillRule"]])
            ctx.fill_preserve()
        if p["strokeColor"] is not None and p["lineWidth"] > 0:
            ctx.set_source_rgb(*rgb(p["strokeColor"]))
            ctx.set_line_width(p["lineWidth"])
            ctx.set_line_cap(CAPS[p["lineCap"]])
            ctx.set_line_join(JOINS[p["lineJoin"]])
            ctx.set_miter_limit(p["miterLimit"])
            ctx.set_dash(p["lineDashPattern"] or [], p["lineDashPhase"])
            ctx.stroke_preserve()
    surface.write_to_png(out_path)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    draw(sys.argv[1], sys.argv[2])
