#!/usr/bin/env python3
"""Peer benchmark: skia-python's raster backend drawing the content of Scenes/bench/compositor-1280.json
(24 shadowed, rounded, bordered tiles, a perspective card and a circle-masked picture at 1280×720, the
same per-frame motion), anti-aliased. Prints ms/frame (best of R runs, each frame fully redrawn and read
back). Used only for comparison, never by animrender.

usage: compositor_skia.py SCENE FRAMES REPEATS [--scale S] [--png OUT.png --frame N]
  --scale multiplies the canvas like animrender's --scale (3 turns the 1280×720 scene into 3840×2160).
  --png/--frame also write frame N to OUT.png (before timing) for a visual comparison with
  `animrender SCENE --frame N --png OUT.png`.

Semantics reproduced (core-animation-semantics): a layer's position is its frame's centre; the additive,
linear additive basic animations add fromValue + (toValue − fromValue) × t / duration (removed once t ≥ duration, like CA's default
removedOnCompletion); the border is drawn inside the bounds (outer radius r, inner radius r − borderWidth);
the shadow is the layer's (opaque, rounded) shape blurred with a Gaussian of σ = shadowRadius, offset by
shadowOffset (y down), black × shadowOpacity, behind the layer; the stage's sublayerTransform
(perspective d: m34 = −1/d) applies about the stage's centre and the card's rotation.y about the card's
centre; the masked layer's contents use resizeAspectFill and its mask's alpha (a circle) via kDstIn."""
import json, math, os, sys, time
import skia
from scene_motion import argb, card_4x4, compositor_parts, peer_args, report, tile_data, linear_offset, linear_value

def color(value):
    return argb(value, "compositor_skia")

def card_matrix(stage_frame, card_frame, distance, angle):
    """The card's 4×4 (scene_motion.card_4x4) collapsed to a 3×3 perspective skia.Matrix (the card is
    the z = 0 plane, and the output z is not needed)."""
    m = card_4x4(stage_frame, card_frame, distance, angle)
    return skia.Matrix.MakeAll(m[0][0], m[0][1], m[0][3], m[1][0], m[1][1], m[1][3], m[3][0], m[3][1], m[3][3])

def aspect_fill(image, w, h):
    iw, ih = image.width(), image.height()
    k = max(w / iw, h / ih)
    dw, dh = iw * k, ih * k
    return skia.Rect.MakeXYWH((w - dw) / 2, (h - dh) / 2, dw, dh)

def build(scene_path):
    scene, canvas, tiles, stage, card, distance, masked, image_path = compositor_parts(scene_path, "compositor_skia")
    image = skia.Image.open(image_path).makeRasterImage()  # decoded once, outside the timed loop
    return scene, canvas, tiles, stage, card, distance, masked, image

def main():
    scene_path, frames, repeats, png, png_frame, scale = peer_args("compositor_skia.py")
    scene, canvas, tiles, stage, card, distance, masked, image = build(scene_path)
    w, h, fps = int(canvas["width"]), int(canvas["height"]), canvas["fps"]
    background = color(canvas.get("background", "white"))

    tiles_drawn = tile_data(tiles, color)
    card_bg, card_border = color(card["backgroundColor"]), color(card.get("borderColor", "black"))
    card_r, card_bw = card.get("cornerRadius", 0), card.get("borderWidth", 0)
    card_w, card_h = card["frame"][2], card["frame"][3]
    mx, my, mw, mh = masked["frame"]
    mask = masked["mask"]
    mask_x, mask_y, mask_w, mask_h = mask["frame"]
    mask_r = mask.get("cornerRadius", 0)
    mask_color = color(mask.get("backgroundColor", "black"))
    image_dst = aspect_fill(image, mw, mh)
    image_src = skia.Rect.MakeWH(image.width(), image.height())
    sampling = skia.SamplingOptions(skia.FilterMode.kLinear)

    surface = skia.Surface(round(w * scale), round(h * scale))
    fill = skia.Paint(AntiAlias=True)
    shadow_paints = {}
    # The mask is drawn into its own layer composited with kDstIn: a shape drawn directly with kDstIn
    # would only touch the pixels it covers, leaving the picture outside the circle.
    dst_in = skia.Paint(BlendMode=skia.BlendMode.kDstIn)
    mask_fill = skia.Paint(AntiAlias=True, Color=mask_color)
    # The contents' extent: aspect fill overflows the layer's bounds, and without masksToBounds CA
    # shows the overflow (where the mask lets it through), as animrender and the cairo peer do.
    picture_bounds = image_dst

    def rrect(rect, r):
        r = min(r, rect.width() / 2, rect.height() / 2)
        return skia.RRect.MakeRectXY(rect, r, r)

    def ring(rect, r, bw):
        bw = min(bw, rect.width() / 2, rect.height() / 2)
        return rrect(rect, r), rrect(rect.makeInset(bw, bw), max(0, r - bw))

    def draw(t):
        c = surface.getCanvas()
        c.resetMatrix()
        c.clear(background)
        c.scale(scale, scale)
        # Tiles, in array order: each one's shadow, background, then its border (inside the bounds).
        for (layer, x, y, tw, th, r, bw, bg, border, (sop, srad, soff)) in tiles_drawn:
            dy = linear_offset(layer, "position.y", t)
            dx = linear_offset(layer, "position.x", t)
            rect = skia.Rect.MakeXYWH(x + dx, y + dy, tw, th)
            if sop > 0:
                key = (sop, srad)
                paint = shadow_paints.get(key)
                if paint is None:
                    paint = skia.Paint(AntiAlias=True, Color=skia.ColorSetARGB(round(255 * min(1, sop)), 0, 0, 0))
                    if srad > 0:
                        paint.setMaskFilter(skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, srad))
                    shadow_paints[key] = paint
                c.drawRRect(rrect(rect.makeOffset(soff[0], soff[1]), r), paint)
            fill.setColor(bg)
            c.drawRRect(rrect(rect, r), fill)
            if bw > 0:
                fill.setColor(border)
                c.drawDRRect(*ring(rect, r, bw), fill)
        # The stage: its card under the stage's perspective, rotated about y around its centre.
        angle = linear_value(card, "transform.rotation.y", t, 0.0)
        c.save()
        c.concat(card_matrix(stage["frame"], card["frame"], distance, angle))
        card_rect = skia.Rect.MakeWH(card_w, card_h)
        fill.setColor(card_bg)
        c.drawRRect(rrect(card_rect, card_r), fill)
        if card_bw > 0:
            fill.setColor(card_border)
            c.drawDRRect(*ring(card_rect, card_r, card_bw), fill)
        c.restore()
        # The masked picture: aspect-filled contents in a layer, kept where the mask (a circle) is opaque.
        c.save()
        c.translate(mx, my)
        c.clipRect(picture_bounds)  # the mask crops anyway; this bounds both layers
        c.saveLayer(picture_bounds)
        c.drawImageRect(image, image_src, image_dst, sampling)
        mask_rect = skia.Rect.MakeXYWH(mask_x + linear_offset(mask, "position.x", t),
                                       mask_y + linear_offset(mask, "position.y", t), mask_w, mask_h)
        c.saveLayer(picture_bounds, dst_in)
        c.drawRRect(rrect(mask_rect, mask_r), mask_fill)
        c.restore()  # mask layer, kDstIn onto the picture
        c.restore()  # picture layer, source-over onto the canvas
        c.restore()
        surface.flushAndSubmit()

    if png is not None:
        draw(png_frame / fps)
        surface.makeImageSnapshot().save(png, skia.kPNG)

    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        for f in range(frames):
            draw(f / fps)
            _ = surface.makeImageSnapshot().tobytes()[0]
        runs.append(time.perf_counter() - start)
    report("skia-python", runs, frames)

main()
