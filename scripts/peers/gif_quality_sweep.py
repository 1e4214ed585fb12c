#!/usr/bin/env python3
"""animrender's GIF at several --gif-quality values on the same frames: size and mean PSNR (as
gif_bench.py measures them), to see how wide the band of qualities meeting issue 8's goal is.

    python3 scripts/peers/gif_quality_sweep.py FRAME_DIR COUNT FPS WORK_DIR Q [Q ...]

FRAME_DIR holds frame_00000.png … (animrender SCENE --png-dir DIR --frames 0..N-1); AnimBench must
be built (scripts/bench-gif.sh builds it). Prints one line per quality.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gif_bench import decode_gif, load_frames, psnr, run_ours  # noqa: E402


def main():
    folder, count, fps, work = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
    frames = load_frames(folder, count)
    for q in map(int, sys.argv[5:]):
        out = os.path.join(work, f"sweep-q{q}.gif")
        seconds = run_ours(folder, count, fps, out, q)
        decoded, _ = decode_gif(out, count, fps)
        p = np.mean([psnr(a, b) for a, b in zip(frames, decoded)])
        print(f"quality {q}: {os.path.getsize(out) / 1024:.1f} KiB, {p:.2f} dB, {seconds:.2f} s", flush=True)


if __name__ == "__main__":
    main()
