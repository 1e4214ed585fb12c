#!/usr/bin/env python3
"""GIF encoders on the same frames, measured in one run (scripts/bench-gif.sh drives it).

    python3 scripts/peers/gif_bench.py FRAME_DIR COUNT FPS WORK_DIR LABEL

Encoders: animrender (AnimBench gif-encode: encode time measured inside, frames already decoded;
at the default --gif-quality 85, then "quality-matched": the lowest quality, searched down from 85
(up from 86 if 85 falls short), whose PSNR is within 0.5 dB of the best anchor's, the comparison the
goal of issue 8 asks for);
gifski's approach (libimagequant through PyPI `imagequant` per frame, dithering 1.0, written by
Pillow, then `gifsicle -O3`); ffmpeg palettegen + paletteuse (defaults: one global palette,
sierra2_4a dithering) from raw RGB frames. Every time excludes reading the PNG frames. Quality: each
GIF is decoded with Pillow and every source frame is compared with the decoded frame on screen at
its time: PSNR over RGB (frames that match exactly count as 100 dB) and SSIM on luma (BT.601),
Gaussian window σ = 1.5 (Wang et al. 2004), both averaged over the frames.
Prints one Markdown table row per encoder, then one line on issue 8's goal for this scene: at the
best anchor's quality (PSNR within 0.5 dB), a file at least 15 % smaller than every anchor's, encoded
faster than every anchor.
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


def run_ours(folder, count, fps, out, quality=85):
    bench = os.environ.get("ANIMBENCH", ".build/release/AnimBench")
    r = subprocess.run([bench, "gif-encode", folder, str(count), str(fps), out, str(quality)], check=True,
                       capture_output=True, text=True)
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


def measure(name, encode, out, frames, count, fps, label):
    """Encodes 3 times (best time), decodes, prints the row; returns (seconds, bytes, psnr)."""
    best = min(encode(out) for _ in range(3))
    decoded, duration = decode_gif(out, count, fps)
    p = np.mean([psnr(a, b) for a, b in zip(frames, decoded)])
    s = np.mean([ssim(a, b) for a, b in zip(frames, decoded)])
    size = os.path.getsize(out)
    print(f"| {label} | {name} | {best:.3f} | {size / 1024:.1f} | {p:.2f} | {s:.4f} | {duration:.0f} |", flush=True)
    return best, size, p


def main():
    folder, count, fps, work, label = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4], sys.argv[5]
    frames = load_frames(folder, count)
    anchors = [("libimagequant + gifsicle -O3 (gifski's approach)", lambda o: run_gifski_style(frames, fps, o)),
               ("ffmpeg palettegen + paletteuse", lambda o: run_ffmpeg(frames, fps, o))]
    path = lambda name: os.path.join(work, f"{label.split()[0]}-{name.split()[0]}.gif")
    measure("animrender (default quality 85)", lambda o: run_ours(folder, count, fps, o), path("animrender"),
            frames, count, fps, label)
    results = [measure(name, encode, path(name), frames, count, fps, label) for name, encode in anchors]
    bar = max(p for _, _, p in results) - 0.5

    def trial(q):
        out = os.path.join(work, f"{label.split()[0]}-q{q}.gif")
        run_ours(folder, count, fps, out, q)
        decoded, _ = decode_gif(out, count, fps)
        return np.mean([psnr(a, b) for a, b in zip(frames, decoded)])

    matched = 85
    if trial(85) >= bar:
        while matched > 1 and trial(matched - 1) >= bar:
            matched -= 1
    else:
        while matched < 100 and trial(matched) < bar:
            matched += 1
    seconds, size, p = measure(f"animrender, quality-matched (--gif-quality {matched})",
                               lambda o: run_ours(folder, count, fps, o, matched), path(f"matched{matched}"),
                               frames, count, fps, label)
    smallest = min(b for _, b, _ in results)
    limit = 0.85 * smallest
    fastest = min(t for t, _, _ in results)
    met = p >= bar and size <= limit and seconds < fastest
    saved = 100 * (1 - size / smallest)
    print(f"goal on {label}: PSNR ≥ {bar:.2f} dB, ≤ {limit / 1024:.1f} KiB, faster than {fastest:.3f} s: "
          f"quality {matched} gives {p:.2f} dB, {size / 1024:.1f} KiB "
          f"({f'{saved:.1f} % smaller' if saved >= 0 else f'{-saved:.1f} % larger'} than the smallest anchor), "
          f"{seconds:.3f} s: {'met' if met else 'not met'}", flush=True)

if __name__ == "__main__":
    main()
