#!/usr/bin/env python3
"""Compares two PNG images of the same size, opaque or not, channel by channel.

    compare_png.py A.png B.png [--max-mean M] [--max-fraction F] [--over N] [--diff OUT.png]

Prints the largest and the mean absolute difference per channel (0-255, straight RGBA), and the
fraction of pixels where some channel differs by more than N (default 16). Exits 1 when the mean
exceeds M or the fraction exceeds F (when given). --diff writes the per-pixel largest difference,
amplified 4×, as a grey image. Reads PNGs with pycairo only (no numpy).
"""
import argparse, sys

import cairo


def pixels(path):
    s = cairo.ImageSurface.create_from_png(path)
    w, h, stride = s.get_width(), s.get_height(), s.get_stride()
    data = bytes(s.get_data())
    out = []
    for y in range(h):
        row = data[y * stride:y * stride + 4 * w]
        for x in range(w):
            b, g, r, a = row[4 * x:4 * x + 4]  # premultiplied ARGB32, little-endian
            if 0 < a < 255:
                r, g, b = (min(255, (c * 255 + a // 2) // a) for c in (r, g, b))
            out.append((r, g, b, a))
    return w, h, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("a"), ap.add_argument("b")
    ap.add_argument("--max-mean", type=float), ap.add_argument("--max-fraction", type=float)
    ap.add_argument("--over", type=int, default=16), ap.add_argument("--diff")
    args = ap.parse_args()
    wa, ha, pa = pixels(args.a)
    wb, hb, pb = pixels(args.b)
    if (wa, ha) != (wb, hb):
        sys.exit(f"compare_png.py: sizes differ: {wa}×{ha} and {wb}×{hb}")
    worst, total, over = 0, 0, 0
    per_pixel = []
    for p, q in zip(pa, pb):
        d = [abs(u - v) for u, v in zip(p, q)]
        m = max(d)
        worst = max(worst, m)
        total += sum(d)
        over += m > args.over
        per_pixel.append(m)
    n = len(pa)
    mean, fraction = total / (4 * n), over / n
    print(f"{wa}×{ha} px: max |Δ| {worst}, mean |Δ| {mean:.4f} per channel, "
          f"{fraction * 100:.3f}% of pixels ({over}) differ by more than {args.over}")
    if args.diff:
        s = cairo.ImageSurface(cairo.FORMAT_RGB24, wa, ha)
        buf, stride = s.get_data(), s.get_stride()
        for i, m in enumerate(per_pixel):
            y, x = divmod(i, wa)
            v = 255 - min(255, 4 * m)
            buf[y * stride + 4 * x:y * stride + 4 * x + 3] = bytes((v, v, v))
        s.mark_dirty()
        s.write_to_png(args.diff)
    failed = (args.max_mean is not None and mean > args.max_mean) or \
             (args.max_fraction is not None and fraction > args.max_fraction)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
