#!/usr/bin/env python3
"""GIF encoders on the same frames, measured in one run (scripts/bench-gif.sh drives it).

    python3 scripts/peers/gif_bench.py FRAME_DIR COUNT FPS WORK_DIR LABEL

Encoders: animrender (AnimBench gif-encode: encode time measured inside, frames already decoded);
gifski's approach (libimagequant through PyPI `imagequant` per frame, dithering 1.0, written by
Pillow, then `gifsicle -O3`); ffmpeg palettegen + paletteuse (defaults: one global palette,
sierra2_4a dithering) from raw RGB frames. Every time excludes reading the PNG frames. Quality: each
GIF is decoded with Pillow and every source frame is compared with the decoded frame on screen at
its time: PSNR over RGB (frames that match exactly count as 100 dB) and SSIM on luma (BT.601),
Gaussian window σ = 1.5 (Wang et al. 2004), both averaged over the frames.
Prints one Markdown table row per encoder.
"""
import os
import subprocess
import sys
import time

import numpy as np
from PIL import Image


def load_frames(folder, count):
    return [np.asarray(Image.open(os.path.join(folder, f"frame_{i:05d}.png")).convert("RGB")) for i in range(count)]


def decode_gif(path, count, fps):
    im = Image.open(path)
    shown, starts, t = [], [], 0.0
    for k in range(im.n_frames):
        im.seek(k)
        shown.append(np.asarray(im.convert("RGB")))
        starts.append(t)
        t += im.info.get("duration", 0)
    out = []
    for i in range(count):
        at = i / fps * 1000 + 1e-6
        out.append(shown[max(j for j, s in enumerate(starts) if s <= at)])
    return out, t


def psnr(a, b):
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return 100.0 if mse == 0 else 10 * np.log10(255 * 255 / mse)


def gaussian_blur(x, sigma=1.5, radius=5):
    k = np.exp(-0.5 * (np.arange(-radius, radius + 1) / sigma) ** 2)
    k /= k.sum()
    pad = np.pad(x, radius, mode="reflect")
    rows = sum(k[j] * pad[:, j:j + x.shape[1]] for j in range(2 * radius + 1))
    return sum(k[j] * rows[j:j + x.shape[0], :] for j in range(2 * radius + 1))


def luma(rgb):
    return rgb[..., 0] * 0.299 + rgb[..., 1] * 0.587 + rgb[..., 2] * 0.114


def ssim(a, b):
    x, y = luma(a.astype(np.float64)), luma(b.astype(np.float64))
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    mx, my = gaussian_blur(x), gaussian_blur(y)
    sxx = gaussian_blur(x * x) - mx * mx
    syy = gaussian_blur(y * y) - my * my
    sxy = gaussian_blur(x * y) - mx * my
    s = ((2 * mx * my + c1) * (2 * sxy + c2)) / ((mx * mx + my * my + c1) * (sxx + syy + c2))
    return float(s.mean())


def run_ours(folder, count, fps, out):
    bench = os.environ.get("ANIMBENCH", ".build/release/AnimBench")
    r = subprocess.run([bench, "gif-encode", folder, str(count), str(fps), out], check=True, capture_output=True, text=True)
    fields = dict(kv.split("=") for kv in r.stdout.split())
    return float(fields["encode_seconds"])


def run_gifski_style(frames, fps, out):
    import imagequant
    images = [Image.fromarray(f).convert("RGBA") for f in frames]
    raw = out + ".raw.gif"
    start = time.perf_counter()
    quantized = [imagequant.quantize_pil_image(im, dithering_level=1.0, max_colors=256) for im in images]
    quantized[0].save(raw, save_all=True, append_images=quantized[1:], duration=round(1000 / fps), loop=0,
                      disposal=1, optimize=False)
    subprocess.run(["gifsicle", "--no-warnings", "-O3", raw, "-o", out], check=True)
    elapsed = time.perf_counter() - start
    os.unlink(raw)
    return elapsed


def run_ffmpeg(frames, fps, out):
    h, w, _ = frames[0].shape
    raw = np.stack(frames).tobytes()
    start = time.perf_counter()
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{w}x{h}",
                    "-framerate", str(fps), "-i", "-", "-vf", "split[a][b];[a]palettegen[p];[b][p]paletteuse",
                    "-loop", "0", out], input=raw, check=True)
    return time.perf_counter() - start


def main():
    folder, count, fps, work, label = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4], sys.argv[5]
    frames = load_frames(folder, count)
    encoders = [("animrender", lambda o: run_ours(folder, count, fps, o)),
                ("libimagequant + gifsicle -O3 (gifski's approach)", lambda o: run_gifski_style(frames, fps, o)),
                ("ffmpeg palettegen + paletteuse", lambda o: run_ffmpeg(frames, fps, o))]
    for name, encode in encoders:
        out = os.path.join(work, f"{label}-{name.split()[0]}.gif")
        best = min(encode(out) for _ in range(3))
        decoded, duration = decode_gif(out, count, fps)
        p = np.mean([psnr(a, b) for a, b in zip(frames, decoded)])
        s = np.mean([ssim(a, b) for a, b in zip(frames, decoded)])
        print(f"| {label} | {name} | {best:.3f} | {os.path.getsize(out) / 1024:.1f} | {p:.2f} | {s:.4f} | {duration:.0f} |",
              flush=True)


main()
