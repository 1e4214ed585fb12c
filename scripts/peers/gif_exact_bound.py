#!/usr/bin/env python3
"""A lower bound on the size of an exact GIF of rendered frames (docs/benchmarks.md, issue 8).

    python3 scripts/peers/gif_exact_bound.py FRAME_DIR COUNT [GIF ...]

Counts the distinct screens (consecutive identical frames merge into one delay) and bounds any
exact GIF that shows each screen with one image (no zero-delay images: browsers show those for
100 ms) from below, part by part:

* fixed blocks: header and screen descriptor, the NETSCAPE2.0 loop block, per image its graphic
  control block (the delay) and image descriptor, the trailer;
* colour tables: image k must draw every pixel whose colour differs from the screen it is drawn
  over, which is screen k-1 or, after a "restore to previous" disposal, screen k-2, so it needs a
  table holding those colours (plus a transparent entry when it keeps any pixel, or else every
  colour of its rectangle), padded to a power of two, unless the global table holds them. The
  global table (2…256 entries) minimising the total is an integer program, solved with
  scipy's HiGHS for each table size (a size not solved to optimality counts with HiGHS's bound);
* LZW data: a code covers one pixel or repeats an earlier string plus one pixel, so the number of
  codes is at least the number of phrases of the best parse into single pixels and copies of
  earlier substrings, at most k+1 long for the k-th (the greedy longest-match parse is optimal for
  this relaxation, whose phrase sets are suffix-closed). A kept pixel may be written as the
  transparent index or its colour, so it matches either. Codes start at (minimum code size + 1)
  bits, where the minimum code size covers the colours drawn, and widen as GIF decoders widen
  them; the end code is counted, the optional clear code is not; plus the code size byte, the
  sub-block lengths and the terminator. This part assumes each image is the bounding rectangle of
  the pixels it must draw (the frame 0 screen needs at least n codes with n(n+1)/2 >= its pixels).

With GIF paths, prints their byte breakdown next to the bound.
"""
import math
import os
import sys

import numpy as np
from PIL import Image

TRANSPARENT = -1


def load(folder, count):
    out = []
    for i in range(count):
        f = np.asarray(Image.open(os.path.join(folder, f"frame_{i:05d}.png")).convert("RGB")).astype(np.int64)
        out.append((f[..., 0] << 16) | (f[..., 1] << 8) | f[..., 2])
    return out


def screens(frames):
    out = [frames[0]]
    for f in frames[1:]:
        if (f != out[-1]).any():
            out.append(f)
    return out


def pow2(n):
    size = 2
    while size < n:
        size *= 2
    return size


def image_needs(screen, base):
    """Colours to draw, the table entries needed, and the pixel sets of the tight rectangle."""
    if base is None:
        changed = np.ones(screen.shape, bool)
    else:
        changed = screen != base
    ys, xs = np.nonzero(changed)
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    rect, mask = screen[y0:y1, x0:x1], changed[y0:y1, x0:x1]
    drawn = np.unique(rect[mask])
    entries = len(drawn) if mask.all() else min(len(drawn) + 1, len(np.unique(rect)))
    first = rect.ravel()
    second = np.where(mask.ravel(), first, TRANSPARENT)
    return drawn, entries, first, second


def greedy_phrases(a, b):
    """Fewest phrases: each a single pixel or a copy of an earlier substring (pixel i matches
    pixel j when their options {a, b} meet), the k-th phrase at most k+1 long."""
    n = len(a)
    pos = k = 0
    while pos < n:
        cap = min(k + 1, n - pos)
        alive = np.arange(pos)
        length = 0
        while alive.size and length < cap:
            q = pos + length
            p = alive + length
            ok = (a[p] == a[q]) | (a[p] == b[q]) | (b[p] == a[q]) | (b[p] == b[q])
            alive = alive[ok]
            if alive.size:
                length += 1
        pos += max(1, length)
        k += 1
    return k


def data_bytes(codes, min_code_size):
    """Bytes of the image data for `codes` data codes plus the end code."""
    bits, width, size = 0, min_code_size + 1, (1 << min_code_size) + 2
    for k in range(codes + 1):
        bits += width
        if k >= 1:
            size += 1
        if size == (1 << width) and width < 12:
            width += 1
    payload = (bits + 7) // 8
    return 1 + payload + (payload + 254) // 255 + 1


def table_bound(costs_options, time_limit):
    """Least bytes of the global table plus the local tables; costs_options[k] = [(colours, bytes)]."""
    from scipy.optimize import Bounds, LinearConstraint, milp
    import scipy.sparse as sp
    frames = len(costs_options)
    cost = [min(c for _, c in opts) for opts in costs_options]
    everything = np.unique(np.concatenate([c for opts in costs_options for c, _ in opts]))
    number = {c: i for i, c in enumerate(everything.tolist())}
    nc = len(everything)
    results = [(sum(cost), 0, True)]  # no global table
    # variables: colour in the table (nc), then per frame and option "covered by the table"
    option_vars = [(k, o) for k, opts in enumerate(costs_options) for o in range(len(opts))]
    nv = nc + len(option_vars)
    rows, cols, vals = [], [], []
    r = 0
    for j, (k, o) in enumerate(option_vars):
        for c in costs_options[k][o][0].tolist():
            rows += [r, r]
            cols += [nc + j, number[c]]
            vals += [1, -1]
            r += 1
    cover = sp.csr_matrix((vals, (rows, cols)), shape=(r, nv))
    once = sp.lil_matrix((frames, nv))
    for j, (k, o) in enumerate(option_vars):
        once[k, nc + j] = 1
    gain = np.zeros(nv)
    for j, (k, _) in enumerate(option_vars):
        gain[nc + j] = cost[k]
    size = 256
    while size >= 2:
        capacity = sp.csr_matrix(np.concatenate([np.ones(nc), np.zeros(len(option_vars))])[None, :])
        res = milp(c=-gain, integrality=np.ones(nv), bounds=Bounds(0, 1),
                   constraints=[LinearConstraint(cover, -np.inf, 0), LinearConstraint(once.tocsr(), 0, 1),
                                LinearConstraint(capacity, 0, size)],
                   options={"time_limit": time_limit})
        saved = -res.mip_dual_bound if res.mip_dual_bound is not None else gain.sum()
        results.append((3 * size + sum(cost) - math.floor(saved + 1e-6), size, res.status == 0))
        size //= 2
    return min(results), results


def breakdown(path):
    d = open(path, "rb").read()
    out = {"header+screen": 13, "global table": 0, "other blocks": 0, "control blocks": 0,
           "image descriptors": 0, "local tables": 0, "LZW data": 0, "trailer": 0}
    p = 13
    if d[10] & 0x80:
        out["global table"] = 3 * (2 << (d[10] & 7))
        p += out["global table"]
    images = 0
    while p < len(d) and d[p] != 0x3B:
        if d[p] == 0x21:
            q = p + 2
            while d[q]:
                q += d[q] + 1
            out["control blocks" if d[p + 1] == 0xF9 else "other blocks"] += q + 1 - p
            p = q + 1
        elif d[p] == 0x2C:
            flags = d[p + 9]
            out["image descriptors"] += 10
            p += 10
            if flags & 0x80:
                out["local tables"] += 3 * (2 << (flags & 7))
                p += 3 * (2 << (flags & 7))
            q = p + 1
            while d[q]:
                q += d[q] + 1
            out["LZW data"] += q + 1 - p
            p = q + 1
            images += 1
        else:
            raise ValueError(f"unexpected byte {d[p]} at {p}")
    out["trailer"] = 1
    return out, images, len(d)


def main():
    folder, count = sys.argv[1], int(sys.argv[2])
    shown = screens(load(folder, count))
    n = len(shown)
    fixed = 13 + 19 + n * (8 + 10) + 1
    options, lzw = [], 0
    for k, screen in enumerate(shown):
        bases = [None] if k == 0 else [shown[k - 1]] + ([shown[k - 2]] if k >= 2 else [])
        opts, best = [], None
        for base in bases:
            drawn, entries, a, b = image_needs(screen, base)
            opts.append((drawn, 3 * pow2(entries)))
            mcs = max(2, math.ceil(math.log2(max(2, len(drawn)))))
            if base is None:
                codes = math.ceil((math.sqrt(8 * len(a) + 1) - 1) / 2)
            else:
                codes = greedy_phrases(a, b)
            size = data_bytes(max(codes, len(drawn)), mcs)
            best = size if best is None else min(best, size)
        options.append(opts)
        lzw += best
    (tables, size, optimal), all_sizes = table_bound(options, float(os.environ.get("BOUND_TIME_LIMIT", "120")))
    total = fixed + tables + lzw
    print(f"screens (images): {n}")
    print(f"fixed blocks >= {fixed} B")
    print("colour tables >= %d B (global table of %d entries%s); by global table size: %s" % (
        tables, size, "" if optimal else ", HiGHS bound", ", ".join(f"{s}: {t}{'' if o else '*'}" for t, s, o in sorted(all_sizes, key=lambda x: -x[1]))))
    print(f"LZW data >= {lzw} B")
    print(f"total >= {total} B = {total / 1024:.1f} KiB")
    for path in sys.argv[3:]:
        parts, images, size = breakdown(path)
        print(f"{path}: {size} B = {size / 1024:.1f} KiB, {images} images: " + ", ".join(f"{k} {v}" for k, v in parts.items()))


main()
