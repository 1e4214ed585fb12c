#!/usr/bin/env python3
"""Decodes an animation with Pillow (an independent decoder) and compares it with PNG frames.

    python3 scripts/check-animation.py ANIMATION FRAME_DIR FPS [FIRST_FRAME]

ANIMATION is an APNG, GIF or animated WebP; FRAME_DIR holds frame_NNNNN.png as written by
`animrender --png-dir` (frames FIRST_FRAME, FIRST_FRAME+1, … at FPS). Each rendered frame i is
compared with the decoded frame on screen at its time, (i - FIRST_FRAME) / FPS, counted from the
decoded delays. Prints one line of key=value pairs:
frames (rendered), stored (decoded frames), duration_ms, loop, max_diff (largest channel
difference over RGBA, with fully transparent pixels compared as transparent), psnr (mean over the
rendered frames, RGB over a black matte; inf when identical). A GIF has no partial alpha, so for a
GIF the expected frame's alpha is thresholded at 50% (animrender's rule) before comparing.
Exit 0; 3 when Pillow is missing.
"""
import math
import os
import sys

try:
    from PIL import Image, ImageChops, ImageStat
except ImportError:
    print("Pillow is not installed", file=sys.stderr)
    sys.exit(3)


def decoded_frames(path):
    im = Image.open(path)
    frames = []
    for k in range(getattr(im, "n_frames", 1)):
        im.seek(k)
        frames.append((im.convert("RGBA"), float(im.info.get("duration", 0))))
    return frames, im.info.get("loop")


def normalise(rgba):
    """Transparent pixels become (0,0,0,0) so their hidden colour does not count."""
    alpha = rgba.getchannel("A").point(lambda a: 255 if a else 0)
    black = Image.new("RGBA", rgba.size, (0, 0, 0, 0))
    return Image.composite(rgba, black, alpha)


def psnr(a, b):
    matte = Image.new("RGBA", a.size, (0, 0, 0, 255))
    ra = Image.alpha_composite(matte, a).convert("RGB")
    rb = Image.alpha_composite(matte, b).convert("RGB")
    mse = sum(v * v for v in ImageStat.Stat(ImageChops.difference(ra, rb)).rms) / 3
    return math.inf if mse == 0 else 10 * math.log10(255 * 255 / mse)


def main():
    path, folder, fps = sys.argv[1], sys.argv[2], float(sys.argv[3])
    first = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    frames, loop = decoded_frames(path)
    is_gif = Image.open(path).format == "GIF"
    starts, t = [], 0.0
    for _, d in frames:
        starts.append(t)
        t += d
    names = sorted(n for n in os.listdir(folder) if n.startswith("frame_") and n.endswith(".png"))
    max_diff, total_psnr = 0, 0.0
    for n in names:
        i = int(n[6:11]) - first
        at = i / fps * 1000 + 1e-6
        k = max(j for j, s in enumerate(starts) if s <= at)
        shown = normalise(frames[k][0])
        expected = Image.open(os.path.join(folder, n)).convert("RGBA")
        if is_gif:
            expected.putalpha(expected.getchannel("A").point(lambda a: 255 if a >= 128 else 0))
        expected = normalise(expected)
        diff = ImageChops.difference(shown, expected).getextrema()
        max_diff = max(max_diff, max(hi for _, hi in diff))
        total_psnr += psnr(shown, expected)
    mean_psnr = total_psnr / len(names) if names else 0
    print(f"frames={len(names)} stored={len(frames)} duration_ms={t:.3f} loop={loop} "
          f"max_diff={max_diff} psnr={mean_psnr:.3f}")


main()
