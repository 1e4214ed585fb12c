#!/usr/bin/python3
"""Peer benchmark: pycairo + numpy for the blur. pycairo's image surface (ARGB32, default anti-aliasing)
draws the content of Scenes/bench/compositor-1280.json (24 shadowed, rounded, bordered tiles, a perspective
card and a circle-masked picture at 1280×720, the same per-frame motion), the counterpart of
compositor_skia.py; numpy blurs the shadows, since cairo has no blur. Prints ms/frame (best of R runs, each
frame fully redrawn, shadows included, and its pixels copied out). Used only for comparison, never by
animrender. Run it with /usr/bin/python3 (Debian's python3-cairo and python3-numpy).

usage: compositor_cairo.py SCENE FRAMES REPEATS [--scale S] [--png OUT.png --frame N]
  --scale multiplies the canvas like animrender's --scale (3 turns the 1280×720 scene into 3840×2160).
  --png/--frame also write frame N to OUT.png (before timing) for a visual comparison with
  `animrender SCENE --frame N --png OUT.png`.

Semantics reproduced as in compositor_skia.py (core-animation-semantics): a layer's position is its frame's
centre; the additive, linear basic animations add fromValue + (toValue − fromValue) × t / duration (removed
once t ≥ duration); rounded rects are built from arcs; the border is drawn inside the bounds as an even-odd
ring (outer radius r, inner radius r − borderWidth); the stage's sublayerTransform (perspective d: m34 = −1/d)
applies about the stage's centre and the card's rotation.y about the card's centre; the masked layer's
contents use resizeAspectFill (bilinear filtering) and are kept inside its mask (a circle), here as an
anti-aliased clip. One difference from compositor_skia.py, where animrender agrees with this peer: the layer
does not mask to its bounds, so the aspect-filled picture, wider than the layer, shows past the layer's
right edge where the moving circle does (the last frames); the skia peer clips to the bounds there.

How cairo is made to do what it lacks:
  shadows — every frame, each tile's shape is filled into an A8 surface covering its bounding box plus a
    3σ margin (device pixels), blurred with a separable Gaussian (σ = shadowRadius × scale, kernel cut at
    3σ, numpy: one vectorised 1-D convolution along the rows, one along the columns), and used as a mask
    (mask_surface) for black × shadowOpacity at shadowOffset, behind the tile. Nothing is cached across
    frames or tiles but the kernel.
  the perspective card — cairo has only affine matrices, so the card's rounded rect (and its border's
    inner rounded rect) is flattened to a polygon in the card's plane (corner arcs cut finely enough for a
    chord error under 0.05 device pixels) and its points are projected through the same 3×3 homography
    the skia peer builds; the projected polygon is filled (straight edges stay exact, since a homography
    maps lines to lines)."""
import json, math, os, sys
import cairo
import numpy as np
from scene_motion import argb, card_4x4, compositor_parts, peer_args, tile_data, linear_offset, linear_value, rounded_rect, time_cairo

def color(value):
    """(r, g, b, a) in 0…1 of a named or #RRGGBB[AA] colour."""
    v = argb(value, "compositor_cairo")
    return tuple(((v >> s) & 0xFF) / 255 for s in (16, 8, 0, 24))

def card_homography(stage_frame, card_frame, distance, angle):
    """The 3×3 homography (rows of the column-vector 4×4 without z) of the card's local plane to the
    canvas, the matrix compositor_skia.card_matrix gives skia."""
    m = card_4x4(stage_frame, card_frame, distance, angle)
    return [[m[i][0], m[i][1], m[i][3]] for i in (0, 1, 3)]

def rounded_polygon(x, y, w, h, r, max_radius_px):
    """The rounded rect's outline as points, each quarter arc cut into n chords with a chord error
    r_px (1 − cos(π / 4n)) ≈ r_px π² / 32n² under 0.05 px, r_px the largest the radius gets on the canvas."""
    r = max(0.0, min(r, w / 2, h / 2))
    if r == 0:
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    n = max(2, math.ceil(math.pi * math.sqrt(max_radius_px / 1.6)))
    points = []
    for (cx, cy, a0) in ((x + w - r, y + r, -math.pi / 2), (x + w - r, y + h - r, 0),
                         (x + r, y + h - r, math.pi / 2), (x + r, y + r, math.pi)):
        for i in range(n + 1):
            a = a0 + (math.pi / 2) * i / n
            points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points

def projected_polygon(ctx, points, hmat):
    (a, b, c), (d, e, f), (g, h, i) = hmat
    ctx.new_sub_path()
    for (x, y) in points:
        w = g * x + h * y + i
        ctx.line_to((a * x + b * y + c) / w, (d * x + e * y + f) / w)
    ctx.close_path()

def gaussian_kernel(sigma):
    m = max(1, math.ceil(3 * sigma))
    x = np.arange(-m, m + 1, dtype=np.float32)
    k = np.exp(-x * x / np.float32(2 * sigma * sigma))
    return (k / k.sum()).astype(np.float32), m

def convolve_rows(a, k, m):
    """Each row of a (float32) convolved with the symmetric kernel k (2m + 1 taps), zero outside, same size."""
    rows, width = a.shape
    padded = np.zeros((rows, width + 2 * m), np.float32)
    padded[:, m:m + width] = a
    out = padded[:, m:m + width] * k[m]
    tmp = np.empty_like(out)
    for i in range(m):  # taps i and 2m − i share a weight
        np.add(padded[:, i:i + width], padded[:, 2 * m - i:2 * m - i + width], out=tmp)
        tmp *= k[i]
        out += tmp
    return out

def aspect_fill(iw, ih, w, h):
    k = max(w / iw, h / ih)
    dw, dh = iw * k, ih * k
    return (w - dw) / 2, (h - dh) / 2, dw, dh

def build(scene_path):
    scene, canvas, tiles, stage, card, distance, masked, image_path = compositor_parts(scene_path, "compositor_cairo")
    image = cairo.ImageSurface.create_from_png(image_path)  # decoded once, outside the timed loop
    return scene, canvas, tiles, stage, card, distance, masked, image

def main():
    scene_path, frames, repeats, png, png_frame, scale = peer_args("compositor_cairo.py")
    scene, canvas, tiles, stage, card, distance, masked, image = build(scene_path)
    w, h, fps = int(canvas["width"]), int(canvas["height"]), canvas["fps"]
    background = color(canvas.get("background", "white"))

    tiles_drawn = tile_data(tiles, color)
    kernels = {}  # σ in device pixels → (kernel, half width); only the kernel is reused, never a blurred mask

    card_bg, card_border = color(card["backgroundColor"]), color(card.get("borderColor", "black"))
    card_r, card_bw = card.get("cornerRadius", 0), card.get("borderWidth", 0)
    card_w, card_h = card["frame"][2], card["frame"][3]
    # The card's outline in its own plane; the perspective can enlarge it (the nearer edge), hence the 2×.
    card_bw_clamped = min(card_bw, card_w / 2, card_h / 2)
    card_outer = rounded_polygon(0, 0, card_w, card_h, card_r, 2 * card_r * scale)
    card_inner = rounded_polygon(card_bw_clamped, card_bw_clamped, card_w - 2 * card_bw_clamped,
                                 card_h - 2 * card_bw_clamped, max(0, card_r - card_bw_clamped), 2 * card_r * scale)

    mx, my, mw, mh = masked["frame"]
    mask = masked["mask"]
    mask_x, mask_y, mask_w, mask_h = mask["frame"]
    mask_r = mask.get("cornerRadius", 0)
    mask_alpha = color(mask.get("backgroundColor", "black"))[3]
    iw, ih = image.get_width(), image.get_height()
    dx, dy, dw, dh = aspect_fill(iw, ih, mw, mh)
    picture = cairo.SurfacePattern(image)
    picture.set_filter(cairo.FILTER_BILINEAR)  # the skia peer's kLinear sampling
    picture.set_extend(cairo.EXTEND_PAD)
    # user space (the masked layer's) → image pixels
    picture.set_matrix(cairo.Matrix(iw / dw, 0, 0, ih / dh, -dx * iw / dw, -dy * ih / dh))

    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, round(w * scale), round(h * scale))
    ctx = cairo.Context(surface)  # anti-aliasing: CAIRO_ANTIALIAS_DEFAULT

    def shadow(x, y, tw, th, r, opacity, radius):
        """The rounded rect (x, y, tw, th, r in canvas points) blurred with σ = radius, black × opacity."""
        sigma = radius * scale
        if sigma <= 0:
            rounded_rect(ctx, x, y, tw, th, r)
            ctx.set_source_rgba(0, 0, 0, opacity)
            ctx.fill()
            return
        if sigma not in kernels:
            kernels[sigma] = gaussian_kernel(sigma)
        k, m = kernels[sigma]
        # The shape's device bounding box plus the kernel's reach, in whole device pixels.
        x0, y0 = math.floor(x * scale) - m, math.floor(y * scale) - m
        x1, y1 = math.ceil((x + tw) * scale) + m, math.ceil((y + th) * scale) + m
        mw_, mh_ = x1 - x0, y1 - y0
        coverage = cairo.ImageSurface(cairo.FORMAT_A8, mw_, mh_)
        c = cairo.Context(coverage)
        c.translate(-x0, -y0)
        c.scale(scale, scale)
        rounded_rect(c, x, y, tw, th, r)
        c.fill()
        coverage.flush()
        a = np.ndarray((mh_, coverage.get_stride()), np.uint8, buffer=coverage.get_data())[:, :mw_]
        blurred = convolve_rows(convolve_rows(a.astype(np.float32), k, m).T, k, m).T
        np.add(blurred, 0.5, out=blurred)
        a[...] = np.clip(blurred, 0, 255)
        coverage.mark_dirty()
        ctx.save()
        ctx.identity_matrix()
        ctx.set_source_rgba(0, 0, 0, opacity)
        ctx.mask_surface(coverage, x0, y0)
        ctx.restore()

    def draw(t):
        ctx.identity_matrix()
        ctx.set_operator(cairo.OPERATOR_SOURCE)
        ctx.set_source_rgba(*background)
        ctx.paint()
        ctx.set_operator(cairo.OPERATOR_OVER)
        ctx.scale(scale, scale)
        # Tiles, in array order: each one's shadow, background, then its border (inside the bounds).
        for (layer, x, y, tw, th, r, bw, bg, border, (sop, srad, soff)) in tiles_drawn:
            x += linear_offset(layer, "position.x", t)
            y += linear_offset(layer, "position.y", t)
            if sop > 0:
                shadow(x + soff[0], y + soff[1], tw, th, r, min(1, sop), srad)
            rounded_rect(ctx, x, y, tw, th, r)
            ctx.set_source_rgba(*bg)
            ctx.fill()
            if bw > 0:
                b = min(bw, tw / 2, th / 2)
                rounded_rect(ctx, x, y, tw, th, r)
                rounded_rect(ctx, x + b, y + b, tw - 2 * b, th - 2 * b, max(0, r - b))
                ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
                ctx.set_source_rgba(*border)
                ctx.fill()
                ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
        # The stage: its card under the stage's perspective, rotated about y around its centre, projected.
        hmat = card_homography(stage["frame"], card["frame"], distance,
                               linear_value(card, "transform.rotation.y", t, 0.0))
        projected_polygon(ctx, card_outer, hmat)
        ctx.set_source_rgba(*card_bg)
        ctx.fill()
        if card_bw > 0:
            projected_polygon(ctx, card_outer, hmat)
            projected_polygon(ctx, card_inner, hmat)
            ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
            ctx.set_source_rgba(*card_border)
            ctx.fill()
            ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
        # The masked picture: aspect-filled contents where the mask's circle is, even past the layer's bounds.
        ctx.save()
        ctx.translate(mx, my)
        ctx.rectangle(dx, dy, dw, dh)  # the contents' extent: aspect fill overflows the bounds (no masksToBounds)
        ctx.clip()
        rounded_rect(ctx, mask_x + linear_offset(mask, "position.x", t),
                     mask_y + linear_offset(mask, "position.y", t), mask_w, mask_h, mask_r)
        ctx.clip()
        ctx.set_source(picture)
        if mask_alpha < 1:
            ctx.paint_with_alpha(mask_alpha)
        else:
            ctx.paint()
        ctx.restore()
        surface.flush()

    time_cairo(draw, surface, frames, repeats, fps, png, png_frame)

main()
