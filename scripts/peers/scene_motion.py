"""What the benchmark peers (grid_*.py, compositor_*.py) share: the scenes' colours, their linear and
eased motion, the perspective card's 4×4 matrix, the pycairo rounded rect and the cairo timing loop.
Pure Python, so both skia-python's interpreter and Debian's /usr/bin/python3 (pycairo) import it."""
import json, math, os, sys, time

NAMED = {"systemRed": 0xFFFF3B30, "systemOrange": 0xFFFF9500, "systemYellow": 0xFFFFCC00, "systemGreen": 0xFF34C759,
         "systemTeal": 0xFF5AC8FA, "systemBlue": 0xFF007AFF, "systemIndigo": 0xFF5856D6, "systemPurple": 0xFFAF52DE,
         "systemPink": 0xFFFF2D55, "systemGray": 0xFF8E8E93, "white": 0xFFFFFFFF, "black": 0xFF000000,
         "clear": 0x00000000}

def argb(value, who):
    """0xAARRGGBB of a named or #RRGGBB[AA] colour; `who` names the peer in the error."""
    if value in NAMED:
        return NAMED[value]
    if isinstance(value, str) and value.startswith("#") and len(value) in (7, 9):
        rgb = int(value[1:7], 16)
        a = int(value[7:9], 16) if len(value) == 9 else 0xFF
        return (a << 24) | rgb
    raise SystemExit(f"{who}: unsupported colour {value!r}")

def ease_in_out(u):
    """CSS/CA easeInEaseOut (0.42, 0, 0.58, 1) by bisection (cost is negligible next to drawing)."""
    lo, hi = 0.0, 1.0
    for _ in range(40):
        s = (lo + hi) / 2
        x = 3 * 0.42 * s * (1 - s) ** 2 + 3 * 0.58 * s * s * (1 - s) + s ** 3
        lo, hi = (s, hi) if x < u else (lo, s)
    s = (lo + hi) / 2
    return 3 * s * s * (1 - s) + s ** 3

def tri(t, d):
    """An autoreversing animation's progress 0 → 1 → 0 over 2d."""
    k = (t % (2 * d)) / d
    return k if k <= 1 else 2 - k

def linear_offset(layer, key, t):
    """Sum of the layer's additive linear basic animations of `key` (fromValue → toValue) at time t."""
    total = 0.0
    for a in layer.get("animations", []):
        if a.get("keyPath") == key and a.get("additive"):
            d = a["duration"]
            if 0 <= t < d:
                total += a["fromValue"] + (a["toValue"] - a["fromValue"]) * t / d
    return total

def linear_value(layer, key, t, model):
    """A linear fromValue → toValue basic animation of `key` at time t, else the model value."""
    for a in layer.get("animations", []):
        if a.get("keyPath") == key and "fromValue" in a:
            d = a["duration"]
            if 0 <= t < d:
                return a["fromValue"] + (a["toValue"] - a["fromValue"]) * t / d
    return model

def mat_mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]

def translate4(tx, ty):
    return [[1, 0, 0, tx], [0, 1, 0, ty], [0, 0, 1, 0], [0, 0, 0, 1]]

def card_4x4(stage_frame, card_frame, distance, angle):
    """Column-vector 4×4 (points are columns) of the card's local space to the canvas: the stage's
    sublayerTransform perspective (m34 = −1/d) about the stage's centre, then the card's rotation.y about
    its centre."""
    sx, sy, sw, sh = stage_frame
    cx, cy, cw, ch = card_frame
    c, s = math.cos(angle), math.sin(angle)
    # CATransform3DMakeRotation(angle, 0, 1, 0), transposed to column-vector form: x' = x c + z s, z' = −x s + z c.
    rot = [[c, 0, s, 0], [0, 1, 0, 0], [-s, 0, c, 0], [0, 0, 0, 1]]
    persp = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, -1 / distance if distance else 0, 1]]
    # canvas ← stage origin ← (about the stage centre: perspective) ← card position ← rotation ← −anchor
    m = translate4(sx + sw / 2, sy + sh / 2)
    m = mat_mul(m, persp)
    m = mat_mul(m, translate4(-sw / 2, -sh / 2))
    m = mat_mul(m, translate4(cx + cw / 2, cy + ch / 2))
    m = mat_mul(m, rot)
    return mat_mul(m, translate4(-cw / 2, -ch / 2))

def rounded_rect(ctx, x, y, w, h, r):
    """A pycairo rounded rectangle (four quarter arcs) as a new closed subpath."""
    r = max(0.0, min(r, w / 2, h / 2))
    ctx.new_sub_path()
    if r == 0:
        ctx.rectangle(x, y, w, h)
        return
    ctx.arc(x + w - r, y + r, r, -math.pi / 2, 0)
    ctx.arc(x + w - r, y + h - r, r, 0, math.pi / 2)
    ctx.arc(x + r, y + h - r, r, math.pi / 2, math.pi)
    ctx.arc(x + r, y + r, r, math.pi, 3 * math.pi / 2)
    ctx.close_path()

def time_cairo(draw, surface, frames, repeats, fps, png=None, png_frame=0):
    """Writes frame `png_frame` to `png` when asked, then prints the best of `repeats` runs of drawing
    `frames` frames, each read back (its pixels copied out, like the skia peers)."""
    if png is not None:
        draw(png_frame / fps)
        surface.write_to_png(png)
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        for f in range(frames):
            draw(f / fps)
            _ = bytes(surface.get_data())[0]
        runs.append(time.perf_counter() - start)
    report("pycairo", runs, frames)

def report(peer, runs, frames):
    """Prints "<peer>: BEST ms/frame (median MEDIAN)" for the timed runs (seconds each, `frames` frames
    a run). scripts/bench.sh quotes the best; scripts/bench-scaling.sh, which runs two copies of a peer
    at once, the median, since a copy's best run may be one in which the other had already finished."""
    ordered = sorted(runs)
    k = len(ordered)
    median = ordered[k // 2] if k % 2 else (ordered[k // 2 - 1] + ordered[k // 2]) / 2
    print(f"{peer}: {ordered[0] * 1000 / frames:.2f} ms/frame (median {median * 1000 / frames:.2f})", flush=True)

def peer_args(usage):
    """(scene path, frames, repeats, png, png frame, scale) from the peers' common command line:
    SCENE FRAMES REPEATS [--scale S] [--png OUT.png --frame N]."""
    args = sys.argv[1:]
    png, png_frame, scale = None, 0, 1.0
    if "--png" in args:
        i = args.index("--png"); png = args[i + 1]; del args[i:i + 2]
    if "--frame" in args:
        i = args.index("--frame"); png_frame = int(args[i + 1]); del args[i:i + 2]
    if "--scale" in args:
        i = args.index("--scale"); scale = float(args[i + 1]); del args[i:i + 2]
    if len(args) != 3:
        raise SystemExit(f"usage: {usage} SCENE FRAMES REPEATS [--scale S] [--png OUT.png --frame N]")
    return args[0], int(args[1]), int(args[2]), png, png_frame, scale

def compositor_parts(scene_path, who):
    """The compositor scene's parts: (scene, canvas, tiles, stage, card, perspective distance, masked
    layer, path of its contents image)."""
    scene = json.load(open(scene_path))
    tiles, stage, masked = [], None, None
    for layer in scene["layers"]:
        if layer.get("sublayers"):
            stage = layer
        elif "contents" in layer:
            masked = layer
        else:
            tiles.append(layer)
    if stage is None or masked is None:
        raise SystemExit(f"{who}: expected a stage layer with a card and a masked contents layer")
    card = stage["sublayers"][0]
    distance = next(p["perspective"] for p in stage["sublayerTransform"] if "perspective" in p)
    image_path = os.path.join(os.path.dirname(os.path.abspath(scene_path)), masked["contents"])
    return scene, scene["canvas"], tiles, stage, card, distance, masked, image_path

def tile_data(tiles, color):
    """Per tile: (layer, x, y, w, h, corner radius, border width, fill, border colour,
    (shadowOpacity, shadowRadius, shadowOffset)), colours converted by the peer's `color`."""
    out = []
    for layer in tiles:
        x, y, tw, th = layer["frame"]
        r, bw = layer.get("cornerRadius", 0), layer.get("borderWidth", 0)
        shadow = (layer.get("shadowOpacity", 0), layer.get("shadowRadius", 3), layer.get("shadowOffset", [0, -3]))
        out.append((layer, x, y, tw, th, r, bw, color(layer["backgroundColor"]),
                    color(layer.get("borderColor", "black")), shadow))
    return out
